import {
  STOCK_MOVE_KINDS,
  type StockLevel,
  type StockMove,
  type StockMoveKind,
  type stockCalls,
  stockInputResource,
} from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { resourceService } from '#server/platform/resource/resource-service.ts';
import { chinaDayStart, nowIso } from '#server/platform/time.ts';
import { changeGoods } from '../catalogue/index.ts';
import { stockGoods } from './stock-goods.ts';
import { stockInputStore } from './stock-input.store.ts';
import { bookMoves, type StockActor } from './stock-ledger.ts';
import { warehouseInUse } from './warehouse.store.ts';

type LevelsInput = z.output<typeof stockCalls.levels.input>;
type MovesInput = z.output<typeof stockCalls.moves.input>;
type AdjustInput = z.output<typeof stockCalls.adjust.input>;
type PushInput = z.output<typeof stockCalls.push.input>;

const actorOf = (caller: Caller): StockActor => ({ userId: caller.userId, name: caller.username });

/**
 * The stock's rules (ADR 0022): the levels and the ledger read, the check of a stock-in record,
 * count adjustments, warning thresholds and pushing goods into a warehouse's list. Every write
 * changes levels through `bookMoves` and the shop's sellable stock through `changeGoods`
 * (levels first, goods rows last) in one transaction.
 */
