import { sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** The levels list's filters (the call's). */
export interface LevelFilter {
  warehouse_id?: number | undefined;
  goods_id?: number | undefined;
  /** Only the levels below their warning threshold. */
  low?: boolean | undefined;
  keyword?: string | undefined;
}

/** The ledger list's filters (the call's, days already turned into UTC bounds). */
export interface MoveFilter {
  warehouse_id?: number | undefined;
  goods_id?: number | undefined;
  kind?: string | undefined;
  /** ISO times: created at or after `from`, before `to`. */
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
}

/** The levels with their names, sellable stock and unit cost. */
function levels(conn: Database, companyId: number) {
  // A level's last known cost of goods coming in: a checked purchase's price, or the opening
  // stock's when it was booked with one (its unit cost when its specification names none). A move
  // without a cost (0) tells nothing: the cost stays unknown (null), never 0.
  const lastCost = inCompany(conn, companyId)
    .selectFrom('stock_moves', 'm')
    .select('m.unit_cost')
    .where(sql<boolean>`m.goods_id = l.goods_id and m.sku_id = l.sku_id`)
    .where('m.kind', 'in', ['purchase', 'opening'])
    .where('m.unit_cost', '>', 0)
    .orderBy('m.id', 'desc')
    .limit(1);
  return inCompany(conn, companyId)
    .selectFrom('stock_levels', 'l')
    .innerJoin('warehouses as w', 'w.id', 'l.warehouse_id')
    .innerJoin('goods as g', 'g.id', 'l.goods_id')
    .leftJoin('goods_skus as s', (j) =>
      j.onRef('s.id', '=', 'l.sku_id').onRef('s.goods_id', '=', 'l.goods_id'),
    )
    .where('g.del_flag', '=', 0)
    .select([
      'l.id',
      'l.warehouse_id',
      'w.name as warehouse_name',
      'l.goods_id',
      'g.code as goods_code',
      'g.name as goods_name',
      'g.unit',
      'l.sku_id',
      's.spec_text',
      'l.quantity',
      'l.warn_quantity',
      'l.updated_at',
      sql<number>`case when l.sku_id = 0 then (case when g.sku_count = 0 then g.stock else 0 end) else coalesce(s.stock, 0) end`.as(
        'sellable',
      ),
      sql<number | null>`case when l.sku_id <> 0 and s.cost > 0 then s.cost else (${lastCost}) end`.as(
        'unit_cost',
      ),
    ]);
}
export type LevelRow = Awaited<ReturnType<ReturnType<typeof levels>['execute']>>[number];

function filteredLevels(conn: Database, companyId: number, f: LevelFilter) {
  let q = levels(conn, companyId);
  if (f.warehouse_id !== undefined) q = q.where('l.warehouse_id', '=', f.warehouse_id);
  if (f.goods_id !== undefined) q = q.where('l.goods_id', '=', f.goods_id);
  if (f.low) q = q.where('l.warn_quantity', '>', 0).whereRef('l.quantity', '<', 'l.warn_quantity');
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => containsLike(eb, ['g.name', 'g.code', 's.spec_text', 's.barcode'], k));
  }
  return q;
}

/** The ledger's moves with their warehouse, goods and specification, as `m`, `w`, `g` and `s`. */
function filteredMoves(conn: Database, companyId: number, f: MoveFilter) {
  let q = inCompany(conn, companyId)
    .selectFrom('stock_moves', 'm')
    .innerJoin('warehouses as w', 'w.id', 'm.warehouse_id')
    .innerJoin('goods as g', 'g.id', 'm.goods_id')
    .leftJoin('goods_skus as s', (j) =>
      j.onRef('s.id', '=', 'm.sku_id').onRef('s.goods_id', '=', 'm.goods_id'),
    );
  if (f.warehouse_id !== undefined) q = q.where('m.warehouse_id', '=', f.warehouse_id);
  if (f.goods_id !== undefined) q = q.where('m.goods_id', '=', f.goods_id);
  if (f.kind !== undefined) q = q.where('m.kind', '=', f.kind);
  if (f.from) q = q.where('m.created_at', '>=', f.from);
  if (f.to) q = q.where('m.created_at', '<', f.to);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => containsLike(eb, ['g.name', 'g.code', 'm.ref_no', 'm.reason'], k));
  }
  return q;
}

/**
 * The stock service's SQL (stock.service.ts): levels, the ledger's list, stock-in checks,
 * thresholds, levels pushed into a warehouse and the suppliers' picker. The ledger's own
 * statements are in stock-ledger.ts.
 */
