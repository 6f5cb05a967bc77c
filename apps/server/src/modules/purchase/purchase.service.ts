import {
  exportJobKind,
  PURCHASE_CANCELLED,
  PURCHASE_DONE,
  PURCHASE_DRAFT,
  PURCHASE_EXPORT_COLUMNS,
  PURCHASE_ORDERED,
  PURCHASE_PARTIAL,
  PURCHASE_STATUS,
  type Purchase,
  type PurchaseDetail,
  type PurchaseStatus,
  purchaseCalls,
  RESOURCE_EXPORT_MAX,
  type SheetKind,
} from '@portal/contract';
import type { z } from 'zod';
import {
  approvedSupplier,
  checkedByLine,
  defaultWarehouse,
  lineGoods,
  lineGoodsOf,
  purchaseInputs,
  returnToSupplier,
  stockGoodsOfLines,
  warehouseInUse,
  writePurchaseInputs,
} from '#server/modules/stock/index.ts';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { ListExport } from '#server/platform/resource/list-export.ts';
import { compactDayIn, dayIn, dayStartIn, nowIso, wallDate, type ZoneOf } from '#server/platform/time.ts';
import {
  type NewLine,
  type OrderRow,
  type PurchaseFilter,
  purchaseRepository as repo,
} from './purchase.repository.ts';

type ListInput = z.output<typeof purchaseCalls.list.input>;
type ExportInput = z.output<typeof purchaseCalls.export.input>;
type OrderInput = z.output<typeof purchaseCalls.add.input>;
type ReceiveInput = z.output<typeof purchaseCalls.receive.input>;
type ReturnInput = z.output<typeof purchaseCalls.return.input>;

const statusName = (s: number | null) =>
  s === null ? '' : (PURCHASE_STATUS[s as PurchaseStatus] ?? String(s));

const label = (l: { goods_name: string; spec_text: string }) =>
  l.spec_text ? `${l.goods_name}（${l.spec_text}）` : l.goods_name;

const toPurchase = (r: OrderRow): Purchase => ({
  id: r.id,
  order_no: r.order_no,
  supplier_id: r.supplier_id,
  supplier_name: r.supplier_name,
  warehouse_id: r.warehouse_id,
  warehouse_name: r.warehouse_name,
  expected_date: r.expected_date,
  remark: r.remark,
  status: r.status,
  status_name: statusName(r.status),
  total_quantity: r.total_quantity,
  total_amount: r.total_amount,
  received_quantity: Number(r.received_quantity),
  returned_quantity: Number(r.returned_quantity),
  maker_name: r.maker_name,
  ordered_at: r.ordered_at,
  create_time: r.created_at,
  update_time: r.updated_at,
});

const filterOf = (zone: string, f: ExportInput): PurchaseFilter => ({
  keyword: f.keyword,
  status: f.status,
  supplier_id: f.supplier_id,
  from: f.date_from ? dayStartIn(zone, f.date_from) : undefined,
  to: f.date_to ? dayStartIn(zone, f.date_to, 1) : undefined,
});

/**
 * Purchase orders (ADR 0025): drafts written and changed by purchasing, sent (下单), received in
 * parts — each receipt counts on the order at once and writes pending stock-in records that count
 * in stock when another person checks them — returned (checked goods only), cancelled; every
 * change of state is in the order's history, every write audited, each in one transaction.
 */
