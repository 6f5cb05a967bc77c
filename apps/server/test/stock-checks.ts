import { expect } from 'vitest';
import type { Harness } from './harness.ts';

/**
 * What API tests of modules that move stock (products, production plans) read of it straight from
 * the database: what a goods (specification) holds in all warehouses, its sellable stock, the
 * company's default warehouse, and that every level's moves add up to it.
 */

/** On hand of a goods (specification; 0 for none) across the company's warehouses. */
export async function onHand(h: Harness, goodsId: number, skuId = 0) {
  const rows = await h.db
    .selectFrom('stock_levels')
    .select('quantity')
    .where('goods_id', '=', goodsId)
    .where('sku_id', '=', skuId)
    .execute();
  return rows.reduce((s, r) => s + r.quantity, 0);
}

/** What the shop may sell of a goods (its row's stock). */
export const sellable = async (h: Harness, goodsId: number) =>
  (await h.db.selectFrom('goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow()).stock;

/** The company's default warehouse (made by its first goods with stock). */
export const defaultWarehouseId = async (h: Harness, companyId: number) =>
  (
    await h.db
      .selectFrom('warehouses')
      .select('id')
      .where('company_id', '=', companyId)
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;

/**
 * Every level of the company: its moves add up to it, each carries the balance after it, never below 0.
 * Answers how many levels it checked.
 */
export async function ledgerAddsUp(h: Harness, companyId: number) {
  const levels = await h.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('company_id', '=', companyId)
    .execute();
  for (const l of levels) {
    const moves = await h.db
      .selectFrom('stock_moves')
      .select(['quantity', 'balance_after'])
      .where('warehouse_id', '=', l.warehouse_id)
      .where('goods_id', '=', l.goods_id)
      .where('sku_id', '=', l.sku_id)
      .orderBy('id')
      .execute();
    expect(
      moves.reduce((s, m) => s + m.quantity, 0),
      `level ${l.id}`,
    ).toBe(l.quantity);
    expect(l.quantity).toBeGreaterThanOrEqual(0);
    let running = 0;
    for (const m of moves) {
      running += m.quantity;
      expect(m.balance_after).toBe(running);
    }
  }
  return levels.length;
}
