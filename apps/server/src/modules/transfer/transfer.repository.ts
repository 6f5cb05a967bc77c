import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { DB } from '#server/platform/db/schema.ts';
import { inCompany, unscoped } from '#server/platform/db/scope.ts';

// A request is both companies' (the one the person leaves owns the row, the one they go to reads
// it): the statements on it go by the reviewer's scope on either side, which the service decides.

/** What a reviewer answers for, as SQL over `t`, `fc` (from company) and `tc` (to company). */
export interface ReviewScope {
  /** The companies the caller administers ('all': the super administrator). */
  companies: 'all' | readonly number[];
  /** The groups the caller works for ('all': the super administrator). */
  groups: 'all' | readonly number[];
}

type Eb = ExpressionBuilder<
  DB & { t: DB['person_transfers']; fc: DB['companies']; tc: DB['companies'] },
  't' | 'fc' | 'tc'
>;

const inList = (
  eb: Eb,
  ref: 't.company_id' | 't.to_company_id' | 'fc.group_id' | 'tc.group_id',
  ids: readonly number[],
) => (ids.length > 0 ? eb(ref, 'in', ids) : sql<SqlBool>`1 = 0`);

/**
 * Whether the caller answers for a side of a request of `kind`: a company's administrators for a
 * move within a group (1); a group's staff for a move between groups (2), a company's when it is in
 * no group.
 */
export function sideCondition(
  eb: Eb,
  kind: number,
  side: 'from' | 'to',
  scope: ReviewScope,
): Expression<SqlBool> {
  const company = side === 'from' ? 't.company_id' : 't.to_company_id';
  const group = side === 'from' ? 'fc.group_id' : 'tc.group_id';
  const ofCompany = scope.companies === 'all' ? sql<SqlBool>`1 = 1` : inList(eb, company, scope.companies);
  if (kind === 1) return ofCompany;
  const ofGroup = scope.groups === 'all' ? sql<SqlBool>`1 = 1` : inList(eb, group, scope.groups);
  return eb.or([ofGroup, eb.and([eb(group, 'is', null), ofCompany])]);
}