export function purchaseService(
  db: Database,
  deps: { goodsChanged: (companyId: number) => void; zoneOf: ZoneOf },
) {
  async function detail(conn: Database, companyId: number, id: number): Promise<PurchaseDetail> {
    const order = await repo.byId(conn, companyId, id);
    if (!order) throw new AppError('NOT_FOUND', '采购单不存在或已被删除');
    const lines = await repo.lines(conn, companyId, id);
    const inputs = await purchaseInputs(conn, companyId, id);
    const checked = checkedByLine(inputs);
    const receipts = await repo.receipts(conn, companyId, id);
    const returns = await repo.returns(conn, companyId, id);
    const returnLines = await repo.returnLines(conn, companyId, id);
    const history = await repo.history(conn, companyId, id);
    return {
      ...toPurchase(order),
      lines: lines.map((l) => ({
        id: l.id,
        ...lineGoods(l),
        quantity: l.quantity,
        unit_price: l.unit_price,
        amount: l.quantity * l.unit_price,
        received_qty: l.received_qty,
        stocked_qty: checked.get(l.id) ?? 0,
        returned_qty: l.returned_qty,
        returnable_qty: Math.max(0, (checked.get(l.id) ?? 0) - l.returned_qty),
      })),
      receipts: receipts.map((r) => ({
        id: r.id,
        remark: r.remark,
        quantity: r.quantity,
        created_by: r.created_by,
        created_by_name: r.created_by_name,
        create_time: r.created_at,
        inputs: inputs
          .filter((i) => i.purchase_receipt_id === r.id)
          .map((i) => ({
            id: i.id,
            input_no: i.input_no,
            line_id: i.purchase_line_id ?? 0,
            goods_name: i.goods_name,
            spec_text: i.spec_text,
            quantity: i.quantity,
            status: i.status,
            checked_by_name: i.checked_by_name,
            checked_at: i.checked_at,
          })),
      })),
      returns: returns.map((r) => ({
        id: r.id,
        reason: r.reason,
        quantity: r.quantity,
        amount: r.amount,
        created_by_name: r.created_by_name,
        create_time: r.created_at,
        lines: returnLines
          .filter((l) => l.return_id === r.id)
          .map((l) => ({
            line_id: l.line_id,
            goods_name: l.goods_name,
            spec_text: l.spec_text,
            quantity: l.quantity,
          })),
      })),
      history: history.map((h) => ({
        id: h.id,
        from_status: h.from_status,
        from_name: statusName(h.from_status),
        to_status: h.to_status,
        to_name: statusName(h.to_status),
        note: h.note,
        user_name: h.user_name,
        create_time: h.created_at,
      })),
    };
  }

  /** An order's supplier (approved), warehouse (in use; the default one when none is named) and lines. */
  async function orderValues(trx: Database, caller: Caller, input: Omit<OrderInput, 'id'>, now: string) {
    const supplier = await approvedSupplier(trx, caller.companyId, input.supplier_id);
    const warehouse =
      input.warehouse_id === undefined
        ? await defaultWarehouse(trx, caller.companyId, now)
        : await warehouseInUse(trx, caller.companyId, input.warehouse_id);
    // Every line's goods and specification in two queries (the stock module's rule, ADR 0022).
    const goods = await stockGoodsOfLines(trx, caller.companyId, input.lines);
    const seen = new Set<string>();
    const lines: NewLine[] = input.lines.map((l, i) => {
      const g = goods[i] as (typeof goods)[number];
      const key = `${g.id}:${g.sku_id}`;
      if (seen.has(key))
        throw new AppError(
          'PARAM_ERROR',
          `第${i + 1}行：「${label({ goods_name: g.name, spec_text: g.spec_text })}」重复，请合并为一行`,
          'lines',
        );
      seen.add(key);
      return {
        ...lineGoodsOf(g),
        quantity: l.quantity,
        unit_price: l.unit_price,
        sort: i,
      };
    });
    const total_amount = lines.reduce((s, l) => s + l.quantity * l.unit_price, 0);
    if (!Number.isSafeInteger(total_amount))
      throw new AppError('PARAM_ERROR', '采购金额过大，请拆分为多张采购单', 'lines');
    return {
      values: {
        supplier_id: supplier.id,
        supplier_name: supplier.name,
        warehouse_id: warehouse.id,
        warehouse_name: warehouse.name,
        expected_date: input.expected_date ?? '',
        remark: input.remark ?? '',
        total_quantity: lines.reduce((s, l) => s + l.quantity, 0),
        total_amount,
      },
      lines,
    };
  }

  /** Why an order could not be claimed: gone (NOT_FOUND) or in another state. */
  async function refusal(trx: Database, companyId: number, id: number, action: string) {
    const order = await repo.byId(trx, companyId, id);
    if (!order) return new AppError('NOT_FOUND', '采购单不存在或已被删除');
    return new AppError('PURCHASE_STATE', `采购单${statusName(order.status)}，不能${action}`);
  }

  const history = (
    trx: Database,
    caller: Caller,
    purchaseId: number,
    from: number | null,
    to: number,
    note: string,
    now: string,
  ) =>
    repo.addHistory(trx, caller.companyId, {
      purchase_id: purchaseId,
      from_status: from,
      to_status: to,
      note,
      user_id: caller.userId,
      user_name: caller.username,
      created_at: now,
    });

  /** A change of state from one of `from` to `to`, with its history row and audit, in one transaction. */
  async function transition(
    caller: Caller,
    id: number,
    from: readonly number[],
    to: number,
    action: string,
    note: string,
    extra: { ordered_at?: string } = {},
  ) {
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      const before = await repo.byId(trx, caller.companyId, id);
      if (
        !(await repo.claim(trx, caller.companyId, caller.userId, id, from, {
          status: to,
          ...extra,
          updated_at: now,
        }))
      )
        throw await refusal(trx, caller.companyId, id, action);
      await history(trx, caller, id, before?.status ?? null, to, note, now);
      await audit(trx, caller, {
        action: 'update',
        entity: 'purchases',
        entityId: id,
        before: { status: before?.status },
        after: { status: to, note },
      });
    });
    return detail(db, caller.companyId, id);
  }

  return {
    async list(caller: Caller, f: ListInput) {
      const p = pageParams(f);
      const filter = filterOf(await deps.zoneOf(caller.companyId), f);
      const [rows, count] = await Promise.all([
        repo.page(db, caller.companyId, filter, p.pageSize, p.offset),
        repo.count(db, caller.companyId, filter),
      ]);
      return paged({ count, results: rows.map(toPurchase) }, p);
    },

    /** The export's rows under the list's filters, 500 at a time (never all in memory). */
    async *rows(caller: Caller, f: ExportInput) {
      const zone = await deps.zoneOf(caller.companyId);
      const filter = filterOf(zone, f);
      for (let offset = 0; offset < RESOURCE_EXPORT_MAX; offset += 500) {
        const page = await repo.page(
          db,
          caller.companyId,
          filter,
          Math.min(500, RESOURCE_EXPORT_MAX - offset),
          offset,
        );
        for (const r of page) {
          const p = toPurchase(r);
          // Money a number of yuan, times and days date cells on the company's clock (issue 35 item 7).
          yield {
            ...p,
            total_amount_yuan: p.total_amount / 100,
            expected_date: p.expected_date ? new Date(`${p.expected_date}T00:00:00Z`) : null,
            create_time: wallDate(zone, p.create_time),
          };
        }
        if (page.length < 500) return;
      }
    },

    detail: (caller: Caller, id: number) => detail(db, caller.companyId, id),

    /** A new draft; its number is the day's next (CG20261124-0001), taken atomically. */
    async add(caller: Caller, input: OrderInput) {
      const now = nowIso();
      const zone = await deps.zoneOf(caller.companyId);
      const id = await db.transaction().execute(async (trx) => {
        const { values, lines } = await orderValues(trx, caller, input, now);
        const day = compactDayIn(zone, now);
        const n = await repo.nextNumber(trx, caller.companyId, day);
        const order_no = `CG${day}-${String(n).padStart(4, '0')}`;
        const made = await repo.insert(trx, caller.companyId, caller.userId, {
          ...values,
          order_no,
          maker_name: caller.username,
          created_at: now,
          updated_at: now,
        });
        await repo.insertLines(trx, caller.companyId, made.id, lines);
        await history(trx, caller, made.id, null, PURCHASE_DRAFT, '新建采购单', now);
        await audit(trx, caller, {
          action: 'create',
          entity: 'purchases',
          entityId: made.id,
          after: { order_no, ...values, lines },
        });
        return made.id;
      });
      return detail(db, caller.companyId, id);
    },

    /** A draft's header and lines (its lines replaced); refused once it was sent. */
    async update(caller: Caller, id: number, input: OrderInput) {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const before = await repo.byId(trx, caller.companyId, id);
        if (
          !(await repo.claim(trx, caller.companyId, caller.userId, id, [PURCHASE_DRAFT], { updated_at: now }))
        )
          throw await refusal(trx, caller.companyId, id, '修改');
        const beforeLines = await repo.lines(trx, caller.companyId, id);
        const { values, lines } = await orderValues(trx, caller, input, now);
        await repo.claim(trx, caller.companyId, caller.userId, id, [PURCHASE_DRAFT], {
          ...values,
          updated_at: now,
        });
        await repo.deleteLines(trx, caller.companyId, id);
        await repo.insertLines(trx, caller.companyId, id, lines);
        await audit(trx, caller, {
          action: 'update',
          entity: 'purchases',
          entityId: id,
          before: { ...before, lines: beforeLines },
          after: { ...values, lines },
        });
      });
      return detail(db, caller.companyId, id);
    },

    submit: (caller: Caller, id: number) =>
      transition(caller, id, [PURCHASE_DRAFT], PURCHASE_ORDERED, '下单', '下单', { ordered_at: nowIso() }),

    /** Drafts and sent orders; what has not arrived will not (pending stock-in records still count once checked). */
    cancel: (caller: Caller, id: number, reason: string | undefined) =>
      transition(
        caller,
        id,
        [PURCHASE_DRAFT, PURCHASE_ORDERED, PURCHASE_PARTIAL],
        PURCHASE_CANCELLED,
        '取消',
        reason ? `取消：${reason}` : '取消采购单',
      ),

    /** Drafts only (soft delete; the number is not given again). */
    async remove(caller: Caller, id: number) {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const before = await repo.byId(trx, caller.companyId, id);
        if (
          !(await repo.claim(trx, caller.companyId, caller.userId, id, [PURCHASE_DRAFT], {
            del_flag: 1,
            updated_at: now,
          }))
        )
          throw await refusal(trx, caller.companyId, id, '删除（只能删除草稿）');
        await audit(trx, caller, { action: 'delete', entity: 'purchases', entityId: id, before });
      });
      return { count: 1 };
    },

    /**
     * A receipt (到货入库): per line at most what is still to come — a conditional update, so
     * receipts at once never pass the order — then one pending stock-in record per line received;
     * the order becomes 入库中 (已完成 only once every line is checked into stock: `purchaseStocked`).
     */
    async receive(caller: Caller, input: ReceiveInput) {
      const now = nowIso();
      const zone = await deps.zoneOf(caller.companyId);
      await db.transaction().execute(async (trx) => {
        const cid = caller.companyId;
        if (
          !(await repo.claim(trx, cid, caller.userId, input.id, [PURCHASE_ORDERED, PURCHASE_PARTIAL], {
            updated_at: now,
          }))
        )
          throw await refusal(trx, cid, input.id, '到货入库');
        const order = await repo.byId(trx, cid, input.id);
        if (!order) throw new AppError('NOT_FOUND', '采购单不存在或已被删除');
        const lines = await repo.lines(trx, cid, input.id);
        const wanted = input.lines.filter((l) => l.quantity > 0);
        const received = [];
        for (const w of wanted) {
          const line = lines.find((l) => l.id === w.line_id);
          if (!line) throw new AppError('PARAM_ERROR', '采购明细不属于该采购单，请刷新后重试', 'lines');
          if (!(await repo.receive(trx, cid, input.id, line.id, w.quantity)))
            throw new AppError(
              'PURCHASE_OVER_RECEIPT',
              `「${label(line)}」最多还能到货${line.quantity - line.received_qty}（采购${line.quantity}，已到货${line.received_qty}）`,
              'lines',
            );
          line.received_qty += w.quantity;
          received.push({
            line_id: line.id,
            goods_id: line.goods_id,
            sku_id: line.sku_id,
            quantity: w.quantity,
            unit_cost: line.unit_price,
          });
        }
        const quantity = received.reduce((s, l) => s + l.quantity, 0);
        const receipt = await repo.insertReceipt(trx, cid, {
          purchase_id: order.id,
          quantity,
          remark: input.remark ?? '',
          created_by: caller.userId,
          created_by_name: caller.username,
          created_at: now,
        });
        const inputs = await writePurchaseInputs(
          trx,
          caller,
          {
            purchase_id: order.id,
            purchase_no: order.order_no,
            receipt_id: receipt.id,
            supplier_id: order.supplier_id,
            warehouse_id: order.warehouse_id,
            input_date: input.input_date ?? dayIn(zone, now),
            remark: input.remark ?? '',
            zone,
          },
          received,
          now,
        );
        // Nothing of a receipt is in stock before its records are checked.
        const to = PURCHASE_PARTIAL;
        if (to !== order.status)
          await repo.claim(trx, cid, caller.userId, order.id, [order.status], {
            status: to,
            updated_at: now,
          });
        await history(
          trx,
          caller,
          order.id,
          order.status,
          to,
          `到货 ${quantity}，入库单 ${inputs.map((i) => i.input_no).join('、')}（待审核）`,
          now,
        );
        await audit(trx, caller, {
          action: 'update',
          entity: 'purchases',
          entityId: order.id,
          before: { status: order.status },
          after: { status: to, receipt: receipt.id, lines: received },
        });
      });
      return detail(db, caller.companyId, input.id);
    },

    /**
     * A return (退货) to the supplier: per line at most what checked stock-in records brought in
     * less what was returned (a conditional update), out of the order's warehouse as
     * `purchase_return` moves, refused when the warehouse holds less; the state does not change.
     */
    async returnGoods(caller: Caller, input: ReturnInput) {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const cid = caller.companyId;
        if (
          !(await repo.claim(
            trx,
            cid,
            caller.userId,
            input.id,
            [PURCHASE_PARTIAL, PURCHASE_DONE, PURCHASE_CANCELLED],
            {
              updated_at: now,
            },
          ))
        )
          throw await refusal(trx, cid, input.id, '退货（还没有到货）');
        const order = await repo.byId(trx, cid, input.id);
        if (!order) throw new AppError('NOT_FOUND', '采购单不存在或已被删除');
        const lines = await repo.lines(trx, cid, input.id);
        const checked = checkedByLine(await purchaseInputs(trx, cid, input.id));
        const wanted = input.lines.filter((l) => l.quantity > 0);
        const back = [];
        for (const w of wanted) {
          const line = lines.find((l) => l.id === w.line_id);
          if (!line) throw new AppError('PARAM_ERROR', '采购明细不属于该采购单，请刷新后重试', 'lines');
          const max = checked.get(line.id) ?? 0;
          if (!(await repo.giveBack(trx, cid, input.id, line.id, w.quantity, max)))
            throw new AppError(
              'PURCHASE_OVER_RETURN',
              `「${label(line)}」最多可退${Math.max(0, max - line.returned_qty)}（已审核入库${max}，已退货${line.returned_qty}）`,
              'lines',
            );
          back.push({ line, quantity: w.quantity });
        }
        const quantity = back.reduce((s, b) => s + b.quantity, 0);
        const amount = back.reduce((s, b) => s + b.quantity * b.line.unit_price, 0);
        const made = await repo.insertReturn(
          trx,
          cid,
          {
            purchase_id: order.id,
            quantity,
            amount,
            reason: input.reason,
            created_by: caller.userId,
            created_by_name: caller.username,
            created_at: now,
          },
          back.map((b) => ({ line_id: b.line.id, quantity: b.quantity })),
        );
        await returnToSupplier(
          trx,
          caller,
          back.map((b) => ({
            warehouse_id: order.warehouse_id,
            goods_id: b.line.goods_id,
            sku_id: b.line.sku_id,
            quantity: b.quantity,
            unit_cost: b.line.unit_price,
            label: label(b.line),
          })),
          { id: order.id, no: order.order_no, reason: input.reason },
          now,
        );
        await history(
          trx,
          caller,
          order.id,
          order.status,
          order.status,
          `退货 ${quantity}：${input.reason}`,
          now,
        );
        await audit(trx, caller, {
          action: 'update',
          entity: 'purchases',
          entityId: order.id,
          after: { return: made.id, lines: back.map((b) => ({ line_id: b.line.id, quantity: b.quantity })) },
        });
      });
      deps.goodsChanged(caller.companyId);
      return detail(db, caller.companyId, input.id);
    },
  };
}

