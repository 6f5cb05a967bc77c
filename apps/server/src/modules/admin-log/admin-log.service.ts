import {
  ADMIN_LOGIN_EXPORT_COLUMNS,
  type AdminHome,
  type AdminLoginFilter,
  adminLogCalls,
  type CompanyLogin,
  exportJobKind,
  LOGIN_REASONS,
  LOGIN_RESULTS,
  type Online,
  OPERATION_ACTIONS,
  type Operation,
  type Pending,
  RESOURCE_EXPORT_MAX,
  roleName,
  STATISTIC_EXPORT_COLUMNS,
  type StatisticDay,
  TRANSFER_KIND,
  USER_STATUS,
  type UserStatistic,
} from '@portal/contract';
import type { z } from 'zod';
import { pendingTransfers } from '#server/modules/transfer/index.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { companyInScope } from '#server/platform/db/scope.ts';
import { zoneDays } from '#server/platform/db/zone-days.ts';
import type { ListExport } from '#server/platform/resource/list-export.ts';
import { dayIn, dayStartIn, nowIso, wallDate, type ZoneOf } from '#server/platform/time.ts';
import { type LoginFilter, adminLogRepository as repo } from './admin-log.repository.ts';

type OperationInput = z.output<typeof adminLogCalls.operations.input>;
type StatisticInput = z.output<typeof adminLogCalls.userStatistic.input>;
type OnlineInput = z.output<typeof adminLogCalls.online.input>;

/** One kind of request that waits for someone, as the administrator's home counts it. */
interface PendingSource {
  kind: string;
  title: string;
  /** The screen that handles it. */
  path: string;
  count(db: Database, companyId: number): Promise<number>;
}

const PENDING_SOURCES: readonly PendingSource[] = [
  {
    kind: 'company_change',
    title: '单位信息变更申请（待平台审核）',
    path: '/manager/company-identity-change',
    count: repo.pendingCompanyChanges,
  },
  {
    kind: 'person_transfer',
    title: '人员调入调出申请（单位变更）',
    path: '/manager/resultCompanyChange',
    count: (db, companyId) => pendingTransfers(db, companyId, TRANSFER_KIND.COMPANY),
  },
  {
    kind: 'group_transfer',
    title: '人员调入调出申请（集群变更）',
    path: '/manager/resultGroupChange',
    count: (db, companyId) => pendingTransfers(db, companyId, TRANSFER_KIND.GROUP),
  },
];

/** Days as stored-time bounds: from the first day's start (the company's zone) to the day after the last. */
const bounds = (zone: string, from: string | undefined, to: string | undefined) => ({
  from: from ? dayStartIn(zone, from) : undefined,
  until: to ? dayStartIn(zone, to, 1) : undefined,
});

const loginFilterOf = (zone: string, f: AdminLoginFilter): LoginFilter => ({
  keyword: f.keyword,
  user_id: f.user_id,
  success: f.success,
  ...bounds(zone, f.date_from, f.date_to),
});

type LoginRow = Awaited<ReturnType<typeof repo.loginRows>>[number];
const toLogin = (r: LoginRow): CompanyLogin => ({
  id: r.id,
  user_id: r.user_id,
  username: r.username,
  real_name: r.real_name ?? '',
  role: r.role ?? null,
  role_name: r.role === null || r.role === undefined ? '' : roleName(r.role),
  ip: r.ip,
  user_agent: r.user_agent,
  success: r.success,
  reason: r.reason,
  create_time: r.created_at,
});

/**
 * The administration's logs and statistics (issue 34; docs/adr/0038): every read in one company of
 * the caller's scope (`companyInScope`: `company_id`, else the caller's own; outside it 10004).
 */
