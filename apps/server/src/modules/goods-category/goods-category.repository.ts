import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import type { GoodsCategoryTable } from '#server/platform/db/schema.ts';
import { inCompany } from '#server/platform/db/scope.ts';

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

/**
 * The tables of one category tree: the shop's (`goods_categories`, counting `goods`) or the bulk
 * catalogue's (`bulk_categories`, counting `bulk_goods`; ADR 0026). Both category tables have the
 * same columns (`BulkCategoryTable = GoodsCategoryTable`) and both goods tables a `category_id`.
 */
export interface CategoryTables {
  categories: 'goods_categories' | 'bulk_categories';
  goods: 'goods' | 'bulk_goods';
}

export const SHOP_CATEGORY_TABLES: CategoryTables = { categories: 'goods_categories', goods: 'goods' };

/**
 * The only code that knows a category table; every statement through the company scope. The
 * statements are typed against the shop's tables: the other tree's have the same columns.
 */
export function categoryRepositoryOf(tables: CategoryTables) {
  const table = tables.categories as 'goods_categories';
  const goodsTable = tables.goods as 'goods';
  return {
    all: (db: Database, companyId: number): Promise<CategoryRow[]> =>
      inCompany(db, companyId)
        .selectFrom(table, 'c')
        .select(COLUMNS)
        .orderBy('c.sort')
        .orderBy('c.id')
        .execute(),

    findById: (db: Database, companyId: number, id: number): Promise<CategoryRow | undefined> =>
      inCompany(db, companyId)
        .selectFrom(table, 'c')
        .select(COLUMNS)
        .where('c.id', '=', id)
        .executeTakeFirst(),

    findByIds: (db: Database, companyId: number, ids: number[]): Promise<CategoryRow[]> =>
      inCompany(db, companyId).selectFrom(table, 'c').select(COLUMNS).where('c.id', 'in', ids).execute(),

    async siblingNameTaken(
      db: Database,
      companyId: number,
      parentId: number | null,
      name: string,
      exceptId?: number,
    ) {
      let q = inCompany(db, companyId).selectFrom(table).select('id').where('name', '=', name);
      q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async deepestLevelUnder(db: Database, companyId: number, path: string) {
      const row = await inCompany(db, companyId)
        .selectFrom(table)
        .select((eb) => eb.fn.max('level').as('level'))
        .where('path', 'like', `${path}%`)
        .executeTakeFirst();
      return Number(row?.level ?? 0);
    },

    async childrenOf(db: Database, companyId: number, ids: number[]) {
      return inCompany(db, companyId)
        .selectFrom(table)
        .select(['id', 'parent_id'])
        .where('parent_id', 'in', ids)
        .execute();
    },

    /** Goods per category, for the given categories or (no ids) for all of the company's. */
    async goodsCounts(db: Database, companyId: number, ids?: number[]) {
      let q = inCompany(db, companyId)
        .selectFrom(goodsTable)
        .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
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
      const scope = inCompany(db, v.companyId, { userId: v.userId });
      const { id } = await scope
        .insertInto(table, {
          parent_id: v.parentId,
          path: '/',
          level: v.level,
          name: v.name,
          sort: v.sort,
          icon: v.icon,
          status: v.status,
          del_flag: 0,
          created_at: v.now,
          updated_at: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await scope
        .updateTable(table)
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
    ) => inCompany(db, companyId).updateTable(table).set(v).where('id', '=', id).execute(),

    /** Re-roots a moved subtree: the descendants' path prefix and level follow their ancestor. */
    moveDescendants: (
      db: Database,
      companyId: number,
      oldPath: string,
      newPath: string,
      levelDelta: number,
    ) =>
      inCompany(db, companyId)
        .updateTable(table)
        .set({
          path: sql<string>`${newPath} || substr(path, ${oldPath.length + 1})`,
          level: sql<number>`level + ${levelDelta}`,
        })
        .where('path', 'like', `${oldPath}%`)
        .where('path', '!=', oldPath)
        .execute(),

    softDelete: (db: Database, companyId: number, ids: number[], userId: number, now: string) =>
      inCompany(db, companyId, { userId })
        .updateTable(table)
        .set({ del_flag: 1, updated_at: now })
        .where('id', 'in', ids)
        .execute(),
  };
}

/** The shop's category tree. */
export const categoryRepository = categoryRepositoryOf(SHOP_CATEGORY_TABLES);
