import { MEMBER_ROLE } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { type CompanyScope, unscoped } from '#server/platform/db/scope.ts';

export interface UserFilter {
  keyword?: string | undefined;
  /** The department and those below it; `null`: people without a department. */
  departmentIds?: readonly number[] | null | undefined;
  position_id?: number | undefined;
  role?: number | undefined;
  /** People holding any of these roles (a screen's fixed roles); none when empty. */
  roles?: readonly number[] | undefined;
  status?: 0 | 1 | undefined;
}

export interface PersonValues {
  real_name: string;
  gender: number;
  mobile: string;
  email: string;
  role: number;
  department_id: number | null;
  position_id: number | null;
}

const COLUMNS = [
  'u.id',
  'u.company_id',
  'u.username',
  'u.real_name',
  'u.gender',
  'u.mobile',
  'u.email',
  'u.role',
  'u.department_id',
  'd.name as department_name',
  'u.position_id',
  'p.name as position_name',
  'u.status',
  'u.must_change_password',
  'u.last_login_at',
  'u.created_at',
  'u.updated_at',
] as const;

/** The company's people (everyone but the shop's members), filtered. */
function people(s: CompanyScope, f: UserFilter) {
  let q = s.selectFrom('users', 'u').where('u.role', '<>', MEMBER_ROLE);
  if (f.keyword)
    q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username', 'u.mobile'], f.keyword ?? ''));
  if (f.departmentIds === null) q = q.where('u.department_id', 'is', null);
  else if (f.departmentIds)
    q = q.where('u.department_id', 'in', f.departmentIds.length > 0 ? f.departmentIds : [0]);
  if (f.position_id !== undefined) q = q.where('u.position_id', '=', f.position_id);
  if (f.role !== undefined) {
    const role = f.role;
    // The role a login starts in, or one held beside it: both from their indexes (an `or` of the
    // two made SQLite read every user of the company).
    q = q.where(
      'u.id',
      'in',
      s
        .selectFrom('users', 'r')
        .select('r.id')
        .where('r.role', '=', role)
        .union(s.selectFrom('user_roles').select('user_id as id').where('role', '=', role)),
    );
  }
  if (f.roles && f.roles.length > 0) {
    const roles = [...f.roles];
    q = q.where(
      'u.id',
      'in',
      s
        .selectFrom('users', 'r')
        .select('r.id')
        .where('r.role', 'in', roles)
        .union(s.selectFrom('user_roles').select('user_id as id').where('role', 'in', roles)),
    );
  }
  if (f.status !== undefined) q = q.where('u.status', '=', f.status);
  return q;
}

