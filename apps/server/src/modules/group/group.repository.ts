import { GROUP_STAFF_ROLES } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { acrossCompanies, inShared } from '#server/platform/db/scope.ts';

export interface GroupValues {
  name: string;
  comment: string;
  is_public: number;
  is_default: number;
}

/** The companies of some groups with their type's name, optionally narrowed by a keyword. */
function companiesOf(db: Database, groupIds: readonly number[], keyword: string | undefined) {
  let q = db
    .selectFrom('companies')
    .leftJoin('company_types', 'company_types.id', 'companies.company_type_id')
    .where('companies.group_id', 'in', groupIds);
  if (keyword) q = q.where((eb) => containsLike(eb, ['companies.company_name', 'companies.code'], keyword));
  return q;
}

/** A company's columns as the group's lists show it (groupCompanyShape), over `companiesOf`' joins. */
const COMPANY_COLUMNS = [
  'companies.id',
  'companies.group_id',
  'companies.code',
  'companies.company_name',
  'company_types.name as company_type',
  'companies.status',
  'companies.created_at',
  'companies.updated_at',
] as const;

/** Groups of companies (集群), their companies and the company types (docs/adr/0038). */
export const groupRepository = {
  /** The live default group (at most one: a partial unique index). */
  defaultGroup: (db: Database) =>
    inShared(db)
      .selectFrom('company_groups')
      .select(['id', 'name'])
      .where('is_default', '=', 1)
      .executeTakeFirst(),

  /** Live groups among `ids`, or every live group (`'all'`), by id. */
  groups: (db: Database, ids: 'all' | readonly number[]) => {
    let q = inShared(db)
      .selectFrom('company_groups')
      .select(['id', 'name', 'comment', 'is_public', 'is_default', 'created_at', 'updated_at']);
    if (ids !== 'all') q = q.where('id', 'in', ids.length > 0 ? ids : [0]);
    return q.orderBy('id').execute();
  },

  /** A live group by id. */
  groupExists: async (db: Database, id: number) =>
    (await inShared(db).selectFrom('company_groups').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined,

  /** The active companies of a group, by name (what registration offers). */
  activeCompanyNames: (db: Database, groupId: number) =>
    db
      .selectFrom('companies')
      .select(['id', 'company_name as name'])
      .where('group_id', '=', groupId)
      .where('status', '=', 1)
      .orderBy('id')
      .execute(),

  /** A page of the companies of some groups (every state), newest first. */
  companyPage: (
    db: Database,
    groupIds: readonly number[],
    keyword: string | undefined,
    limit: number,
    offset: number,
  ) =>
    companiesOf(db, groupIds, keyword)
      .select(COMPANY_COLUMNS)
      .orderBy('companies.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),

  /** How many companies the groups have (with the keyword). */
  companyCount: async (db: Database, groupIds: readonly number[], keyword: string | undefined) =>
    Number(
      (
        await companiesOf(db, groupIds, keyword)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** A page of the live groups (by name or comment), newest first, with their companies' count. */
  groupPage: (db: Database, keyword: string | undefined, limit: number, offset: number, onlyId?: number) => {
    let q = inShared(db)
      .selectFrom('company_groups')
      .select((eb) => [
        'id',
        'name',
        'comment',
        'is_public',
        'is_default',
        'created_at',
        'updated_at',
        eb
          .selectFrom('companies')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('companies.group_id', '=', 'company_groups.id')
          .as('company_count'),
      ]);
    if (keyword)
      q = q.where((eb) => containsLike(eb, ['company_groups.name', 'company_groups.comment'], keyword));
    if (onlyId !== undefined) q = q.where('id', '=', onlyId);
    return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
  },

  /** How many live groups match the keyword. */
  groupCount: async (db: Database, keyword: string | undefined) => {
    let q = inShared(db)
      .selectFrom('company_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (keyword)
      q = q.where((eb) => containsLike(eb, ['company_groups.name', 'company_groups.comment'], keyword));
    return Number((await q.executeTakeFirst())?.n ?? 0);
  },

  /** The staff rows of some groups (their users' names are read by the caller's scope). */
  staffOf: (db: Database, groupIds: readonly number[]) =>
    db
      .selectFrom('group_staff')
      .select(['group_id', 'user_id', 'role'])
      .where('group_id', 'in', groupIds.length > 0 ? groupIds : [0])
      .orderBy('role')
      .orderBy('user_id')
      .execute(),

  /** Whether another live group has this name. */
  nameTaken: async (db: Database, name: string, exceptId = 0) =>
    (await inShared(db)
      .selectFrom('company_groups')
      .select('id')
      .where('name', '=', name)
      .where('id', '<>', exceptId)
      .executeTakeFirst()) !== undefined,

  /** The live group before a change (for the audit). */
  groupRow: (db: Database, id: number) =>
    inShared(db)
      .selectFrom('company_groups')
      .select(['id', 'name', 'comment', 'is_public', 'is_default'])
      .where('id', '=', id)
      .executeTakeFirst(),

  /** No live group but `exceptId` is the default any more (one default at most: a partial unique index). */
  clearDefault: (trx: Database, userId: number, exceptId: number, now: string) =>
    inShared(trx, { userId })
      .updateTable('company_groups')
      .set({ is_default: 0, updated_at: now })
      .where('is_default', '=', 1)
      .where('id', '<>', exceptId)
      .execute(),

  insertGroup: async (trx: Database, userId: number, values: GroupValues, now: string) =>
    (
      await inShared(trx, { userId })
        .insertInto('company_groups', { ...values, del_flag: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  updateGroup: (trx: Database, userId: number, id: number, values: GroupValues & { updated_at: string }) =>
    inShared(trx, { userId })
      .updateTable('company_groups')
      .set(values)
      .where('id', '=', id)
      .executeTakeFirst(),

  /** Soft-deletes the group and lets its staff go. */
  async deleteGroup(trx: Database, userId: number, id: number, now: string) {
    await inShared(trx, { userId })
      .updateTable('company_groups')
      .set({ del_flag: 1, is_default: 0, updated_at: now })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('group_staff').where('group_id', '=', id).execute();
  },

  /** Whether a company has this code (codes are unique across companies). */
  codeTaken: async (db: Database, code: string) =>
    (await db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirst()) !== undefined,

  companyTypeExists: async (db: Database, id: number) =>
    (await db.selectFrom('company_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,

  /** A new company of a group. */
  insertCompany: async (
    trx: Database,
    v: { group_id: number; company_name: string; code: string; company_type_id: number | null },
    now: string,
  ) =>
    (
      await trx
        .insertInto('companies')
        .values({
          ...v,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** One company as the group's lists show it. */
  company: (db: Database, id: number) =>
    db
      .selectFrom('companies')
      .leftJoin('company_types', 'company_types.id', 'companies.company_type_id')
      .select(COMPANY_COLUMNS)
      .where('companies.id', '=', id)
      .executeTakeFirstOrThrow(),

  /** The ids among `ids` that are companies. */
  existingCompanies: async (db: Database, ids: readonly number[]) =>
    (await db.selectFrom('companies').select('id').where('id', 'in', ids).execute()).map((r) => r.id),

  /** Puts companies into a group (from wherever they were). */
  moveCompanies: (trx: Database, ids: readonly number[], groupId: number, now: string) =>
    trx.updateTable('companies').set({ group_id: groupId, updated_at: now }).where('id', 'in', ids).execute(),

  /** Takes companies out of a group (those of `ids` that are in it). */
  releaseCompanies: (trx: Database, ids: readonly number[], groupId: number, now: string) =>
    trx
      .updateTable('companies')
      .set({ group_id: null, updated_at: now })
      .where('id', 'in', ids)
      .where('group_id', '=', groupId)
      .execute(),

  /**
   * The names of groups' staff, users of any company: read through `acrossCompanies` (the super
   * administrator only, recorded with the reason).
   */
  async staffNames(db: Database, caller: Caller, ids: readonly number[]) {
    const across = await acrossCompanies(db, caller, '集群管理：列出各集群的管理员和助理');
    return across
      .selectFrom('users')
      .select(['id', 'real_name', 'username'])
      .where('id', 'in', ids)
      .execute();
  },

  /**
   * Companies not in group `groupId` (by name or code), with the live group each is in now: the
   * picker of 集群管理, at most `limit`.
   */
  companyOptions: (db: Database, groupId: number, keyword: string | undefined, limit: number) => {
    let q = db
      .selectFrom('companies')
      .leftJoin('company_groups', (j) =>
        j.onRef('company_groups.id', '=', 'companies.group_id').on('company_groups.del_flag', '=', 0),
      )
      .select([
        'companies.id',
        'companies.code',
        'companies.company_name',
        'company_groups.name as group_name',
      ])
      .where((eb) => eb.or([eb('companies.group_id', 'is', null), eb('companies.group_id', '<>', groupId)]));
    if (keyword) q = q.where((eb) => containsLike(eb, ['companies.company_name', 'companies.code'], keyword));
    return q.orderBy('companies.id').limit(limit).execute();
  },

  /**
   * Users of any company who may join a group's staff (集群管理员, 集群管理员助理; active), by name or
   * user name, not on this group's staff already: read through `acrossCompanies` (role 1 only).
   */
  async staffOptions(
    db: Database,
    caller: Caller,
    groupId: number,
    keyword: string | undefined,
    limit: number,
  ) {
    const across = await acrossCompanies(db, caller, '集群管理：查找可指定为集群管理员或助理的用户');
    let q = across
      .selectFrom('users', 'u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select(['u.id as user_id', 'u.real_name', 'u.username', 'u.role', 'c.company_name'])
      .where('u.role', 'in', [...GROUP_STAFF_ROLES])
      .where('u.status', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('group_staff as s')
              .select('s.user_id')
              .whereRef('s.user_id', '=', 'u.id')
              .where('s.group_id', '=', groupId),
          ),
        ),
      );
    if (keyword) q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username'], keyword));
    return q.orderBy('u.id').limit(limit).execute();
  },

  /** A user of any company by id, with their role (the super administrator's `acrossCompanies`). */
  async userById(db: Database, caller: Caller, userId: number) {
    const across = await acrossCompanies(db, caller, '集群管理：指定集群管理员或助理');
    return across
      .selectFrom('users')
      .select(['id', 'role', 'status'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },

  /** Puts a user on a group's staff in their role (once). */
  addStaff: (trx: Database, groupId: number, userId: number, role: number, now: string) =>
    trx
      .insertInto('group_staff')
      .values({ group_id: groupId, user_id: userId, role, created_at: now })
      .onConflict((oc) => oc.columns(['group_id', 'user_id', 'role']).doNothing())
      .execute(),

  /** Takes a user off a group's staff (in every role); answers how many rows went. */
  removeStaff: async (trx: Database, groupId: number, userId: number) =>
    Number(
      (
        await trx
          .deleteFrom('group_staff')
          .where('group_id', '=', groupId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      ).numDeletedRows,
    ),

  /** The company types, in their order. */
  companyTypes: (db: Database) =>
    db
      .selectFrom('company_types')
      .select(['id', 'name', 'description'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
};
