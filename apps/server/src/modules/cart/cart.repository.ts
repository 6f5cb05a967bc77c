import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

export interface CartRow {
  id: number;
  goods_id: number;
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
}

function lines(db: Database, companyId: number, userId: number) {
  return inCompany(db, companyId)
    .selectFrom('cart_items', 'ci')
    .innerJoin('goods as g', 'g.id', 'ci.goods_id')
    .select([
      'ci.id',
      'ci.goods_id',
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
    ])
    .where('ci.user_id', '=', userId);
}

export const cartRepository = {
  list: (db: Database, companyId: number, userId: number): Promise<CartRow[]> =>
    lines(db, companyId, userId).orderBy('ci.id', 'desc').execute(),

  byIds: (db: Database, companyId: number, userId: number, ids: readonly number[]): Promise<CartRow[]> =>
    lines(db, companyId, userId).where('ci.id', 'in', ids).orderBy('ci.id').execute(),

  byGoods: (db: Database, companyId: number, userId: number, goodsId: number) =>
    inCompany(db, companyId)
      .selectFrom('cart_items')
      .select(['id', 'quantity', 'price_at_add'])
      .where('user_id', '=', userId)
      .where('goods_id', '=', goodsId)
      .executeTakeFirst(),

  count: (db: Database, companyId: number, userId: number) =>
    countRows(inCompany(db, companyId).selectFrom('cart_items').where('user_id', '=', userId)),

  insert: (
    db: Database,
    v: { companyId: number; userId: number; goodsId: number; quantity: number; price: number; now: string },
  ) =>
    inCompany(db, v.companyId)
      .insertInto('cart_items', {
        user_id: v.userId,
        goods_id: v.goodsId,
        quantity: v.quantity,
        price_at_add: v.price,
        selected: 1,
        created_at: v.now,
        updated_at: v.now,
      })
      .execute(),

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
