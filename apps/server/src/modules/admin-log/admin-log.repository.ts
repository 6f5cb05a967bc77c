import { COMPANY_CHANGE_STATUS, MEMBER_ROLE } from '@portal/contract';
import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { zoneDayOf, type zoneDays } from '#server/platform/db/zone-days.ts';

/** A login list's filters, the days as stored-time bounds (`from` inclusive, `until` exclusive). */
export interface LoginFilter {
  keyword?: string | undefined;
  user_id?: number | undefined;
  success?: number | undefined;
  from?: string | undefined;
  until?: string | undefined;
}

export interface OperationFilter {
  keyword?: string | undefined;
  user_id?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  from?: string | undefined;
  until?: string | undefined;
}

const count = sql<number | string>`count(*)`;

/** Days of the company's zone: each with when it begins, and the range's bounds (`zoneDays`). */
type Days = ReturnType<typeof zoneDays>;

function loginQuery(db: Database, companyId: number, f: LoginFilter) {
  let q = inCompany(db, companyId).selectFrom('login_logs', 'l').leftJoin('users as u', 'u.id', 'l.user_id');
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => containsLike(eb, ['l.username', 'u.real_name'], keyword));
  }
  if (f.user_id !== undefined) q = q.where('l.user_id', '=', f.user_id);
  if (f.success !== undefined) q = q.where('l.success', '=', f.success);
  if (f.from) q = q.where('l.created_at', '>=', f.from);
  if (f.until) q = q.where('l.created_at', '<', f.until);
  return q;
}

const loginColumns = [
  'l.id',
  'l.user_id',
  'l.username',
  'l.ip',
  'l.user_agent',
  'l.success',
  'l.reason',
  'l.created_at',
  'u.real_name',
  'u.role',
] as const;

