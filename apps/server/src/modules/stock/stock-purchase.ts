import { changeGoods } from '#server/modules/catalogue/index.ts';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { newInputNo, resolveRefs } from './stock-input.store.ts';
import { bookMoves, type MoveLine } from './stock-ledger.ts';

/**
 * What the purchases module (ADR 0025) asks of the stock, so that no other module writes stock
 * rows: the pending stock-in records a receipt writes, their check state, and a return to the
 * supplier out of a warehouse (the ledger's `purchase_return` moves and the shop's sellable stock
 * together, on hand = sellable + reserved).
 */

/** One line of a receipt: a purchase line's goods and the quantity that arrived. */
export interface ReceivedLine {
  line_id: number;
  goods_id: number;
  sku_id: number;
  quantity: number;
  /** Cents per unit: the order's price. */
  unit_cost: number;
}

/**
 * Writes a receipt's stock-in records (入库单), pending (待审核), one per line, in the receipt's
 * transaction: each names the order, its line and the receipt, the supplier, the warehouse and
 * the order's unit price, and counts in stock only once someone other than its maker checks it
 * (`/goods/input/check`). Answers the records' ids and numbers in the lines' order.
 */
export async function writePurchaseInputs(
  trx: Database,
  caller: Caller,
  receipt: {
    purchase_id: number;
    purchase_no: string;
    receipt_id: number;
    supplier_id: number;
    warehouse_id: number;
    input_date: string;
    remark: string;
    /** The company's time zone (the records' numbers carry its day). */
    zone: string;
  },
  lines: readonly ReceivedLine[],
  now: string,
) {
  const scope = inCompany(trx, caller.companyId, { userId: caller.userId });
  const taken = new Set<string>();
  const made: { id: number; input_no: string; line_id: number }[] = [];
  for (const line of lines) {
    const values: Record<string, unknown> = {
      goods_id: line.goods_id,
      sku_id: line.sku_id,
      warehouse_id: receipt.warehouse_id,
      supplier_id: receipt.supplier_id,
    };
    await resolveRefs(trx, caller, values);
    let inputNo = newInputNo(receipt.zone);
    while (taken.has(inputNo)) inputNo = newInputNo(receipt.zone);
    taken.add(inputNo);
    const row = await scope
      .insertInto('stock_inputs', {
        input_no: inputNo,
        goods_id: line.goods_id,
        sku_id: line.sku_id,
        goods_name: String(values.goods_name),
        goods_code: String(values.goods_code),
        spec_text: String(values.spec_text),
        unit: String(values.unit),
        warehouse_id: receipt.warehouse_id,
        warehouse_name: String(values.warehouse_name),
        supplier_id: receipt.supplier_id,
        supplier_name: String(values.supplier_name),
        quantity: line.quantity,
        unit_cost: line.unit_cost,
        input_date: receipt.input_date,
        remark: receipt.remark || `采购单 ${receipt.purchase_no} 到货`,
        status: 0,
        maker_name: caller.username,
        purchase_id: receipt.purchase_id,
        purchase_line_id: line.line_id,
        purchase_receipt_id: receipt.receipt_id,
        purchase_no: receipt.purchase_no,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, caller, { action: 'create', entity: 'stock_inputs', entityId: row.id, after: row });
    made.push({ id: row.id, input_no: row.input_no, line_id: line.line_id });
  }
  return made;
}

/** The stock-in records an order's receipts wrote, oldest first, with their check state. */
export function purchaseInputs(conn: Database, companyId: number, purchaseId: number) {
  return inCompany(conn, companyId)
    .selectFrom('stock_inputs', 'i')
    .select([
      'i.id',
      'i.input_no',
      'i.purchase_line_id',
      'i.purchase_receipt_id',
      'i.goods_name',
      'i.spec_text',
      'i.quantity',
      'i.status',
      'i.checked_by_name',
      'i.checked_at',
    ])
    .where('i.purchase_id', '=', purchaseId)
    .orderBy('i.id')
    .execute();
}

/** Per purchase line, what its checked stock-in records (of `purchaseInputs`) brought into stock. */
export function checkedByLine(
  inputs: readonly { purchase_line_id: number | null; status: number; quantity: number }[],
) {
  const checked = new Map<number, number>();
  for (const i of inputs)
    if (i.status === 1 && i.purchase_line_id !== null)
      checked.set(i.purchase_line_id, (checked.get(i.purchase_line_id) ?? 0) + i.quantity);
  return checked;
}

/** One line of a return: which level it leaves and what the ledger and messages call it. */
export interface ReturnedLine {
  warehouse_id: number;
  goods_id: number;
  sku_id: number;
  quantity: number;
  unit_cost: number;
  /** The goods (and specification) as a message names it. */
  label: string;
}

/**
 * Goods go back to the supplier: each line leaves its warehouse as a `purchase_return` move and
 * the shop's sellable stock falls alike, in the caller's transaction (levels first, goods rows
 * last, once). Refused when a level holds less (STOCK_SHORT) or when what is left would not cover
 * what unshipped orders reserved (STOCK_RESERVED); throwing rolls the return back.
 */
export async function returnToSupplier(
  trx: Database,
  caller: Caller,
  lines: readonly ReturnedLine[],
  ref: { id: number; no: string; reason: string },
  now: string,
) {
  const moves: MoveLine[] = lines.map((l) => ({
    warehouse_id: l.warehouse_id,
    goods_id: l.goods_id,
    sku_id: l.sku_id,
    quantity: -l.quantity,
    kind: 'purchase_return',
    unit_cost: l.unit_cost,
    reason: `采购退货：${ref.reason}`,
    ref: { type: 'purchase', id: ref.id, no: ref.no },
  }));
  const short = await bookMoves(
    trx,
    caller.companyId,
    moves,
    { userId: caller.userId, name: caller.username },
    now,
  );
  if (short) {
    const line = lines.find((l) => l.goods_id === short.line.goods_id && l.sku_id === short.line.sku_id);
    throw new AppError(
      'STOCK_SHORT',
      `「${line?.label ?? '商品'}」仓库库存不足：在库${short.onHand}，需退货${-short.line.quantity}`,
      'lines',
    );
  }
  const missing = await changeGoods(
    trx,
    caller.companyId,
    lines.map((l) => ({
      goods_id: l.goods_id,
      sku_id: l.sku_id === 0 ? null : l.sku_id,
      stock: -l.quantity,
    })),
    { now },
  );
  if (missing !== undefined) {
    const line = lines.find((l) => l.goods_id === Number(missing));
    throw new AppError(
      'STOCK_RESERVED',
      `「${line?.label ?? '商品'}」可售库存不足：其余库存已被未发货的订单占用，请先处理订单`,
      'lines',
    );
  }
}
