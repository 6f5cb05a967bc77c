import { randomInt } from 'node:crypto';
import type { stockInputResource } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';
import { compactDayIn, nowIso, type ZoneOf } from '#server/platform/time.ts';
import { stockGoods } from './stock-goods.ts';
import { warehouseInUse } from './warehouse.store.ts';

/** A new record's number: RK, the day (the company's zone) and 6 random digits. */
export function newInputNo(zone: string) {
  return `RK${compactDayIn(zone)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** An approved supplier of the company (a stock-in record's, a purchase order's), or the refusal beside `supplier_id`. */
export async function approvedSupplier(trx: Database, companyId: number, id: number) {
  const supplier = await inCompany(trx, companyId)
    .selectFrom('suppliers', 's')
    .select(['s.id', 's.name', 's.status'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (supplier?.status !== 1)
    throw new AppError('PARAM_ERROR', '供应商不存在或未通过审核，请重新选择', 'supplier_id');
  return { id: supplier.id, name: supplier.name };
}

/**
 * What a record names, read in the writing transaction and kept on the record as it was then (a
 * document keeps the names it was made with): the goods and its specification, the warehouse in
 * use, an approved supplier.
 */
export async function resolveRefs(trx: Database, caller: Caller, values: Record<string, unknown>) {
  const goods = await stockGoods(trx, caller.companyId, Number(values.goods_id), Number(values.sku_id ?? 0));
  const warehouse = await warehouseInUse(trx, caller.companyId, Number(values.warehouse_id));
  const supplierName =
    values.supplier_id === null
      ? ''
      : (await approvedSupplier(trx, caller.companyId, Number(values.supplier_id))).name;
  Object.assign(values, {
    sku_id: goods.sku_id,
    goods_name: goods.name,
    goods_code: goods.code,
    unit: goods.unit,
    spec_text: goods.spec_text,
    warehouse_name: warehouse.name,
    supplier_name: supplierName,
  });
}

/** A record a purchase receipt wrote is the receipt's: changed or deleted only through the order (ADR 0025). */
const purchaseMade = (row: Record<string, unknown>) =>
  new AppError(
    'PURCHASE_INPUT_LOCKED',
    `入库单 ${String(row.input_no)} 由采购单 ${String(row.purchase_no)} 到货生成，不能在入库单中修改或删除`,
  );

/**
 * Stock-in records (入库单): written pending (待审核) by whoever holds `add_stock_input`; they
 * count only when checked by someone else (stock.service.ts `check`). A checked record is neither
 * changed nor deleted: the write waits for a check under way and is then refused.
 */
export const stockInputStore = (zoneOf: ZoneOf): ResourceStore<typeof stockInputResource> => ({
  table: 'stock_inputs',
  sorts: { date: [['input_date', 'desc']] },
  uniqueCodes: { input_no: 'STOCK_INPUT_NO_TAKEN' },
  // The amount is worked out, not stored (the item's schema checks the whole row after).
  toItem: (row, item) => ({ ...item, amount: Number(row.quantity) * Number(row.unit_cost) }) as never,
  rules: {
    async beforeSave(trx, values, caller, before) {
      if (before) {
        if (before.purchase_id !== null) throw purchaseMade(before);
        // Locks the pending row (a check under way commits first) and refuses a checked one.
        const r = await inCompany(trx, caller.companyId)
          .updateTable('stock_inputs')
          .set({ updated_at: nowIso() })
          .where('id', '=', before.id)
          .where('status', '=', 0)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new AppError('STOCK_INPUT_CHECKED');
      }
      await resolveRefs(trx, caller, values);
      if (values.input_no === '') values.input_no = newInputNo(await zoneOf(caller.companyId, trx));
      if (!before) Object.assign(values, { status: 0, maker_name: caller.username });
    },
    async beforeRemove(trx, rows, caller) {
      const purchased = rows.find((r) => r.purchase_id !== null);
      if (purchased) throw purchaseMade(purchased);
      const checked = rows.find((r) => r.status === 1);
      if (checked)
        throw new AppError('STOCK_INPUT_CHECKED', `入库单 ${String(checked.input_no)} 已审核，不能删除`);
      const r = await inCompany(trx, caller.companyId)
        .updateTable('stock_inputs')
        .set({ updated_at: nowIso() })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('status', '=', 0)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== rows.length) throw new AppError('STOCK_INPUT_CHECKED');
    },
  },
});