export type PurchaseService = ReturnType<typeof purchaseService>;

/**
 * A stock-in record a receipt of purchase `purchase_id` wrote was checked (called in the check's
 * transaction by modules/stock, through app.ts, before levels and goods are written): the order
 * row is locked, the record is in its history, and the order is 已完成 once every line's checked
 * quantity reaches what was ordered. A cancelled order stays cancelled (its records still count).
 */
export async function purchaseStocked(
  trx: Database,
  caller: Caller,
  record: { purchase_id: number; input_no: string; quantity: number },
  now: string,
) {
  const cid = caller.companyId;
  const id = record.purchase_id;
  const open = [PURCHASE_ORDERED, PURCHASE_PARTIAL, PURCHASE_CANCELLED];
  if (!(await repo.claim(trx, cid, caller.userId, id, open, { updated_at: now }))) return;
  const order = await repo.byId(trx, cid, id);
  if (!order) return;
  const lines = await repo.lines(trx, cid, id);
  const checked = checkedByLine(await purchaseInputs(trx, cid, id));
  const done =
    order.status !== PURCHASE_CANCELLED && lines.every((l) => (checked.get(l.id) ?? 0) >= l.quantity);
  const to = done ? PURCHASE_DONE : order.status;
  if (to !== order.status) {
    await repo.claim(trx, cid, caller.userId, id, [order.status], { status: to, updated_at: now });
    await audit(trx, caller, {
      action: 'update',
      entity: 'purchases',
      entityId: id,
      before: { status: order.status },
      after: { status: to, input_no: record.input_no },
    });
  }
  await repo.addHistory(trx, cid, {
    purchase_id: id,
    from_status: order.status,
    to_status: to,
    note: `入库单 ${record.input_no} 审核入库 ${record.quantity}${done ? '，全部入库' : ''}`,
    user_id: caller.userId,
    user_name: caller.username,
    created_at: now,
  });
}

/**
 * The purchases' list as it exports (ADR 0025, ADR 0037 "Exports as jobs"): at once up to
 * RESOURCE_EXPORT_DIRECT_MAX orders, else as a job of kind `export:/purchase/export`.
 */
/** The purchase sheet's cells by kind: money 0.00, dates and times as date cells. */
const PURCHASE_SHEET_KINDS: Partial<Record<string, SheetKind>> = {
  total_amount_yuan: 'money',
  expected_date: 'day',
  create_time: 'time',
};

export function purchaseExport(purchases: PurchaseService): ListExport<ExportInput> {
  return {
    kind: exportJobKind(purchaseCalls.export.path),
    label: '采购单',
    columns: Object.entries(PURCHASE_EXPORT_COLUMNS).map(([key, label]) => ({
      key,
      label,
      ...(PURCHASE_SHEET_KINDS[key] ? { kind: PURCHASE_SHEET_KINDS[key] } : {}),
    })),
    count: async (caller, f) => (await purchases.list(caller, { ...f, page: 1, page_size: 5 })).paging.count,
    rows: (caller, f) => purchases.rows(caller, f),
  };
}
