import {
  STOCK_MOVE_KINDS,
  type StockLevel,
  type StockMove,
  type StockMoveKind,
  type stockCalls,
  stockInputResource,
} from '@portal/contract';
import type { z } from 'zod';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { resourceService } from '#server/platform/resource/resource-service.ts';
import { nowIso, type ZoneOf } from '#server/platform/time.ts';
import { changeGoods } from '../catalogue/index.ts';
import { type LevelRow, stockRepository as repo } from './stock.repository.ts';
import { stockGoods } from './stock-goods.ts';
import { stockInputStore } from './stock-input.store.ts';
import { bookMoves, type StockActor } from './stock-ledger.ts';
import { moveFilterOf } from './stock-moves-export.ts';
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
export interface StockDeps {
  goodsChanged: (companyId: number) => void;
  /** The company's time zone (record numbers, the ledger's days). */
  zoneOf: ZoneOf;
  /** The company's settings (`stock_in_second_approver`: may a record's maker check it?). */
  settingsOf: (companyId: number) => Promise<{ stock_in_second_approver: number }>;
  /**
   * Told in the check's transaction, before any level or goods row is written, that a record a
   * purchase receipt wrote is now in stock (the purchase's state follows; ADR 0025). Given by
   * app.ts, so this module does not import purchases.
   */
  purchaseStocked?: (
    trx: Database,
    caller: Caller,
    record: { purchase_id: number; input_no: string; quantity: number },
    now: string,
  ) => Promise<void>;
}

export function stockService(db: Database, deps: StockDeps) {
  const inputs = resourceService(db, stockInputResource, stockInputStore(deps.zoneOf));

  const toLevel = (r: LevelRow): StockLevel => {
    // Unknown (no specification cost, nothing booked in at a price): no cost and no value, not ¥0.
    const cost = r.unit_cost === null || r.unit_cost === undefined ? null : Number(r.unit_cost);
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
      value: cost === null ? null : cost * r.quantity,
      update_time: r.updated_at,
    };
  };

  async function level(conn: Database, companyId: number, id: number) {
    const row = await repo.levelById(conn, companyId, id);
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

  /** Whether the company wants a second person to check a stock-in record (商城设置). */
  const secondApprover = async (companyId: number) =>
    (await deps.settingsOf(companyId)).stock_in_second_approver === 1;

  return {
    inputs,

    /** The company's rule for checking one's own records, for the 审核 button. */
    approveRule: async (caller: Caller) => ({
      second_approver: (await secondApprover(caller.companyId)) ? 1 : 0,
    }),

    /**
     * Checks a pending stock-in record: refused to its maker when the company asks for a second
     * person (`stock_in_second_approver`, read before the transaction: the settings' cache reads
     * through `db`); a purchase's record moves its order on; the level rises, the ledger books a
     * `purchase` move at its unit price and the shop's sellable stock rises, in one transaction.
     */
    async check(caller: Caller, id: number) {
      const now = nowIso();
      const second = await secondApprover(caller.companyId);
      await db.transaction().execute(async (trx) => {
        const before = await repo.inputById(trx, caller.companyId, id);
        if (!before) throw new AppError('NOT_FOUND', '入库单不存在或已被删除');
        if (before.status === 1) throw new AppError('STOCK_INPUT_CHECKED', '入库单已审核，不能重复审核');
        if (before.created_by === caller.userId && second) throw new AppError('STOCK_INPUT_SELF_CHECK');
        if (!(await repo.markChecked(trx, caller.companyId, caller, id, now)))
          throw new AppError('STOCK_INPUT_CHECKED', '入库单已审核或已删除，请刷新后重试');
        if (before.purchase_id !== null)
          await deps.purchaseStocked?.(
            trx,
            caller,
            { purchase_id: before.purchase_id, input_no: before.input_no, quantity: before.quantity },
            now,
          );
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
      const filter = {
        warehouse_id: f.warehouse_id,
        goods_id: f.goods_id,
        low: f.low === 1,
        keyword: f.keyword,
      };
      const [rows, count] = await Promise.all([
        repo.levelPage(db, caller.companyId, filter, pageSize, offset),
        repo.levelCount(db, caller.companyId, filter),
      ]);
      return paged({ count, results: rows.map(toLevel) }, { page, pageSize });
    },

    async moves(caller: Caller, f: MovesInput) {
      const { page, pageSize, offset } = pageParams(f);
      const filter = moveFilterOf(await deps.zoneOf(caller.companyId), f);
      const [rows, count] = await Promise.all([
        repo.movePage(db, caller.companyId, filter, pageSize, offset),
        repo.moveCount(db, caller.companyId, filter),
      ]);
      const results: StockMove[] = rows.map(({ created_at, spec_text, ...m }) => ({
        ...m,
        spec_text: spec_text ?? '',
        kind_name: STOCK_MOVE_KINDS[m.kind as StockMoveKind] ?? m.kind,
        create_time: created_at,
      }));
      return paged({ count, results }, { page, pageSize });
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
        const id = await repo.levelIdOf(trx, caller.companyId, {
          warehouse_id: w.id,
          goods_id: g.id,
          sku_id: g.sku_id,
        });
        await audit(trx, caller, {
          action: 'update',
          entity: 'stock_levels',
          entityId: id,
          after: { quantity: input.quantity, reason: input.reason },
        });
        return id;
      });
      deps.goodsChanged(caller.companyId);
      return level(db, caller.companyId, levelId);
    },

    async warn(caller: Caller, id: number, warnQuantity: number) {
      await db.transaction().execute(async (trx) => {
        const before = await level(trx, caller.companyId, id);
        await repo.setWarn(trx, caller.companyId, id, warnQuantity, nowIso());
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
        const w = await warehouseInUse(trx, caller.companyId, input.warehouse_id);
        const goods = await repo.goodsByIds(trx, caller.companyId, ids);
        if (goods.length !== ids.length)
          throw new AppError('NOT_FOUND', '所选商品不存在或已被删除，请刷新后重试', 'ids');
        const skus = await repo.skusOf(trx, caller.companyId, ids);
        const keys = goods.flatMap((g) =>
          g.sku_count > 0
            ? skus.filter((s) => s.goods_id === g.id).map((s) => ({ goods_id: g.id, sku_id: s.id }))
            : [{ goods_id: g.id, sku_id: 0 }],
        );
        const count = await repo.addLevels(
          trx,
          caller.companyId,
          w.id,
          keys,
          input.warn_quantity ?? 0,
          nowIso(),
        );
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
      return { results: await repo.approvedSuppliers(db, caller.companyId, keyword) };
    },
  };
}

export type StockService = ReturnType<typeof stockService>;
