import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** What a bulk goods names, read in its save's transaction (the library goods, its specification). */
export const bulkRepository = {
  goods: (db: Database, companyId: number, goodsId: number) =>
    inCompany(db, companyId)
      .selectFrom('goods', 'g')
      .select(['g.id', 'g.name', 'g.code', 'g.unit', 'g.cover', 'g.sku_count'])
      .where('g.id', '=', goodsId)
      .executeTakeFirst(),

  sku: (db: Database, companyId: number, goodsId: number, skuId: number) =>
    inCompany(db, companyId)
      .selectFrom('goods_skus', 's')
      .select(['s.id', 's.spec_text'])
      .where('s.id', '=', skuId)
      .where('s.goods_id', '=', goodsId)
      .executeTakeFirst(),

  /** Of the rows' goods and specifications, the live ones (keys `<goods_id>:<sku_id>`, sku 0 the goods). */
  async liveGoodsKeys(
    db: Database,
    companyId: number,
    rows: readonly { goods_id: number; sku_id: number }[],
  ) {
    const goodsIds = [...new Set(rows.map((r) => r.goods_id))];
    const skuIds = [...new Set(rows.map((r) => r.sku_id).filter((id) => id !== 0))];
    if (goodsIds.length === 0) return new Set<string>();
    const [goods, skus] = await Promise.all([
      inCompany(db, companyId)
        .selectFrom('goods', 'g')
        .select('g.id')
        .where('g.id', 'in', goodsIds)
        .execute(),
      skuIds.length === 0
        ? []
        : inCompany(db, companyId)
            .selectFrom('goods_skus', 's')
            .select(['s.id', 's.goods_id'])
            .where('s.id', 'in', skuIds)
            .execute(),
    ]);
    const live = new Set(goods.map((g) => g.id));
    return new Set([
      ...goods.map((g) => `${g.id}:0`),
      ...skus.filter((s) => live.has(s.goods_id)).map((s) => `${s.goods_id}:${s.id}`),
    ]);
  },

  category: (db: Database, companyId: number, categoryId: number) =>
    inCompany(db, companyId)
      .selectFrom('bulk_categories', 'c')
      .select(['c.id'])
      .where('c.id', '=', categoryId)
      .executeTakeFirst(),

  /** 上架/下架 of the live rows among `ids`; answers how many were changed. */
  async setOnSale(
    db: Database,
    companyId: number,
    userId: number,
    ids: number[],
    onSale: 0 | 1,
    now: string,
  ) {
    const r = await inCompany(db, companyId, { userId })
      .updateTable('bulk_goods')
      .set({ on_sale: onSale, updated_at: now })
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  findByIds: (db: Database, companyId: number, ids: number[]) =>
    inCompany(db, companyId)
      .selectFrom('bulk_goods', 'b')
      .select(['b.id', 'b.on_sale', 'b.goods_name'])
      .where('b.id', 'in', ids)
      .execute(),

  /**
   * A page of the company's bulk goods on sale in `categoryIds` whose library goods is live and in
   * use, by sort; and their count.
   */
  async publicPage(
    db: Database,
    companyId: number,
    categoryIds: number[],
    { limit, offset }: { limit: number; offset: number },
  ) {
    if (categoryIds.length === 0) return { rows: [], count: 0 };
    const base = inCompany(db, companyId)
      .selectFrom('bulk_goods', 'b')
      .innerJoin('goods as g', 'g.id', 'b.goods_id')
      .where('g.del_flag', '=', 0)
      .where('g.status', '=', 1)
      .where('b.on_sale', '=', 1)
      .where('b.category_id', 'in', categoryIds);
    const [rows, total] = await Promise.all([
      base
        .select([
          'b.id',
          'b.goods_id',
          'g.name',
          'g.code',
          'b.spec_text',
          'g.cover',
          'b.image',
          'b.category_id',
          'b.unit',
          'b.min_qty',
          'b.tiers',
        ])
        .orderBy('b.sort')
        .orderBy('b.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  },
};