export function adminLogService(db: Database, zoneOf: ZoneOf) {
  /** The company the call reads, once it is known to be in the caller's scope. */
  async function companyOf(caller: Caller, companyId: number | undefined) {
    await companyInScope(db, caller, companyId);
    return companyId ?? caller.companyId;
  }

  async function logins(caller: Caller, f: AdminLoginFilter, p: PageParams) {
    const companyId = await companyOf(caller, f.company_id);
    const page = await repo.loginPage(db, companyId, loginFilterOf(await zoneOf(companyId), f), p);
    return paged({ count: page.count, results: page.results.map(toLogin) }, p);
  }

  /** The export's rows under the list's filters, 500 at a time (never all in memory). */
  async function* loginRows(caller: Caller, f: AdminLoginFilter) {
    const companyId = await companyOf(caller, f.company_id);
    const zone = await zoneOf(companyId);
    const filter = loginFilterOf(zone, f);
    for (let offset = 0; offset < RESOURCE_EXPORT_MAX; offset += 500) {
      const rows = await repo.loginRows(
        db,
        companyId,
        filter,
        offset,
        Math.min(500, RESOURCE_EXPORT_MAX - offset),
      );
      for (const r of rows) {
        const l = toLogin(r);
        yield {
          create_time: wallDate(zone, l.create_time),
          username: l.username,
          real_name: l.real_name,
          role_name: l.role_name,
          result: LOGIN_RESULTS[l.success === 1 ? 1 : 0],
          reason: (LOGIN_REASONS as Record<string, string>)[l.reason] ?? l.reason,
          ip: l.ip,
          user_agent: l.user_agent,
        };
      }
      if (rows.length < 500) return;
    }
  }

  async function online(caller: Caller, input: OnlineInput, p: PageParams) {
    const companyId = await companyOf(caller, input.company_id);
    const now = nowIso();
    const page = await repo.onlinePage(db, companyId, now, input.keyword, p);
    const sessions = await repo.liveSessions(
      db,
      companyId,
      now,
      page.results.map((r) => r.id),
    );
    const results = page.results.map((r): Online => {
      const latest = sessions.find((s) => s.user_id === r.id);
      const role = latest?.role ?? r.role;
      return {
        user_id: r.id,
        username: r.username,
        real_name: r.real_name,
        role,
        role_name: roleName(role),
        department_name: r.department_name ?? '',
        sessions: Number(r.sessions),
        login_time: latest?.created_at ?? r.login_time,
        ip: latest?.ip ?? '',
        user_agent: latest?.user_agent ?? '',
      };
    });
    return paged({ count: page.count, results }, p);
  }

  async function userStatistic(caller: Caller, input: StatisticInput): Promise<UserStatistic> {
    const companyId = await companyOf(caller, input.company_id);
    const range = zoneDays(await zoneOf(companyId), input.start_date, input.end_date);
    const [byDay, added, counts] = await Promise.all([
      repo.loginsByDay(db, companyId, range),
      repo.newPeopleByDay(db, companyId, range),
      repo.peopleCounts(db, companyId),
    ]);
    const loginDays = new Map(byDay.map((r) => [r.day, r]));
    const newDays = new Map(added.map((r) => [r.day, Number(r.n)]));
    const days = range.days.map(({ day: date }): StatisticDay => {
      const l = loginDays.get(date);
      return {
        date,
        logins: Number(l?.logins ?? 0),
        failures: Number(l?.failures ?? 0),
        active_users: Number(l?.active_users ?? 0),
        new_users: newDays.get(date) ?? 0,
      };
    });
    const byRole = counts.byRole.map((r) => ({ key: r.key, name: roleName(r.key), count: Number(r.n) }));
    return {
      results: days.map((d, i) => ({ x: Date.parse(range.days[i]?.start ?? ''), y: d.logins })),
      days,
      people: {
        total: byRole.reduce((sum, r) => sum + r.count, 0),
        by_role: byRole,
        by_status: counts.byStatus.map((r) => ({
          key: r.key,
          name: USER_STATUS[r.key as keyof typeof USER_STATUS] ?? `状态${r.key}`,
          count: Number(r.n),
        })),
        by_department: counts.byDepartment.map((r) => ({
          key: r.key ?? 0,
          name: r.name ?? '未分配部门',
          count: Number(r.n),
        })),
      },
    };
  }

  async function operations(caller: Caller, f: OperationInput, p: PageParams) {
    const companyId = await companyOf(caller, f.company_id);
    const page = await repo.operationPage(
      db,
      companyId,
      {
        keyword: f.keyword,
        user_id: f.user_id,
        action: f.action,
        entity: f.entity,
        ...bounds(await zoneOf(companyId), f.date_from, f.date_to),
      },
      p,
    );
    const results = page.results.map(
      (r): Operation => ({
        id: r.id,
        user_id: r.user_id,
        username: r.username ?? '',
        real_name: r.real_name ?? '',
        action: r.action,
        action_name: OPERATION_ACTIONS[r.action as keyof typeof OPERATION_ACTIONS] ?? r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        before: r.before_json ?? '',
        after: r.after_json ?? '',
        ip: r.ip,
        create_time: r.created_at,
      }),
    );
    return paged({ count: page.count, results }, p);
  }

  async function home(caller: Caller, input: { company_id?: number | undefined }): Promise<AdminHome> {
    const companyId = await companyOf(caller, input.company_id);
    const now = nowIso();
    const [counts, loginsToday, onlineCount, pending] = await Promise.all([
      repo.peopleCounts(db, companyId),
      zoneOf(companyId).then((zone) => repo.loginsSince(db, companyId, dayStartIn(zone, dayIn(zone)))),
      repo.onlineCount(db, companyId, now),
      Promise.all(
        PENDING_SOURCES.map(
          async (s): Promise<Pending> => ({
            kind: s.kind,
            title: s.title,
            path: s.path,
            count: await s.count(db, companyId),
          }),
        ),
      ),
    ]);
    const people = counts.byRole.reduce((sum, r) => sum + Number(r.n), 0);
    const active = Number(counts.byStatus.find((r) => r.key === 1)?.n ?? 0);
    return {
      company_id: companyId,
      people,
      active_people: active,
      logins_today: loginsToday,
      online: onlineCount,
      pending,
    };
  }

  return { logins, loginRows, online, userStatistic, operations, home };
}
export type AdminLogService = ReturnType<typeof adminLogService>;

