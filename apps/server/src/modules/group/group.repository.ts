import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inShared } from '#server/platform/db/scope.ts';

/** The companies of some groups with their type's name, optionally narrowed by a keyword. */
function companiesOf(db: Database, groupIds: readonly number[], keyword: string | undefined) {
  let q = db
    .selectFrom('companies')
    .leftJoin('company_types', 'company_types.id', 'companies.company_type_id')
    .where('companies.group_id', 'in', groupIds);
  if (keyword) q = q.where((eb) => containsLike(eb, ['companies.company_name', 'companies.code'], keyword));
  return q;
}

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
      .select(['id', 'name', 'comment', 'is_public', 'is_default', 'created_at']);
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
      .select([
        'companies.id',
        'companies.group_id',
        'companies.code',
        'companies.company_name',
        'company_types.name as company_type',
        'companies.status',
        'companies.created_at',
      ])
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

  /** The company types, in their order. */
  companyTypes: (db: Database) =>
    db
      .selectFrom('company_types')
      .select(['id', 'name', 'description'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
};