export const stockRepository = {
  /** A level of the company, with its names, sellable stock and unit cost. */
  levelById: (conn: Database, companyId: number, id: number) =>
    levels(conn, companyId).where('l.id', '=', id).executeTakeFirst(),

  /** A page of the levels, by goods (newest first), specification and warehouse. */
  levelPage: (conn: Database, companyId: number, f: LevelFilter, limit: number, offset: number) =>
    filteredLevels(conn, companyId, f)
      .orderBy('l.goods_id', 'desc')
      .orderBy('l.sku_id')
      .orderBy('l.warehouse_id')
      .limit(limit)
      .offset(offset)
      .execute(),

  async levelCount(conn: Database, companyId: number, f: LevelFilter) {
    const r = await filteredLevels(conn, companyId, f)
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** The id of the level of a goods (specification) in a warehouse; throws when it has none. */
  async levelIdOf(
    trx: Database,
    companyId: number,
    key: { warehouse_id: number; goods_id: number; sku_id: number },
  ) {
    const row = await inCompany(trx, companyId)
      .selectFrom('stock_levels', 'l')
      .select('l.id')
      .where('l.warehouse_id', '=', key.warehouse_id)
      .where('l.goods_id', '=', key.goods_id)
      .where('l.sku_id', '=', key.sku_id)
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** A level's warning threshold. */
  setWarn: (trx: Database, companyId: number, id: number, warnQuantity: number, now: string) =>
    inCompany(trx, companyId)
      .updateTable('stock_levels')
      .set({ warn_quantity: warnQuantity, updated_at: now })
      .where('id', '=', id)
      .execute(),

  /**
   * A level of 0 in the warehouse for each (goods, specification) of `keys` that has none there,
   * one after another in their order; answers how many were added.
   */
  async addLevels(
    trx: Database,
    companyId: number,
    warehouseId: number,
    keys: readonly { goods_id: number; sku_id: number }[],
    warnQuantity: number,
    now: string,
  ) {
    const scope = inCompany(trx, companyId);
    let count = 0;
    for (const k of keys) {
      const r = await scope
        .insertInto('stock_levels', {
          warehouse_id: warehouseId,
          ...k,
          quantity: 0,
          warn_quantity: warnQuantity,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['warehouse_id', 'goods_id', 'sku_id']).doNothing())
        .executeTakeFirst();
      count += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return count;
  },

  /** A page of the ledger's moves, newest first. */
  movePage: (conn: Database, companyId: number, f: MoveFilter, limit: number, offset: number) =>
    filteredMoves(conn, companyId, f)
      .select([
        'm.id',
        'm.warehouse_id',
        'w.name as warehouse_name',
        'm.goods_id',
        'g.code as goods_code',
        'g.name as goods_name',
        'm.sku_id',
        's.spec_text',
        'm.kind',
        'm.quantity',
        'm.balance_after',
        'm.unit_cost',
        'm.reason',
        'm.ref_type',
        'm.ref_id',
        'm.ref_no',
        'm.created_by_name',
        'm.created_at',
      ])
      .orderBy('m.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),

  async moveCount(conn: Database, companyId: number, f: MoveFilter) {
    const r = await filteredMoves(conn, companyId, f)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** A live stock-in record of the company. */
  inputById: (conn: Database, companyId: number, id: number) =>
    inCompany(conn, companyId)
      .selectFrom('stock_inputs', 'i')
      .selectAll('i')
      .where('i.id', '=', id)
      .executeTakeFirst(),

  /** A pending stock-in record becomes checked by `checker`; false when it was not pending (or live). */
  async markChecked(
    trx: Database,
    companyId: number,
    checker: { userId: number; username: string },
    id: number,
    now: string,
  ) {
    const r = await inCompany(trx, companyId, { userId: checker.userId })
      .updateTable('stock_inputs')
      .set({
        status: 1,
        checked_by: checker.userId,
        checked_by_name: checker.username,
        checked_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Live goods of the company by id, with how many specifications each has. */
  goodsByIds: (conn: Database, companyId: number, ids: readonly number[]) =>
    inCompany(conn, companyId)
      .selectFrom('goods', 'g')
      .select(['g.id', 'g.sku_count'])
      .where('g.id', 'in', ids)
      .execute(),

  /** The live specifications of some goods of the company. */
  skusOf: (conn: Database, companyId: number, goodsIds: readonly number[]) =>
    inCompany(conn, companyId)
      .selectFrom('goods_skus', 's')
      .select(['s.id', 's.goods_id'])
      .where('s.goods_id', 'in', goodsIds)
      .execute(),

  /** Up to 50 of the company's approved suppliers by name, those containing `keyword` when given. */
  approvedSuppliers(conn: Database, companyId: number, keyword: string | undefined) {
    let q = inCompany(conn, companyId)
      .selectFrom('suppliers', 's')
      .select(['s.id', 's.name as label'])
      .where('s.status', '=', 1);
    if (keyword) q = q.where((eb) => containsLike(eb, ['s.name'], keyword));
    return q.orderBy('s.name').limit(50).execute();
  },
};