/**
 * The login records as they export (ADR 0037 "Exports as jobs"): at once up to
 * RESOURCE_EXPORT_DIRECT_MAX rows, else as a job of kind `export:/admin/login/log/export`.
 */
export function loginExport(service: AdminLogService): ListExport<AdminLoginFilter> {
  return {
    kind: exportJobKind(adminLogCalls.export.path),
    label: '登录记录',
    // The login time a date cell on the company's clock (issue 35 item 7).
    columns: Object.entries(ADMIN_LOGIN_EXPORT_COLUMNS).map(([key, label]) => ({
      key,
      label,
      ...(key === 'create_time' ? { kind: 'time' as const } : {}),
    })),
    count: async (caller, f) =>
      (await service.logins(caller, f, { page: 1, pageSize: 5, offset: 0 })).paging.count,
    rows: (caller, f) => service.loginRows(caller, f),
  };
}

/** The statistic as a sheet (one row a day, at most ADMIN_LOG_DAYS_MAX): downloaded at once. */
export function statisticExport(service: AdminLogService): ListExport<StatisticInput> {
  return {
    kind: exportJobKind(adminLogCalls.statisticExport.path),
    label: '使用统计',
    // The day a date cell (issue 35 item 7).
    columns: Object.entries(STATISTIC_EXPORT_COLUMNS).map(([key, label]) => ({
      key,
      label,
      ...(key === 'date' ? { kind: 'day' as const } : {}),
    })),
    count: async (caller, f) => (await service.userStatistic(caller, f)).days.length,
    async *rows(caller, f) {
      for (const d of (await service.userStatistic(caller, f)).days)
        yield { ...d, date: new Date(`${d.date}T00:00:00Z`) };
    },
  };
}