/** SQL of the administration's logs and statistics (modules/admin-log): each read in one company. */
export const adminLogRepository = {
  loginPage: (db: Database, companyId: number, f: LoginFilter, p: PageParams) =>
    pageAndCount(loginQuery(db, companyId, f), p, (q) => q.select(loginColumns).orderBy('l.id', 'desc')),

  loginRows: (db: Database, companyId: number, f: LoginFilter, offset: number, limit: number) =>
    loginQuery(db, companyId, f)
      .select(loginColumns)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),

  /** The people with a live session (`now` before its end): one row each, the latest login first. */
  async onlinePage(db: Database, companyId: number, now: string, keyword: string | undefined, p: PageParams) {
    let q = inCompany(db, companyId)
      .selectFrom('users', 'u')
      .innerJoin('sessions as s', 's.user_id', 'u.id')
      .where('s.expires_at', '>', now);
    if (keyword) q = q.where((eb) => containsLike(eb, ['u.username', 'u.real_name'], keyword));
    const [results, total] = await Promise.all([
      q
        .leftJoin('departments as d', 'd.id', 'u.department_id')
        .select([
          'u.id',
          'u.username',
          'u.real_name',
          'u.role',
          'd.name as department_name',
          sql<number | string>`count(s.id)`.as('sessions'),
          sql<string>`max(s.created_at)`.as('login_time'),
        ])
        .groupBy(['u.id', 'u.username', 'u.real_name', 'u.role', 'd.name'])
        .orderBy(sql`max(s.created_at)`, 'desc')
        .orderBy('u.id')
        .limit(p.pageSize)
        .offset(p.offset)
        .execute(),
      q.select(sql<number | string>`count(distinct u.id)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { results, count: Number(total.n) };
  },

  /** The live sessions of some users (the latest one's address and browser, the role it acts in). */
  liveSessions: (db: Database, companyId: number, now: string, userIds: readonly number[]) =>
    userIds.length === 0
      ? Promise.resolve([])
      : inCompany(db, companyId)
          .selectFrom('users', 'u')
          .innerJoin('sessions as s', 's.user_id', 'u.id')
          .where('u.id', 'in', [...userIds])
          .where('s.expires_at', '>', now)
          .select(['s.user_id', 's.role', 's.ip', 's.user_agent', 's.created_at'])
          .orderBy('s.created_at', 'desc')
          .execute(),

  /** How many people have a live session. */
  async onlineCount(db: Database, companyId: number, now: string) {
    const row = await inCompany(db, companyId)
      .selectFrom('users', 'u')
      .innerJoin('sessions as s', 's.user_id', 'u.id')
      .where('s.expires_at', '>', now)
      .select(sql<number | string>`count(distinct u.id)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The company's people (not the shop's members) by role, by state and by department. */
  async peopleCounts(db: Database, companyId: number) {
    const people = inCompany(db, companyId).selectFrom('users', 'u').where('u.role', '<>', MEMBER_ROLE);
    const [byRole, byStatus, byDepartment] = await Promise.all([
      people
        .select(['u.role as key', count.as('n')])
        .groupBy('u.role')
        .orderBy('u.role')
        .execute(),
      people
        .select(['u.status as key', count.as('n')])
        .groupBy('u.status')
        .orderBy('u.status')
        .execute(),
      people
        .leftJoin('departments as d', 'd.id', 'u.department_id')
        .select([sql<number | null>`d.id`.as('key'), sql<string | null>`d.name`.as('name'), count.as('n')])
        .groupBy(['d.id', 'd.name'])
        .orderBy(sql`d.id`)
        .execute(),
    ]);
    return { byRole, byStatus, byDepartment };
  },

  /** Per day of the range: successful and refused logins, and distinct people logged in. */
  loginsByDay: (db: Database, companyId: number, range: Days) =>
    inCompany(db, companyId)
      .selectFrom('login_logs', 'l')
      .where('l.created_at', '>=', range.from)
      .where('l.created_at', '<', range.until)
      .select([
        zoneDayOf('l.created_at', range.days).as('day'),
        sql<number | string>`sum(case when l.success = 1 then 1 else 0 end)`.as('logins'),
        sql<number | string>`sum(case when l.success = 1 then 0 else 1 end)`.as('failures'),
        sql<number | string>`count(distinct case when l.success = 1 then l.user_id else null end)`.as(
          'active_users',
        ),
      ])
      .groupBy(sql`1`)
      .execute(),

  /** People added per day of the range. */
  newPeopleByDay: (db: Database, companyId: number, range: Days) =>
    inCompany(db, companyId)
      .selectFrom('users', 'u')
      .where('u.role', '<>', MEMBER_ROLE)
      .where('u.created_at', '>=', range.from)
      .where('u.created_at', '<', range.until)
      .select([zoneDayOf('u.created_at', range.days).as('day'), count.as('n')])
      .groupBy(sql`1`)
      .execute(),

  /** Successful logins since `from`. */
  async loginsSince(db: Database, companyId: number, from: string) {
    const row = await inCompany(db, companyId)
      .selectFrom('login_logs', 'l')
      .where('l.created_at', '>=', from)
      .where('l.success', '=', 1)
      .select(count.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The company's identity change requests waiting for the platform's review. */
  async pendingCompanyChanges(db: Database, companyId: number) {
    const row = await inCompany(db, companyId)
      .selectFrom('company_change_requests', 'r')
      .where('r.status', '=', COMPANY_CHANGE_STATUS.PENDING)
      .select(count.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  operationPage(db: Database, companyId: number, f: OperationFilter, p: PageParams) {
    let q = inCompany(db, companyId)
      .selectFrom('audit_logs', 'a')
      .leftJoin('users as u', 'u.id', 'a.user_id');
    if (f.keyword) {
      const keyword = f.keyword;
      q = q.where((eb) => containsLike(eb, ['u.username', 'u.real_name'], keyword));
    }
    if (f.user_id !== undefined) q = q.where('a.user_id', '=', f.user_id);
    if (f.action) q = q.where('a.action', '=', f.action);
    if (f.entity) q = q.where('a.entity', '=', f.entity);
    if (f.from) q = q.where('a.created_at', '>=', f.from);
    if (f.until) q = q.where('a.created_at', '<', f.until);
    return pageAndCount(q, p, (q) =>
      q
        .select([
          'a.id',
          'a.user_id',
          'a.action',
          'a.entity',
          'a.entity_id',
          'a.before_json',
          'a.after_json',
          'a.ip',
          'a.created_at',
          'u.username',
          'u.real_name',
        ])
        .orderBy('a.id', 'desc'),
    );
  },
};
