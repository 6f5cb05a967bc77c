import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany, unscoped } from '#server/platform/db/scope.ts';

export interface CartRow {
  id: number;
  goods_id: number;
  /** 0: a goods sold as itself. */
  sku_id: number;
  quantity: number;
  price_at_add: number;
  selected: number;
  name: string;
  cover: string;
  price: number;
  stock: number;
  on_sale: number;
  del_flag: number;
  unit: string;
  max_per_order: number;
  sku_count: number;
  /** The chosen specification, as `skusById` reads it (null: none, or not found). */
  sku_goods_id: number | null;
  sku_text: string | null;
  sku_specs: string | null;
  sku_price: number | null;
  sku_stock: number | null;
  sku_on_sale: number | null;
  sku_del_flag: number | null;
  sku_sort: number | null;
}

function lines(db: Database, companyId: number, userId: number) {
  return inCompany(db, companyId)
    .selectFrom('cart_items', 'ci')
    .innerJoin('goods as g', 'g.id', 'ci.goods_id')
    .leftJoin('goods_skus as s', 's.id', 'ci.sku_id')
    .select([
      'ci.id',
      'ci.goods_id',
      'ci.sku_id',
      'ci.quantity',
      'ci.price_at_add',
      'ci.selected',
      'g.name',
      'g.cover',
      'g.price',
      'g.stock',
      'g.on_sale',
      'g.del_flag',
      'g.unit',
      'g.max_per_order',
      'g.sku_count',
      's.goods_id as sku_goods_id',
      's.spec_text as sku_text',
      's.specs as sku_specs',
      's.price as sku_price',
      's.stock as sku_stock',
      's.on_sale as sku_on_sale',
      's.del_flag as sku_del_flag',
      's.sort as sku_sort',
    ])
    .where('ci.user_id', '=', userId);
}

export const cartRepository = {
  list: (db: Database, companyId: number, userId: number): Promise<CartRow[]> =>
    lines(db, companyId, userId).orderBy('ci.id', 'desc').execute(),

  byIds: (db: Database, companyId: number, userId: number, ids: readonly number[]): Promise<CartRow[]> =>
    lines(db, companyId, userId).where('ci.id', 'in', ids).orderBy('ci.id').execute(),

  /** The line of a goods in a specification (`skuId` null: the goods sold as itself). */
  byGoods: (db: Database, companyId: number, userId: number, goodsId: number, skuId: number | null) =>
    inCompany(db, companyId)
      .selectFrom('cart_items')
      .select(['id', 'quantity', 'price_at_add'])
      .where('user_id', '=', userId)
      .where('goods_id', '=', goodsId)
      .where('sku_id', '=', skuId ?? 0)
      .executeTakeFirst(),

  /**
   * Pieces of a goods in the member's other lines (its other specifications), for the per-order
   * limit, which holds per goods (ADR 0028).
   */
  otherPieces: async (
    db: Database,
    companyId: number,
    userId: number,
    goodsId: number,
    exceptLineId?: number,
  ) => {
    let q = inCompany(db, companyId)
      .selectFrom('cart_items')
      .select((eb) => eb.fn.sum<number | string | null>('quantity').as('n'))
      .where('user_id', '=', userId)
      .where('goods_id', '=', goodsId);
    if (exceptLineId !== undefined) q = q.where('id', '<>', exceptLineId);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  },

  count: (db: Database, companyId: number, userId: number) =>
    countRows(inCompany(db, companyId).selectFrom('cart_items').where('user_id', '=', userId)),

  insert: (
    db: Database,
    v: {
      companyId: number;
      userId: number;
      goodsId: number;
      skuId: number | null;
      quantity: number;
      price: number;
      now: string;
    },
  ) =>
    inCompany(db, v.companyId)
      .insertInto('cart_items', {
        user_id: v.userId,
        goods_id: v.goodsId,
        sku_id: v.skuId ?? 0,
        quantity: v.quantity,
        price_at_add: v.price,
        selected: 1,
        created_at: v.now,
        updated_at: v.now,
      })
      .execute(),

  /**
   * Records that the guest cart `key` was merged into the member's cart; false when it already was
   * (by this call's transaction or another's: the unique index, and on PostgreSQL the wait for a
   * concurrent insert of the same key to commit).
   */
  recordMerge: async (db: Database, companyId: number, userId: number, key: string, now: string) =>
    (await inCompany(db, companyId)
      .insertInto('cart_merges', { user_id: userId, merge_key: key, created_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'user_id', 'merge_key']).doNothing())
      .returning('id')
      .executeTakeFirst()) !== undefined,

  /** Forgets the merge keys of every company recorded before `before`; answers how many. */
  async pruneMerges(db: Database, before: string) {
    const r = await unscoped(
      db,
      'the prune sweeps every company (an idempotent delete, any process may run it)',
    )
      .deleteFrom('cart_merges')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  update: (
    db: Database,
    companyId: number,
    userId: number,
    id: number,
    set: { quantity?: number; selected?: number; updated_at: string },
  ) =>
    inCompany(db, companyId)
      .updateTable('cart_items')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst(),

  select: (
    db: Database,
    companyId: number,
    userId: number,
    ids: readonly number[] | undefined,
    selected: number,
    now: string,
  ) => {
    let q = inCompany(db, companyId)
      .updateTable('cart_items')
      .set({ selected, updated_at: now })
      .where('user_id', '=', userId);
    if (ids) q = q.where('id', 'in', ids);
    return q.execute();
  },

  remove: (db: Database, companyId: number, userId: number, ids: readonly number[]) =>
    inCompany(db, companyId)
      .deleteFrom('cart_items')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .executeTakeFirst(),
};