export function stockService(db: Database, deps: { goodsChanged: (companyId: number) => void }) {
  const inputs = resourceService(db, stockInputResource, stockInputStore);

  /** The levels with their names, sellable stock and unit cost. */
  function levelRows(conn: Database, companyId: number) {
    // A level's last checked purchase price (its unit cost when its specification names none).
    const lastCost = inCompany(conn, companyId)
      .selectFrom('stock_moves', 'm')
      .select('m.unit_cost')
      .where(sql<boolean>`m.goods_id = l.goods_id and m.sku_id = l.sku_id`)
      .where('m.kind', '=', 'purchase')
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
  type LevelRow = Awaited<ReturnType<ReturnType<typeof levelRows>['execute']>>[number];

  const toLevel = (r: LevelRow): StockLevel => {
    const cost = Number(r.unit_cost ?? 0);
    return {
      id: r.id,
      warehouse_id: r.warehouse_id,
      warehouse_name: r.warehouse_name,
      goods_id: r.goods_id,
      goods_code: r.goods_code,
      goods_name: r.goods_name,
      unit: r.unit,
      sku_id: r.sku_id,
      spec_text: r.spec_text ?? '',
      quantity: r.quantity,
      warn_quantity: r.warn_quantity,
      low: r.warn_quantity > 0 && r.quantity < r.warn_quantity,
      sellable: Number(r.sellable),
      unit_cost: cost,
      value: cost * r.quantity,
      update_time: r.updated_at,
    };
  };

  async function level(conn: Database, companyId: number, id: number) {
    const row = await levelRows(conn, companyId).where('l.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', '库存记录不存在');
    return toLevel(row);
  }

  /** The shop's sellable stock of a goods (specification) by `n`; refused when it would go below 0. */
  async function changeSellable(
    trx: Database,
    companyId: number,
    g: { id: number; sku_id: number; label: string },
    n: number,
    now: string,
  ) {
    const short = await changeGoods(
      trx,
      companyId,
      [{ goods_id: g.id, sku_id: g.sku_id === 0 ? null : g.sku_id, stock: n }],
      { now },
    );
    if (short !== undefined)
      throw new AppError(
        'STOCK_RESERVED',
        `「${g.label}」可售库存不足${-n}：其余库存已被未发货的订单占用，请先处理订单`,
      );
  }

  return {
    inputs,

    /**
     * Checks a pending stock-in record: refused to its maker; the level rises, the ledger books a
     * `purchase` move at its unit price and the shop's sellable stock rises, in one transaction.
     */
    async check(caller: Caller, id: number) {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const scope = inCompany(trx, caller.companyId, { userId: caller.userId });
        const before = await scope
          .selectFrom('stock_inputs', 'i')
          .selectAll('i')
          .where('i.id', '=', id)
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND', '入库单不存在或已被删除');
        if (before.status === 1) throw new AppError('STOCK_INPUT_CHECKED', '入库单已审核，不能重复审核');
        if (before.created_by === caller.userId) throw new AppError('STOCK_INPUT_SELF_CHECK');
        const done = await scope
          .updateTable('stock_inputs')
          .set({
            status: 1,
            checked_by: caller.userId,
            checked_by_name: caller.username,
            checked_at: now,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('status', '=', 0)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1)
          throw new AppError('STOCK_INPUT_CHECKED', '入库单已审核或已删除，请刷新后重试');
        const g = await stockGoods(trx, caller.companyId, before.goods_id, before.sku_id);
        await warehouseInUse(trx, caller.companyId, before.warehouse_id);
        await bookMoves(
          trx,
          caller.companyId,
          [
            {
              warehouse_id: before.warehouse_id,
              goods_id: before.goods_id,
              sku_id: before.sku_id,
              quantity: before.quantity,
              kind: 'purchase',
              unit_cost: before.unit_cost,
              reason: [
                before.purchase_no && `采购单：${before.purchase_no}`,
                before.supplier_name ? `供应商：${before.supplier_name}` : '入库单审核',
              ]
                .filter(Boolean)
                .join('，'),
              ref: { type: 'stock_input', id: before.id, no: before.input_no },
            },
          ],
          actorOf(caller),
          now,
        );
        await changeSellable(trx, caller.companyId, g, before.quantity, now);
        await audit(trx, caller, {
          action: 'update',
          entity: 'stock_inputs',
          entityId: id,
          before,
          after: { status: 1, checked_by: caller.userId, checked_at: now },
        });
      });
      deps.goodsChanged(caller.companyId);
      return inputs.get(caller, id);
    },

    async levels(caller: Caller, f: LevelsInput) {
      const { page, pageSize, offset } = pageParams(f);
      let q = levelRows(db, caller.companyId);
      if (f.warehouse_id !== undefined) q = q.where('l.warehouse_id', '=', f.warehouse_id);
      if (f.goods_id !== undefined) q = q.where('l.goods_id', '=', f.goods_id);
      if (f.low === 1) q = q.where('l.warn_quantity', '>', 0).whereRef('l.quantity', '<', 'l.warn_quantity');
      if (f.keyword) {
        const k = f.keyword;
        q = q.where((eb) => containsLike(eb, ['g.name', 'g.code', 's.spec_text', 's.barcode'], k));
      }
      const [rows, total] = await Promise.all([
        q
          .orderBy('l.goods_id', 'desc')
          .orderBy('l.sku_id')
          .orderBy('l.warehouse_id')
          .limit(pageSize)
          .offset(offset)
          .execute(),
        q.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return paged({ count: Number(total?.n ?? 0), results: rows.map(toLevel) }, { page, pageSize });
    },

    async moves(caller: Caller, f: MovesInput) {
      const { page, pageSize, offset } = pageParams(f);
      let q = inCompany(db, caller.companyId)
        .selectFrom('stock_moves', 'm')
        .innerJoin('warehouses as w', 'w.id', 'm.warehouse_id')
        .innerJoin('goods as g', 'g.id', 'm.goods_id')
        .leftJoin('goods_skus as s', (j) =>
          j.onRef('s.id', '=', 'm.sku_id').onRef('s.goods_id', '=', 'm.goods_id'),
        );
      if (f.warehouse_id !== undefined) q = q.where('m.warehouse_id', '=', f.warehouse_id);
      if (f.goods_id !== undefined) q = q.where('m.goods_id', '=', f.goods_id);
      if (f.kind !== undefined) q = q.where('m.kind', '=', f.kind);
      if (f.date_from) q = q.where('m.created_at', '>=', chinaDayStart(f.date_from));
      if (f.date_to) q = q.where('m.created_at', '<', chinaDayStart(f.date_to, 1));
      if (f.keyword) {
        const k = f.keyword;
        q = q.where((eb) => containsLike(eb, ['g.name', 'g.code', 'm.ref_no', 'm.reason'], k));
      }
      const [rows, total] = await Promise.all([
        q
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
          .limit(pageSize)
          .offset(offset)
          .execute(),
        q.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      const results: StockMove[] = rows.map(({ created_at, spec_text, ...m }) => ({
        ...m,
        spec_text: spec_text ?? '',
        kind_name: STOCK_MOVE_KINDS[m.kind as StockMoveKind] ?? m.kind,
        create_time: created_at,
      }));
      return paged({ count: Number(total?.n ?? 0), results }, { page, pageSize });
    },

    /**
     * A count adjustment: the level and the shop's sellable stock move by `quantity` together
     * (on hand = sellable + reserved), with the reason in the ledger. Refused when the level, or
     * what is not reserved by unshipped orders, holds less than a decrease.
     */
    async adjust(caller: Caller, input: AdjustInput) {
      const now = nowIso();
      const levelId = await db.transaction().execute(async (trx) => {
        const g = await stockGoods(trx, caller.companyId, input.goods_id, input.sku_id);
        const w = await warehouseInUse(trx, caller.companyId, input.warehouse_id);
        const short = await bookMoves(
          trx,
          caller.companyId,
          [
            {
              warehouse_id: w.id,
              goods_id: g.id,
              sku_id: g.sku_id,
              quantity: input.quantity,
              kind: 'adjust',
              reason: input.reason,
            },
          ],
          actorOf(caller),
          now,
        );
        if (short)
          throw new AppError(
            'STOCK_SHORT',
            `「${g.label}」在「${w.name}」的库存只有${short.onHand}，不能减少${-input.quantity}`,
            'quantity',
          );
        await changeSellable(trx, caller.companyId, g, input.quantity, now);
        const row = await inCompany(trx, caller.companyId)
          .selectFrom('stock_levels', 'l')
          .select('l.id')
          .where('l.warehouse_id', '=', w.id)
          .where('l.goods_id', '=', g.id)
          .where('l.sku_id', '=', g.sku_id)
          .executeTakeFirstOrThrow();
        await audit(trx, caller, {
          action: 'update',
          entity: 'stock_levels',
          entityId: row.id,
          after: { quantity: input.quantity, reason: input.reason },
        });
        return row.id;
      });
      deps.goodsChanged(caller.companyId);
      return level(db, caller.companyId, levelId);
    },

    async warn(caller: Caller, id: number, warnQuantity: number) {
      await db.transaction().execute(async (trx) => {
        const before = await level(trx, caller.companyId, id);
        await inCompany(trx, caller.companyId)
          .updateTable('stock_levels')
          .set({ warn_quantity: warnQuantity, updated_at: nowIso() })
          .where('id', '=', id)
          .execute();
        await audit(trx, caller, {
          action: 'update',
          entity: 'stock_levels',
          entityId: id,
          before: { warn_quantity: before.warn_quantity },
          after: { warn_quantity: warnQuantity },
        });
      });
      return level(db, caller.companyId, id);
    },

    /**
     * `/goods/push/to/stock`: each chosen goods (each of its live specifications) gets a level in
     * the warehouse if it has none (quantity 0, no move: 0 = the sum of no moves), with the warning
     * threshold when given. Stock enters only by checked stock-in records and adjustments.
     */
    async push(caller: Caller, input: PushInput) {
      const ids = [...new Set(input.ids)];
      return db.transaction().execute(async (trx) => {
        const scope = inCompany(trx, caller.companyId);
        const w = await warehouseInUse(trx, caller.companyId, input.warehouse_id);
        const goods = await scope
          .selectFrom('goods', 'g')
          .select(['g.id', 'g.sku_count'])
          .where('g.id', 'in', ids)
          .execute();
        if (goods.length !== ids.length)
          throw new AppError('NOT_FOUND', '所选商品不存在或已被删除，请刷新后重试', 'ids');
        const skus = await scope
          .selectFrom('goods_skus', 's')
          .select(['s.id', 's.goods_id'])
          .where('s.goods_id', 'in', ids)
          .execute();
        const keys = goods.flatMap((g) =>
          g.sku_count > 0
            ? skus.filter((s) => s.goods_id === g.id).map((s) => ({ goods_id: g.id, sku_id: s.id }))
            : [{ goods_id: g.id, sku_id: 0 }],
        );
        const now = nowIso();
        let count = 0;
        for (const k of keys) {
          const r = await scope
            .insertInto('stock_levels', {
              warehouse_id: w.id,
              ...k,
              quantity: 0,
              warn_quantity: input.warn_quantity ?? 0,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.columns(['warehouse_id', 'goods_id', 'sku_id']).doNothing())
            .executeTakeFirst();
          count += Number(r.numInsertedOrUpdatedRows ?? 0);
        }
        await audit(trx, caller, {
          action: 'update',
          entity: 'warehouses',
          entityId: w.id,
          after: { goods: ids, levels: count },
        });
        return { count };
      });
    },

    async suppliers(caller: Caller, keyword: string | undefined) {
      let q = inCompany(db, caller.companyId)
        .selectFrom('suppliers', 's')
        .select(['s.id', 's.name as label'])
        .where('s.status', '=', 1);
      if (keyword) q = q.where((eb) => containsLike(eb, ['s.name'], keyword));
      return { results: await q.orderBy('s.name').limit(50).execute() };
    },
  };
}

export type StockService = ReturnType<typeof stockService>;