function requests(db: Database) {
  return unscoped(db, 'a transfer request is the company left’s and the one joined’s')
    .selectFrom('person_transfers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('companies as fc', 'fc.id', 't.company_id')
    .innerJoin('companies as tc', 'tc.id', 't.to_company_id')
    .leftJoin('company_groups as fg', 'fg.id', 'fc.group_id')
    .leftJoin('company_groups as tg', 'tg.id', 'tc.group_id');
}

const COLUMNS = [
  't.id',
  't.kind',
  't.user_id',
  'u.username',
  'u.real_name',
  'u.mobile',
  't.company_id as from_company_id',
  'fc.company_name as from_company',
  'fc.group_id as from_group_id',
  'fg.name as from_group',
  't.to_company_id',
  'tc.company_name as to_company',
  'tc.group_id as to_group_id',
  'tg.name as to_group',
  't.reason',
  't.from_state',
  't.to_state',
  't.status',
  't.note',
  't.created_at',
  't.decided_at',
] as const;

export type TransferRow = Awaited<ReturnType<typeof transferRepository.mine>>[number];

export interface ReviewFilter {
  kind: number;
  awaiting: boolean;
  keyword?: string | undefined;
}

export const transferRepository = {
  /** The person's requests, newest first. */
  mine: (db: Database, userId: number, kind: number | undefined, limit: number) => {
    let q = requests(db).select(COLUMNS).where('t.user_id', '=', userId);
    if (kind !== undefined) q = q.where('t.kind', '=', kind);
    return q.orderBy('t.id', 'desc').limit(limit).execute();
  },

  byId: (db: Database, id: number) => requests(db).select(COLUMNS).where('t.id', '=', id).executeTakeFirst(),

  /** The request, locked for its decision (PostgreSQL; SQLite's writer holds the whole database). */
  async lock(trx: Database, id: number) {
    let q = unscoped(trx, 'a transfer request is the company left’s and the one joined’s')
      .selectFrom('person_transfers')
      .select('id')
      .where('id', '=', id);
    if (dialectOf(trx) === 'pg') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** The requests a reviewer answers for on either side (`sideCondition`), newest first. */
  review(db: Database, scope: ReviewScope, f: ReviewFilter, p: PageParams) {
    let q = requests(db).where('t.kind', '=', f.kind);
    q = q.where((eb) => {
      const from = sideCondition(eb as unknown as Eb, f.kind, 'from', scope);
      const to = sideCondition(eb as unknown as Eb, f.kind, 'to', scope);
      if (!f.awaiting) return eb.or([from, to]);
      return eb.and([
        eb('t.status', '=', 0),
        eb.or([eb.and([from, eb('t.from_state', '=', 0)]), eb.and([to, eb('t.to_state', '=', 0)])]),
      ]);
    });
    if (f.keyword)
      q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username', 'u.mobile'], f.keyword ?? ''));
    return pageAndCount(q, p, (q) => q.select(COLUMNS).orderBy('t.id', 'desc'));
  },

  /** The requests of `kind` waiting for an answer on the company's side (leaving it or joining it). */
  async pendingFor(db: Database, companyId: number, kind: number) {
    const row = await unscoped(db, 'a transfer request is the company left’s and the one joined’s')
      .selectFrom('person_transfers')
      .where('status', '=', 0)
      .where('kind', '=', kind)
      .where((eb) =>
        eb.or([
          eb.and([eb('company_id', '=', companyId), eb('from_state', '=', 0)]),
          eb.and([eb('to_company_id', '=', companyId), eb('to_state', '=', 0)]),
        ]),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The person's company, its group and the roles they hold there. */
  async person(db: Database, companyId: number, userId: number) {
    const s = inCompany(db, companyId);
    const user = await s
      .selectFrom('users', 'u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select(['u.id', 'u.role', 'u.real_name', 'u.username', 'c.group_id', 'c.company_name'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const extra = await s
      .selectFrom('user_roles', 'r')
      .select('r.role')
      .where('r.user_id', '=', userId)
      .execute();
    return { ...user, roles: [user.role, ...extra.map((r) => r.role)] };
  },

  company: (db: Database, id: number) =>
    unscoped(db, 'the company a person asks to move to is another company')
      .selectFrom('companies')
      .select(['id', 'company_name', 'group_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst(),

  /** The companies a person may ask to move to: of their group (1) or of another group (2). */
  targets(
    db: Database,
    kind: number,
    own: { companyId: number; groupId: number | null },
    keyword: string | undefined,
  ) {
    let q = unscoped(db, 'the companies a person may ask to move to are other companies')
      .selectFrom('companies as c')
      .leftJoin('company_groups as g', (j) => j.onRef('g.id', '=', 'c.group_id').on('g.del_flag', '=', 0))
      .select(['c.id', 'c.company_name', 'c.group_id', 'g.name as group_name'])
      .where('c.id', '<>', own.companyId)
      .where('c.status', '=', 1);
    if (kind === 1)
      q = own.groupId === null ? q.where('c.group_id', 'is', null) : q.where('c.group_id', '=', own.groupId);
    else {
      q = q.where('c.group_id', 'is not', null).where('g.id', 'is not', null);
      if (own.groupId !== null) q = q.where('c.group_id', '<>', own.groupId);
    }
    if (keyword) q = q.where((eb) => containsLike(eb, ['c.company_name'], keyword));
    return q.orderBy('g.name').orderBy('c.company_name').limit(100).execute();
  },

  insert: (
    trx: Database,
    companyId: number,
    values: { user_id: number; kind: number; to_company_id: number; reason: string },
    now: string,
  ) =>
    inCompany(trx, companyId)
      .insertInto('person_transfers', {
        ...values,
        from_state: 0,
        to_state: 0,
        status: 0,
        note: '',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** Sets a waiting request's fields; answers whether it was still waiting. */
  async update(
    trx: Database,
    id: number,
    values: Partial<
      Pick<
        DB['person_transfers'],
        'from_state' | 'to_state' | 'from_reviewer' | 'to_reviewer' | 'status' | 'note' | 'decided_at'
      >
    >,
  ) {
    const r = await unscoped(trx, 'a transfer request is the company left’s and the one joined’s')
      .updateTable('person_transfers')
      .set(values as never)
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * Moves the person (docs/adr/0038 "Moving to another company"): their account goes to the new
   * company without a department or position; the roles and assistant grants the old company gave
   * beyond their role stay behind; their sessions end. Answers whether they were still there.
   */
  async movePerson(trx: Database, fromCompanyId: number, toCompanyId: number, userId: number, now: string) {
    const s = inCompany(trx, fromCompanyId);
    const r = await s
      .updateTable('users')
      .set({ company_id: toCompanyId, department_id: null, position_id: null, updated_at: now })
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await s.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    const grants = await s
      .deleteFrom('assistant_grants')
      .where((eb) => eb.or([eb('assistant_user_id', '=', userId), eb('principal_user_id', '=', userId)]))
      .executeTakeFirst();
    await unscoped(trx, 'a moved person’s sessions are their own, whatever the company')
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .execute();
    return { grantsRemoved: Number(grants.numDeletedRows) > 0 };
  },

  /**
   * Who hears of a request waiting on a side: the company's administrators for a move within a
   * group (the group's staff when the company has none), the group's staff for a move between
   * groups (the company's administrators when it is in no group).
   */
  async reviewersOf(db: Database, kind: number, companyId: number, groupId: number | null) {
    const admins = () =>
      inCompany(db, companyId)
        .selectFrom('users', 'u')
        .select(['u.id as user_id', 'u.company_id'])
        .where('u.role', 'in', [3, 7])
        .where('u.status', '=', 1)
        .execute();
    const staff = (group: number) =>
      unscoped(db, 'a group’s staff belong to the companies of their own users')
        .selectFrom('group_staff as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.id as user_id', 'u.company_id'])
        .where('s.group_id', '=', group)
        .where('u.status', '=', 1)
        .execute();
    if (groupId === null) return admins();
    if (kind === 2) return staff(groupId);
    const found = await admins();
    return found.length > 0 ? found : staff(groupId);
  },
};
