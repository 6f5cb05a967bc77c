import { sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/**
 * A change of one goods' stock and sales (either may be negative). With `sku_id` (not null, not
 * 0), the stock of that specification (SKU) of the goods changes too, by the same amount: a goods
 * with specifications holds the sum of their stock.
 */
export interface GoodsDelta {
  goods_id: number;
  sku_id?: number | null | undefined;
  stock?: number;
  sales?: number;
}

/**
 * The one way a transaction changes the stock and sales of goods and their specifications
 * (docs/ARCHITECTURE.md, "Writes that touch stock"). Call it once per transaction, as its last
 * write before the commit:
 *
 * - the rows are updated in ascending goods id, whatever order the lines came in, each goods row
 *   before its specifications (in ascending id), so two transactions that touch the same goods
 *   lock them in the same order and never wait on each other in a cycle (a deadlock, which
 *   PostgreSQL only breaks after `deadlock_timeout`, 1 s); the goods row is the gate: whoever
 *   holds it holds its specifications too;
 * - the locks on these rows, which every order of a popular goods wants, are held only for these
 *   statements and the commit, not for the order's other writes.
 *
 * Changes of the same goods (and specification) are merged into one. Stock never goes below 0,
 * neither the goods' nor a specification's: a row that has too little, or, when `forSale`, is no
 * longer on sale (a stopped or deleted specification too), is not changed, and its goods' id is
 * answered so that the caller refuses (throwing rolls the whole transaction back). Sales stop at 0
 * (they are counted per goods).
 */
export async function changeGoods(
  trx: Database,
  companyId: number,
  deltas: readonly GoodsDelta[],
  { forSale = false, now }: { forSale?: boolean; now: string },
): Promise<number | undefined> {
  const merged = new Map<number, { stock: number; sales: number; skus: Map<number, number> }>();
  for (const d of deltas) {
    const m = merged.get(d.goods_id) ?? { stock: 0, sales: 0, skus: new Map<number, number>() };
    m.stock += d.stock ?? 0;
    m.sales += d.sales ?? 0;
    // 0 is none too (the stock ledger's and the cart's way of saying it).
    if (d.sku_id) m.skus.set(d.sku_id, (m.skus.get(d.sku_id) ?? 0) + (d.stock ?? 0));
    merged.set(d.goods_id, m);
  }
  // Giving stock back (a cancel, a refund) also reaches goods and specifications deleted since the
  // order was placed.
  const scope = inCompany(trx, companyId);
  for (const [id, d] of [...merged].sort((a, b) => a[0] - b[0])) {
    const skus = [...d.skus].filter(([, n]) => n !== 0).sort((a, b) => a[0] - b[0]);
    if (d.stock === 0 && d.sales === 0 && skus.length === 0) continue;
    if (d.stock !== 0 || d.sales !== 0) {
      let q = scope
        .updateTable('goods', { withDeleted: !forSale })
        .set({
          ...(d.stock !== 0 && { stock: sql`stock + ${d.stock}` }),
          ...(d.sales !== 0 && {
            sales: sql`case when sales + ${d.sales} < 0 then 0 else sales + ${d.sales} end`,
          }),
          updated_at: now,
        })
        .where('id', '=', id);
      if (d.stock < 0) q = q.where('stock', '>=', -d.stock);
      // Deleted goods are left out by the scope itself when selling (`withDeleted` is false then).
      if (forSale) q = q.where('on_sale', '=', 1);
      const r = await q.executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return id;
    }
    for (const [skuId, n] of skus) {
      let q = scope
        .updateTable('goods_skus', { withDeleted: !forSale })
        .set({ stock: sql`stock + ${n}`, updated_at: now })
        .where('id', '=', skuId)
        .where('goods_id', '=', id);
      if (n < 0) q = q.where('stock', '>=', -n);
      if (forSale) q = q.where('on_sale', '=', 1);
      const r = await q.executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return id;
    }
  }
  return undefined;
}
