import { sql } from 'kysely';
import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** The columns of a goods row that the catalogue snapshot keeps (live counters are read per request). */
export interface CatalogueRow {
  id: number;
  category_id: number | null;
  name: string;
  subtitle: string;
  cover: string;
  price: number;
  original_price: number;
  sales: number;
  is_new: number;
  is_recommend: number;
  sort: number;
  created_at: string;
}

export interface LiveCounters {
  id: number;
  stock: number;
  sales: number;
  love_count: number;
}

/** The columns of a goods row that every check of goods for sale needs (goods-rules.ts). */
const SALE_COLUMNS = [
  'id',
  'name',
  'cover',
  'price',
  'stock',
  'on_sale',
  'del_flag',
  'unit',
  'max_per_order',
] as const;

/**
 * Goods of a company by id, in whatever state: the rules of goods-rules.ts decide what may be
 * done with them (a refusal names the goods, also one taken off sale). The one way the catalogue,
 * the cart, orders and promotions read goods for sale by id.
 */
export const goodsForSale = (db: Database, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : inCompany(db, companyId)
        .selectFrom('goods', 'goods', { withDeleted: true })
        .select(SALE_COLUMNS)
        .where('id', 'in', ids)
        .execute();

/**
 * The goods of a company on sale, as `g`: `isAvailable` in SQL, the base of every list of goods
 * for sale (the catalogue snapshot, likes, promotion items).
 */
export const goodsOnSale = (db: Database, companyId: number) =>
  inCompany(db, companyId).selectFrom('goods', 'g').where('g.on_sale', '=', 1);

/** The member's likes of goods still on sale in their company (the others are not listed). */
const lovedOnSale = (db: Database, companyId: number, userId: number) =>
  goodsOnSale(db, companyId)
    .innerJoin('goods_loves as l', 'l.goods_id', 'g.id')
    .where('l.user_id', '=', userId);

export const catalogueRepository = {
  /** Every goods on sale of a company, newest first. */
  onSale: (db: Database, companyId: number): Promise<CatalogueRow[]> =>
    goodsOnSale(db, companyId)
      .select([
        'g.id',
        'g.category_id',
        'g.name',
        'g.subtitle',
        'g.cover',
        'g.price',
        'g.original_price',
        'g.sales',
        'g.is_new',
        'g.is_recommend',
        'g.sort',
        'g.created_at',
      ])
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id', 'desc')
      .execute(),

  /**
   * Stock, sales and likes of some goods, by primary key. The company is checked on the rows, not in
   * the WHERE: with `company_id = ?` there SQLite picks the company index and scans every goods row.
   */
  async counters(db: Database, companyId: number, ids: readonly number[]): Promise<LiveCounters[]> {
    if (ids.length === 0) return [];
    // company-scope: by primary key, the company checked on the rows (see above)
    const rows = await db
      .selectFrom('goods')
      .select(['id', 'company_id', 'stock', 'sales', 'love_count'])
      .where('id', 'in', ids)
      .execute();
    return rows.filter((r) => r.company_id === companyId);
  },

  /** A goods of the company with every column, in whatever state (the service applies `isAvailable`). */
  detail: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('goods', 'goods', { withDeleted: true })
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst(),

  loved: async (db: Database, companyId: number, userId: number, goodsId: number) =>
    (await inCompany(db, companyId)
      .selectFrom('goods_loves')
      .select('id')
      .where('user_id', '=', userId)
      .where('goods_id', '=', goodsId)
      .executeTakeFirst()) !== undefined,

  /** Adds or removes the like; the goods' counter follows in the same transaction. */
  async toggleLove(trx: Database, companyId: number, userId: number, goodsId: number, now: string) {
    const scope = inCompany(trx, companyId);
    const unlike = async () =>
      Number(
        (
          await scope
            .deleteFrom('goods_loves')
            .where('user_id', '=', userId)
            .where('goods_id', '=', goodsId)
            .executeTakeFirst()
        ).numDeletedRows,
      );
    // The counter moves by the rows this toggle really added or removed, so toggles at once agree.
    let delta = -(await unlike());
    let loved = false;
    if (delta === 0) {
      const added = await scope
        .insertInto('goods_loves', { user_id: userId, goods_id: goodsId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 1) {
        delta = 1;
        loved = true;
      } else {
        // A toggle running at the same time added the like first: this one takes it away again.
        delta = -(await unlike());
      }
    }
    // The goods may have been deleted since the service checked it: the counter still follows the like.
    if (delta !== 0) {
      await scope
        .updateTable('goods', { withDeleted: true })
        .set({ love_count: sql`love_count + ${delta}` })
        .where('id', '=', goodsId)
        .execute();
    }
    const row = await scope
      .selectFrom('goods', 'goods', { withDeleted: true })
      .select('love_count')
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow();
    return { loved, love_count: row.love_count };
  },

  lovedIds: (db: Database, companyId: number, userId: number, limit: number, offset: number) =>
    lovedOnSale(db, companyId, userId)
      .select('l.goods_id')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),

  lovedCount: (db: Database, companyId: number, userId: number) =>
    countRows(lovedOnSale(db, companyId, userId)),
};
