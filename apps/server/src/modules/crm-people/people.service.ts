import {
  type CompanyLogin,
  type companyLoginListBody,
  type companyProfileBody,
  type MemberDetail,
  type MemberRow,
  maskMobile,
  RESOURCE_SELECT_MAX,
  roleName,
  SALESPERSON_ROLES,
  STAFF_USER_LOGINS,
  type StaffUser,
} from '@portal/contract';
import type { z } from 'zod';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { dayStartIn, nowIso, type ZoneOf } from '#server/platform/time.ts';
import { toCompany } from '../company/index.ts';
import { peopleRepository as repo } from './people.repository.ts';

type MemberRecord = NonNullable<Awaited<ReturnType<typeof repo.member>>>;

function toMemberRow(r: MemberRecord, totals: { count: number; paid: number } | undefined): MemberRow {
  return {
    id: r.id,
    username: r.username,
    real_name: r.real_name,
    mobile: maskMobile(r.mobile),
    status: r.status,
    referrer_mobile: maskMobile(r.referrer_mobile),
    order_count: totals?.count ?? 0,
    paid_amount: totals?.paid ?? 0,
    last_login_time: r.last_login_at ?? '',
    create_time: r.created_at,
  };
}

type LoginRecord = Awaited<ReturnType<typeof repo.loginPage>>['results'][number];
const toLogin = (r: LoginRecord): CompanyLogin => ({
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
 * The company's people (issue 12, ADR 0020): members (read, stop and restart), its own profile,
 * its login records and one user. `forgetSessions` drops a user's sessions from this process's
 * cache; other processes stop answering them within the cache's time (ADR 0005), and the session
 * rows are deleted at once.
 */
export function peopleService(db: Database, deps: { forgetSessions(userId: number): void; zoneOf: ZoneOf }) {
  async function memberOrThrow(conn: Database, companyId: number, id: number) {
    const row = await repo.member(conn, companyId, id);
    if (!row) throw new AppError('MEMBER_NOT_FOUND');
    return row;
  }

  return {
    async members(caller: Caller, f: { keyword?: string; status?: 0 | 1 }, p: PageParams) {
      const { count, results: rows } = await repo.memberPage(db, caller.companyId, f, p);
      const totals = await repo.orderTotals(
        db,
        caller.companyId,
        rows.map((r) => r.id),
      );
      return paged({ count, results: rows.map((r) => toMemberRow(r, totals.get(r.id))) }, p);
    },

    /** One member with the full number, their latest orders, the coupons they hold and their referrer. */
    async member(caller: Caller, id: number): Promise<MemberDetail> {
      const row = await memberOrThrow(db, caller.companyId, id);
      const [totals, orders, coupons, referrer, referred] = await Promise.all([
        repo.orderTotals(db, caller.companyId, [id]),
        repo.recentOrders(db, caller.companyId, id),
        repo.coupons(db, caller.companyId, id),
        row.referrer_mobile ? repo.memberByMobile(db, caller.companyId, row.referrer_mobile) : undefined,
        row.mobile ? repo.referredCount(db, caller.companyId, row.mobile) : 0,
      ]);
      return {
        ...toMemberRow(row, totals.get(id)),
        mobile: row.mobile,
        referrer_mobile: row.referrer_mobile,
        email: row.email,
        referrer: referrer ? { id: referrer.id, real_name: referrer.real_name } : null,
        referred_count: referred,
        orders: orders.map((o) => ({
          id: o.id,
          order_no: o.order_no,
          status: o.status,
          pay_amount: o.pay_amount,
          goods_count: o.goods_count,
          create_time: o.created_at,
        })),
        coupons: coupons.map((c) => ({
          id: c.id,
          name: c.name,
          amount: c.amount,
          min_amount: c.min_amount,
          status: c.status,
          end_time: c.end_time,
          claimed_at: c.claimed_at,
          used_at: c.used_at ?? '',
        })),
      };
    },

    /** Stops (0) or restarts (1) a member; stopping ends their sessions. Audited. */
    async setMemberStatus(caller: Caller, id: number, status: 0 | 1) {
      const after = await db.transaction().execute(async (trx) => {
        const before = await memberOrThrow(trx, caller.companyId, id);
        if (before.status === status) return before;
        const now = nowIso();
        await repo.setUserStatus(trx, caller.companyId, id, status, now);
        if (status === 0) await repo.endSessions(trx, id);
        await audit(trx, caller, {
          action: 'update',
          entity: 'members',
          entityId: id,
          before: { status: before.status },
          after: { status },
        });
        return { ...before, status, updated_at: now };
      });
      if (status === 0) deps.forgetSessions(id);
      const totals = await repo.orderTotals(db, caller.companyId, [id]);
      return toMemberRow(after, totals.get(id));
    },

    async company(caller: Caller) {
      const row = await repo.company(db, caller.companyId);
      if (!row) throw new AppError('NOT_FOUND', '单位不存在');
      return toCompany(row);
    },

    /**
     * Saves the caller's company contacts, address and logos; audited with before/after. Its
     * identity (names, login path, ICP record) changes through a change request (ADR 0029).
     */
    async updateCompany(caller: Caller, input: z.output<typeof companyProfileBody>) {
      const set = {
        mobile: input.mobile ?? '',
        phone: input.phone ?? '',
        address: input.address ?? '',
        email: input.email ?? '',
        logo_main: input.logo_main ?? '',
        logo_centre: input.logo_centre ?? '',
        logo_mobile: input.logo_mobile ?? '',
      };
      const row = await db.transaction().execute(async (trx) => {
        const before = await repo.company(trx, caller.companyId);
        if (!before) throw new AppError('NOT_FOUND', '单位不存在');
        const after = await repo.updateCompany(trx, caller.companyId, { ...set, updated_at: nowIso() });
        await audit(trx, caller, {
          action: 'update',
          entity: 'companies',
          entityId: caller.companyId,
          before,
          after,
        });
        return after;
      });
      return toCompany(row);
    },

    async logins(caller: Caller, f: z.output<typeof companyLoginListBody>, p: PageParams) {
      const zone = await deps.zoneOf(caller.companyId);
      const { count, results } = await repo.loginPage(
        db,
        caller.companyId,
        {
          ...f,
          from: f.date_from ? dayStartIn(zone, f.date_from) : undefined,
          until: f.date_to ? dayStartIn(zone, f.date_to, 1) : undefined,
        },
        p,
      );
      return paged({ count, results: results.map(toLogin) }, p);
    },

    /** One user of the company with their latest login records. */
    async user(caller: Caller, id: number): Promise<StaffUser> {
      const row = await repo.user(db, caller.companyId, id);
      if (!row) throw new AppError('NOT_FOUND', '用户不存在');
      const logins = await repo.loginPage(
        db,
        caller.companyId,
        { user_id: id },
        {
          page: 1,
          pageSize: STAFF_USER_LOGINS,
          offset: 0,
        },
      );
      return {
        id: row.id,
        username: row.username,
        real_name: row.real_name,
        role: row.role,
        role_name: roleName(row.role),
        group_name: row.group_name ?? '',
        position_name: row.position_name ?? '',
        mobile: row.mobile,
        email: row.email,
        status: row.status,
        last_login_time: row.last_login_at ?? '',
        create_time: row.created_at,
        logins: logins.results.map(toLogin),
      };
    },

    async salespeople(caller: Caller, keyword: string | undefined) {
      const rows = await repo.salespeople(
        db,
        caller.companyId,
        SALESPERSON_ROLES,
        keyword,
        RESOURCE_SELECT_MAX,
      );
      return { results: rows.map((r) => ({ id: r.id, label: r.real_name || r.username })) };
    },
  };
}
export type PeopleService = ReturnType<typeof peopleService>;
