import type { StockMoveKind } from '@portal/contract';
import { sql } from 'kysely';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** Who moved the stock: a member of staff, or the system (a seed, the order expiry). */
export interface StockActor {
  userId: number | null;
  name: string;
}

/** One movement of one level: `quantity` signed (+ in, − out), never 0. */
export interface MoveLine {
  warehouse_id: number;
  goods_id: number;
  /** The specification, 0 for a goods without specifications. */
  sku_id: number;
  quantity: number;
  kind: StockMoveKind;
  unit_cost?: number;
  reason?: string;
  ref?: { type: string; id: number | null; no?: string };
}

/** A line `bookMoves` could not take out: the level holds less than asked. */
export interface ShortLine {
  line: MoveLine;
  onHand: number;
}

const keyOf = (l: { goods_id: number; sku_id: number; warehouse_id: number }) =>
  [l.goods_id, l.sku_id, l.warehouse_id] as const;
const byKey = (a: MoveLine, b: MoveLine) => {
  const [x, y] = [keyOf(a), keyOf(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/**
 * The one way the stock's on-hand levels change (ADR 0022): each line changes its level
 * (warehouse, goods, specification) and books a ledger move carrying the balance after it, in the
 * caller's transaction, so the moves of a level always add up to it.
 *
 * - Lines are applied in ascending (goods, specification, warehouse), whatever order they came
 *   in: two transactions lock the same levels in the same order (no deadlock cycle). Levels are
 *   written before goods rows (`changeGoods`) everywhere.
 * - An increase creates the level if it has none (an upsert, safe under concurrent first writes).
 * - A decrease is a conditional update (`quantity >= n`): a level that holds too little is not
 *   changed and the line is answered, so the caller refuses (throwing rolls everything back). The
 *   column's check (`quantity >= 0`) refuses whatever gets past that.
 */
export async function bookMoves(
  trx: Database,
  companyId: number,
  lines: readonly MoveLine[],
  actor: StockActor,
  now: string,
): Promise<ShortLine | undefined> {
  const scope = inCompany(trx, companyId);
  const sorted = [...lines].filter((l) => l.quantity !== 0).sort(byKey);
  // Only increases, each of another level (an import's opening stock): a statement for the levels
  // and one for the moves per batch instead of two per line.
  if (
    sorted.length > 1 &&
    sorted.every((l, i) => l.quantity > 0 && (i === 0 || byKey(sorted[i - 1] as MoveLine, l) !== 0))
  ) {
    for (let start = 0; start < sorted.length; start += BATCH)
      await bookIncreases(trx, companyId, sorted.slice(start, start + BATCH), actor, now);
    return undefined;
  }
  for (const line of sorted) {
    let balance: number | undefined;
    if (line.quantity > 0) {
      const row = await addToLevels(scope, [line], now).returning('quantity').executeTakeFirstOrThrow();
      balance = row.quantity;
    } else {
      const row = await scope
        .updateTable('stock_levels')
        .set({ quantity: sql<number>`quantity + ${line.quantity}`, updated_at: now })
        .where('warehouse_id', '=', line.warehouse_id)
        .where('goods_id', '=', line.goods_id)
        .where('sku_id', '=', line.sku_id)
        .where('quantity', '>=', -line.quantity)
        .returning('quantity')
        .executeTakeFirst();
      if (!row) {
        const level = await scope
          .selectFrom('stock_levels', 'l')
          .select('l.quantity')
          .where('l.warehouse_id', '=', line.warehouse_id)
          .where('l.goods_id', '=', line.goods_id)
          .where('l.sku_id', '=', line.sku_id)
          .executeTakeFirst();
        return { line, onHand: level?.quantity ?? 0 };
      }
      balance = row.quantity;
    }
    await scope.insertInto('stock_moves', moveRow(line, balance, actor, now)).execute();
  }
  return undefined;
}

/**
 * Adds each line's quantity to its level, creating the level it has none (an upsert, safe under
 * concurrent first writes), row by row in the lines' order; the caller says what it answers.
 */
const addToLevels = (scope: ReturnType<typeof inCompany>, lines: readonly MoveLine[], now: string) =>
  scope
    .insertInto(
      'stock_levels',
      lines.map((l) => ({
        warehouse_id: l.warehouse_id,
        goods_id: l.goods_id,
        sku_id: l.sku_id,
        quantity: l.quantity,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['warehouse_id', 'goods_id', 'sku_id']).doUpdateSet({
        quantity: sql<number>`stock_levels.quantity + excluded.quantity`,
        updated_at: now,
      }),
    );

/** Lines `bookMoves` writes per pair of statements on its batched path (bound parameters stay few). */
const BATCH = 500;

/** A ledger move of a line with its level's balance after it. */
const moveRow = (line: MoveLine, balance: number, actor: StockActor, now: string) => ({
  warehouse_id: line.warehouse_id,
  goods_id: line.goods_id,
  sku_id: line.sku_id,
  kind: line.kind,
  quantity: line.quantity,
  balance_after: balance,
  unit_cost: line.unit_cost ?? 0,
  reason: line.reason ?? '',
  ref_type: line.ref?.type ?? '',
  ref_id: line.ref?.id ?? null,
  ref_no: line.ref?.no ?? '',
  created_by: actor.userId,
  created_by_name: actor.name,
  created_at: now,
});

/**
 * Increases of distinct levels, in key order, in two statements: the levels upserted at once
 * (created, or added to: the same upsert as one line's, row by row in the statement's order, so
 * the lock order holds), answering each level's quantity after it; then their moves at once, each
 * carrying its level's balance — the moves of a level still add up to it.
 */
async function bookIncreases(
  trx: Database,
  companyId: number,
  lines: readonly MoveLine[],
  actor: StockActor,
  now: string,
) {
  const scope = inCompany(trx, companyId);
  const levels = await addToLevels(scope, lines, now)
    .returning(['warehouse_id', 'goods_id', 'sku_id', 'quantity'])
    .execute();
  const after = new Map(levels.map((l) => [keyOf(l).join(':'), l.quantity]));
  await scope
    .insertInto(
      'stock_moves',
      lines.map((l) => {
        const balance = after.get(keyOf(l).join(':'));
        if (balance === undefined) throw new AppError('SERVER_ERROR');
        return moveRow(l, balance, actor, now);
      }),
    )
    .execute();
}

/**
 * The company's default warehouse (made, named 默认仓库, the first time the company's stock moves;
 * a company that has warehouses but none marked default gets its first one marked).
 */
export async function defaultWarehouse(trx: Database, companyId: number, now: string) {
  const scope = inCompany(trx, companyId);
  const find = () =>
    scope
      .selectFrom('warehouses', 'w')
      .select(['w.id', 'w.name'])
      .where('w.is_default', '=', 1)
      .executeTakeFirst();
  const found = await find();
  if (found) return found;
  const first = await scope.selectFrom('warehouses', 'w').select('w.id').orderBy('w.id').executeTakeFirst();
  if (first)
    await scope
      .updateTable('warehouses')
      .set({ is_default: 1, updated_at: now })
      .where('id', '=', first.id)
      // Only while the company has no live default (the scope adds company and del_flag).
      .where(({ not, exists }) =>
        not(exists(scope.selectFrom('warehouses', 'd').select('d.id').where('d.is_default', '=', 1))),
      )
      .execute();
  // Two first writes at once: one inserts, the other's insert does nothing (any unique index).
  else
    await scope
      .insertInto('warehouses', {
        name: '默认仓库',
        code: 'WH01',
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  const made = await find();
  if (!made) throw new AppError('SERVER_ERROR');
  return made;
}

/**
 * Books opening stock of a goods (specification) into the default warehouse (goods creation,
 * seeds), at `unit_cost` cents when known (the level's value reads it until a stock-in's price).
 */
export async function openingStock(
  trx: Database,
  companyId: number,
  actor: StockActor,
  line: { goods_id: number; sku_id: number; quantity: number; reason?: string; unit_cost?: number },
  now: string,
) {
  if (line.quantity <= 0) return;
  const warehouse = await defaultWarehouse(trx, companyId, now);
  await bookMoves(
    trx,
    companyId,
    [
      {
        warehouse_id: warehouse.id,
        goods_id: line.goods_id,
        sku_id: line.sku_id,
        quantity: line.quantity,
        kind: 'opening',
        ...(line.unit_cost ? { unit_cost: line.unit_cost } : {}),
        reason: line.reason ?? '新建商品的期初库存',
        ref: { type: 'goods', id: line.goods_id },
      },
    ],
    actor,
    now,
  );
}

/** The levels of a goods (specification) with stock, the default warehouse first; locked on PostgreSQL. */
async function levelsToTake(trx: Database, companyId: number, goodsId: number, skuId: number) {
  let q = inCompany(trx, companyId)
    .selectFrom('stock_levels', 'l')
    .innerJoin('warehouses as w', 'w.id', 'l.warehouse_id')
    .select(['l.id', 'l.warehouse_id', 'l.quantity', 'w.is_default'])
    .where('l.goods_id', '=', goodsId)
    .where('l.sku_id', '=', skuId)
    .orderBy('l.warehouse_id');
  if (dialectOf(trx) === 'pg') q = q.forUpdate('l');
  const rows = await q.execute();
  return [...rows.filter((r) => r.is_default === 1), ...rows.filter((r) => r.is_default !== 1)];
}

/**
 * Takes `quantity` of a goods (specification) out of the warehouses — the default one first, then
 * the others in order — as moves of `kind`; refuses with the Chinese reason when all of them
 * together hold less.
 */
export async function takeOut(
  trx: Database,
  companyId: number,
  actor: StockActor,
  want: { goods_id: number; sku_id: number; quantity: number; name: string },
  move: Pick<MoveLine, 'kind' | 'reason' | 'ref'>,
  now: string,
) {
  const levels = await levelsToTake(trx, companyId, want.goods_id, want.sku_id);
  const onHand = levels.reduce((s, l) => s + l.quantity, 0);
  if (onHand < want.quantity)
    throw new AppError('STOCK_SHORT', `「${want.name}」仓库库存不足：在库${onHand}，需出库${want.quantity}`);
  let left = want.quantity;
  const lines: MoveLine[] = [];
  for (const l of levels) {
    if (left === 0) break;
    const n = Math.min(left, l.quantity);
    if (n === 0) continue;
    lines.push({
      ...move,
      warehouse_id: l.warehouse_id,
      goods_id: want.goods_id,
      sku_id: want.sku_id,
      quantity: -n,
    });
    left -= n;
  }
  const short = await bookMoves(trx, companyId, lines, actor, now);
  if (short)
    throw new AppError(
      'STOCK_SHORT',
      `「${want.name}」仓库库存不足：在库${short.onHand}，需出库${-short.line.quantity}`,
    );
}

/** An order line as the shipment reads it. */
export interface ShippedLine {
  goods_id: number;
  sku_id: number | null;
  quantity: number;
  name: string;
  sku_text?: string;
}

/**
 * The back office ships an order: what it reserved leaves the warehouses as `shipment` moves, in
 * the shipment's transaction (sellable stock was taken when the order was placed and does not
 * change). Refused with the reason when the warehouses hold less than a line.
 */
export async function shipOrder(
  trx: Database,
  companyId: number,
  order: { id: number; order_no: string },
  items: readonly ShippedLine[],
  actor: StockActor,
  now: string,
) {
  const merged = new Map<string, ShippedLine & { sku: number }>();
  for (const i of items) {
    const sku = i.sku_id ?? 0;
    const key = `${i.goods_id}:${sku}`;
    const m = merged.get(key);
    if (m) m.quantity += i.quantity;
    else merged.set(key, { ...i, sku });
  }
  const lines = [...merged.values()].sort((a, b) => a.goods_id - b.goods_id || a.sku - b.sku);
  for (const l of lines)
    await takeOut(
      trx,
      companyId,
      actor,
      {
        goods_id: l.goods_id,
        sku_id: l.sku,
        quantity: l.quantity,
        name: l.sku_text ? `${l.name}（${l.sku_text}）` : l.name,
      },
      { kind: 'shipment', reason: '订单发货', ref: { type: 'order', id: order.id, no: order.order_no } },
      now,
    );
}

/**
 * A shipped order is refunded: what it shipped comes back into the warehouses it left, as
 * `return` moves (the shop's sellable stock comes back by the order's own `changeGoods`).
 */
export async function returnOrder(
  trx: Database,
  companyId: number,
  order: { id: number; order_no: string },
  actor: StockActor,
  now: string,
) {
  const out = await inCompany(trx, companyId)
    .selectFrom('stock_moves', 'm')
    .select(['m.warehouse_id', 'm.goods_id', 'm.sku_id', sql<number | string>`sum(m.quantity)`.as('n')])
    .where('m.ref_type', '=', 'order')
    .where('m.ref_id', '=', order.id)
    .where('m.kind', 'in', ['shipment', 'return'])
    .groupBy(['m.warehouse_id', 'm.goods_id', 'm.sku_id'])
    .execute();
  const lines: MoveLine[] = out
    .filter((r) => Number(r.n) < 0)
    .map((r) => ({
      warehouse_id: r.warehouse_id,
      goods_id: r.goods_id,
      sku_id: r.sku_id,
      quantity: -Number(r.n),
      kind: 'return',
      reason: '已发货订单退款，退货入库',
      ref: { type: 'order', id: order.id, no: order.order_no },
    }));
  await bookMoves(trx, companyId, lines, actor, now);
}

/**
 * A goods that had no specifications gets its first ones: what it held (`quantity`, its sellable
 * stock) moves from its own levels (sku 0; the default warehouse first) to the specification, as a
 * pair of `adjust` moves per warehouse. What unshipped orders reserved stays on sku 0, where their
 * lines ship from.
 */
export async function moveToSku(
  trx: Database,
  companyId: number,
  actor: StockActor,
  move: { goods_id: number; sku_id: number; quantity: number; spec_text: string },
  now: string,
) {
  if (move.quantity <= 0) return;
  const levels = await levelsToTake(trx, companyId, move.goods_id, 0);
  let left = move.quantity;
  const lines: MoveLine[] = [];
  const reason = `商品启用规格，库存转入规格「${move.spec_text}」`;
  for (const l of levels) {
    const n = Math.min(left, l.quantity);
    if (n <= 0) continue;
    const base = { warehouse_id: l.warehouse_id, goods_id: move.goods_id, kind: 'adjust' as const, reason };
    lines.push({ ...base, sku_id: 0, quantity: -n }, { ...base, sku_id: move.sku_id, quantity: n });
    left -= n;
  }
  const short = await bookMoves(trx, companyId, lines, actor, now);
  if (short) throw new AppError('STOCK_SHORT');
}
