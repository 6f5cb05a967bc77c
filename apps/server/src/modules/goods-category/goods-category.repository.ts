import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import type { GoodsCategoryTable } from '#server/platform/db/schema.ts';

export type CategoryRow = Omit<
  Selectable<GoodsCategoryTable>,
  'company_id' | 'del_flag' | 'created_by' | 'updated_by'
>;

const COLUMNS = [
  'c.id',
  'c.parent_id',
  'c.path',
  'c.level',
  'c.name',
  'c.sort',
  'c.icon',
  'c.status',
  'c.created_at',
  'c.updated_at',
] as const;

/** The only code that knows the goods_categories table. Every query is scoped to one company. */
export const categoryRepository = {
  all: (db: Database, companyId: number): Promise<CategoryRow[]> =>
    db
      .selectFrom('goods_categories as c')
      .select(COLUMNS)
      .where('c.company_id', '=', companyId)
      .where('c.del_flag', '=', 0)
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute(),

  findById: (db: Database, companyId: number, id: number): Promise<CategoryRow | undefined> =>
    db
      .selectFrom('goods_categories as c')
      .select(COLUMNS)
      .where('c.company_id', '=', companyId)
      .where('c.id', '=', id)
      .where('c.del_flag', '=', 0)
      .executeTakeFirst(),

  findByIds: (db: Database, companyId: number, ids: number[]): Promise<CategoryRow[]> =>
    db
      .selectFrom('goods_categories as c')
      .select(COLUMNS)
      .where('c.company_id', '=', companyId)
      .where('c.id', 'in', ids)
      .where('c.del_flag', '=', 0)
      .execute(),

  async siblingNameTaken(
    db: Database,
    companyId: number,
    parentId: number | null,
    name: string,
    exceptId?: number,
  ) {
    let q = db
      .selectFrom('goods_categories')
      .select('id')
      .where('company_id', '=', companyId)
      .where('del_flag', '=', 0)
      .where('name', '=', name);
    q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  async deepestLevelUnder(db: Database, companyId: number, path: string) {
    const row = await db
      .selectFrom('goods_categories')
      .select((eb) => eb.fn.max('level').as('level'))
      .where('company_id', '=', companyId)
      .where('del_flag', '=', 0)
      .where('path', 'like', `${path}%`)
      .executeTakeFirst();
    return Number(row?.level ?? 0);
  },

  async childrenOf(db: Database, companyId: number, ids: number[]) {
    return db
      .selectFrom('goods_categories')
      .select(['id', 'parent_id'])
      .where('company_id', '=', companyId)
      .where('del_flag', '=', 0)
      .where('parent_id', 'in', ids)
      .execute();
  },

  /** Goods per category, for the given categories or (no ids) for all of the company's. */
  async goodsCounts(db: Database, companyId: number, ids?: number[]) {
    let q = db
      .selectFrom('goods')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', companyId)
      .where('del_flag', '=', 0)
      .where('category_id', 'is not', null);
    if (ids) q = q.where('category_id', 'in', ids);
    return q.groupBy('category_id').execute();
  },

  async insert(
    db: Database,
    v: {
      companyId: number;
      parentId: number | null;
      parentPath: string;
      level: number;
      name: string;
      sort: number;
      icon: string;
      status: number;
      userId: number;
      now: string;
    },
  ) {
    const { id } = await db
      .insertInto('goods_categories')
      .values({
        company_id: v.companyId,
        parent_id: v.parentId,
        path: '/',
        level: v.level,
        name: v.name,
        sort: v.sort,
        icon: v.icon,
        status: v.status,
        del_flag: 0,
        created_by: v.userId,
        updated_by: v.userId,
        created_at: v.now,
        updated_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('goods_categories')
      .set({ path: `${v.parentPath}${id}/` })
      .where('id', '=', id)
      .execute();
    return id;
  },

  update: (
    db: Database,
    companyId: number,
    id: number,
    v: Required<
      Omit<Updateable<GoodsCategoryTable>, 'id' | 'company_id' | 'del_flag' | 'created_by' | 'created_at'>
    >,
  ) =>
    db
      .updateTable('goods_categories')
      .set(v)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute(),

  /** Re-roots a moved subtree: the descendants' path prefix and level follow their ancestor. */
  moveDescendants: (db: Database, companyId: number, oldPath: string, newPath: string, levelDelta: number) =>
    db
      .updateTable('goods_categories')
      .set({
        path: sql<string>`${newPath} || substr(path, ${oldPath.length + 1})`,
        level: sql<number>`level + ${levelDelta}`,
      })
      .where('company_id', '=', companyId)
      .where('path', 'like', `${oldPath}%`)
      .where('path', '!=', oldPath)
      .execute(),

  softDelete: (db: Database, companyId: number, ids: number[], userId: number, now: string) =>
    db
      .updateTable('goods_categories')
      .set({ del_flag: 1, updated_by: userId, updated_at: now })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute(),
};