/** The people of a company (issue 34, docs/adr/0038): through the company's scope. */
export const usersRepository = {
  /**
   * A page of the people and the count of all the filter matches. The page's ids first (from the
   * indexes alone), then those rows with their department and position: sorting whole rows of a
   * department of 2,000 people cost 5× more (bench/administration.bench.ts).
   */
  page: async (s: CompanyScope, f: UserFilter, p: PageParams) => {
    const { count, results: ids } = await pageAndCount(people(s, f), p, (q) =>
      q.select('u.id').orderBy('u.id', 'desc'),
    );
    const results =
      ids.length === 0
        ? []
        : await s
            .selectFrom('users', 'u')
            .leftJoin('departments as d', 'd.id', 'u.department_id')
            .leftJoin('positions as p', 'p.id', 'u.position_id')
            .select(COLUMNS)
            .where(
              'u.id',
              'in',
              ids.map((r) => r.id),
            )
            .orderBy('u.id', 'desc')
            .execute();
    return { count, results };
  },

  one: (s: CompanyScope, id: number) =>
    people(s, {})
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .leftJoin('positions as p', 'p.id', 'u.position_id')
      .select(COLUMNS)
      .where('u.id', '=', id)
      .executeTakeFirst(),

  /** Active people by name or user name, for a picker. */
  options: (s: CompanyScope, keyword: string | undefined, limit: number) => {
    let q = people(s, { status: 1 })
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .leftJoin('positions as p', 'p.id', 'u.position_id')
      .select([
        'u.id',
        'u.username',
        'u.real_name',
        'u.role',
        'd.name as department_name',
        'p.name as position_name',
      ]);
    if (keyword) q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username'], keyword));
    return q.orderBy('u.real_name').orderBy('u.id').limit(limit).execute();
  },

  /** Where a user name lives: its user's id and company (user names are unique across companies). */
  whereIs: (db: Database, username: string) =>
    unscoped(db, 'a user name names one user across companies (the administrator looks it up)')
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('username', '=', username)
      .where('role', '<>', MEMBER_ROLE)
      .executeTakeFirst(),

  /** Whether a user name, or a mobile number, is some user's already (in any company: both log in). */
  taken: async (db: Database, column: 'username' | 'mobile', value: string, exceptId = 0) =>
    (await unscoped(db, 'user names and mobile numbers are unique across companies (login)')
      .selectFrom('users')
      .select('id')
      .where(column, '=', value)
      .where('id', '<>', exceptId)
      .executeTakeFirst()) !== undefined,

  /** A live department, and a live position with its department. */
  department: (s: CompanyScope, id: number) =>
    s.selectFrom('departments').select(['id', 'parent_id']).where('id', '=', id).executeTakeFirst(),
  position: (s: CompanyScope, id: number) =>
    s.selectFrom('positions').select(['id', 'department_id']).where('id', '=', id).executeTakeFirst(),
  /**
   * Of `values`, those some user holds in `column` (any company), asked IN_LIST values a query (an
   * import's batch).
   */
  takenOf: async (db: Database, column: 'username' | 'mobile', values: readonly string[]) => {
    const found = new Set<string>();
    const all = [...new Set(values.filter((v) => v !== ''))];
    for (let at = 0; at < all.length; at += 100) {
      const rows = await unscoped(db, 'user names and mobile numbers are unique across companies (login)')
        .selectFrom('users')
        .select(column)
        .where(column, 'in', all.slice(at, at + 100))
        .execute();
      for (const r of rows) found.add((r as Record<string, string>)[column] ?? '');
    }
    return found;
  },
  /** The company's live departments and positions with their names (an import finds them by name). */
  named: async (s: CompanyScope) => ({
    departments: await s.selectFrom('departments').select(['id', 'name']).execute(),
    positions: await s.selectFrom('positions').select(['id', 'name', 'department_id']).execute(),
  }),
  /** The company's departments (their tree: a filter takes a department with those below it). */
  departments: (s: CompanyScope) => s.selectFrom('departments').select(['id', 'parent_id']).execute(),

  insert: async (
    s: CompanyScope,
    v: PersonValues & { username: string; password_hash: string },
    now: string,
  ) =>
    (
      await s
        .insertInto('users', {
          ...v,
          avatar_url: '',
          main_bg: '',
          status: 1,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  update: (s: CompanyScope, id: number, v: Partial<PersonValues> & { status?: number }, now: string) =>
    s
      .updateTable('users')
      .set({ ...v, updated_at: now })
      .where('id', '=', id)
      .execute(),

  /** A new password the user must change at the next login. */
  resetPassword: (s: CompanyScope, id: number, passwordHash: string, now: string) =>
    s
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 1, updated_at: now })
      .where('id', '=', id)
      .execute(),

  /** The roles each user holds beside `users.role`, by user id. */
  otherRoles: async (s: CompanyScope, userIds: readonly number[]) => {
    const rows =
      userIds.length === 0
        ? []
        : await s
            .selectFrom('user_roles')
            .select(['user_id', 'role'])
            .where('user_id', 'in', userIds)
            .orderBy('role')
            .execute();
    const out = new Map<number, number[]>();
    for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.role]);
    return out;
  },

  /** The roles a user holds beside `users.role` become `roles`. */
  setOtherRoles: async (s: CompanyScope, userId: number, roles: readonly number[]) => {
    await s.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roles.length > 0)
      await s
        .insertInto(
          'user_roles',
          roles.map((role) => ({ user_id: userId, role })),
        )
        .execute();
  },

  /** Ends every session of a user (stopped, or their password reset). */
  endSessions: (db: Database, userId: number) =>
    db.deleteFrom('sessions').where('user_id', '=', userId).execute(),
};
