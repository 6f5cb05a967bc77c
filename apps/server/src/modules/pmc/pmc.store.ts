import {
  DEFAULT_TIME_ZONE,
  itemFromRow,
  PMC_FINISHED,
  PMC_STATUS,
  type PmcPlan,
  pmcResource,
} from '@portal/contract';
import type { z } from 'zod';
import { materialNeeds, productById } from '#server/modules/product/index.ts';
import { warehouseInUse } from '#server/modules/stock/index.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore, SheetValues } from '#server/platform/resource/resource-service.ts';
import { dayIn, nowIso, type ZoneOf } from '#server/platform/time.ts';
import { daysBetween, newPlanNo, touchOpenPlan } from './pmc.repository.ts';

type Row = Record<string, unknown> & { id: number };

/**
 * Why an open plan is late on `today` (China time), or undefined (ADR 0024): its due date has
 * passed, or its reports are behind a linear schedule — by the end of yesterday it should have
 * made quantity × (days from its start to yesterday) / (days from its start to its due date).
 */
export function lateDetail(
  p: { status: number; quantity: number; produced: number; start_date: string; due_date: string },
  // The list's 延期 mark (toItem knows no company) reads the default zone's day; the warnings the company's.
  today = dayIn(DEFAULT_TIME_ZONE),
): string | undefined {
  if (p.status !== 0 && p.status !== 1) return undefined;
  if (today > p.due_date)
    return `已超过完工日期${daysBetween(p.due_date, today)}天，完成${p.produced}/${p.quantity}`;
  const elapsed = daysBetween(p.start_date, today);
  if (elapsed <= 0) return undefined;
  const expected = Math.floor((p.quantity * elapsed) / (daysBetween(p.start_date, p.due_date) + 1));
  if (p.produced < expected) return `按计划截至昨天应完成${expected}，实际完成${p.produced}`;
  return undefined;
}

/**
 * What a plan's item holds besides its stored columns (read by the declaration's naming rule):
 * its progress, its status's word, and 延期 when it is late (缺料 is added by the service).
 */
function worked(row: Row, item: Record<string, unknown>) {
  const quantity = Number(row.quantity);
  const produced = Number(row.produced);
  const status = Number(row.status);
  const late = lateDetail({
    status,
    quantity,
    produced,
    start_date: String(row.start_date),
    due_date: String(row.due_date),
  });
  return {
    ...item,
    status,
    progress: quantity > 0 ? Math.floor((produced * 100) / quantity) : 0,
    status_name: PMC_STATUS[status as keyof typeof PMC_STATUS] ?? '',
    warnings: late ? ['延期'] : [],
  } as z.input<typeof pmcResource.item>;
}

/** A stored plan as the calls answer it. */
export const toPlan = (row: Row): PmcPlan =>
  pmcResource.item.parse(worked(row, itemFromRow(pmcResource.shape, row)));

/** An enabled product of the company, or the field's refusal. */
export async function usableProduct(trx: Database, companyId: number, productId: number) {
  const product = await productById(trx, companyId, productId);
  if (product?.status !== 1) throw new AppError('PMC_PRODUCT_UNAVAILABLE', undefined, 'product_id');
  return product;
}

/**
 * The plan's material lines from its product's bill of materials for `quantity` units (replacing
 * the live ones it had), in the caller's transaction.
 */
export async function linesFromBom(
  trx: Database,
  companyId: number,
  plan: { id: number; product_id: number; quantity: number },
) {
  const now = nowIso();
  const scope = inCompany(trx, companyId);
  await scope
    .updateTable('production_plan_materials')
    .set({ del_flag: 1, updated_at: now })
    .where('plan_id', '=', plan.id)
    .execute();
  const needs = await materialNeeds(trx, companyId, plan.product_id, plan.quantity);
  if (needs.length === 0) return;
  await scope
    .insertInto(
      'production_plan_materials',
      needs.map((n, i) => ({
        plan_id: plan.id,
        goods_id: n.goods_id,
        sku_id: n.sku_id,
        goods_code: n.goods_code,
        goods_name: n.goods_name,
        spec_text: n.spec_text ?? '',
        unit: n.unit,
        required: n.required,
        sort: i,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** Reads the plan's product and warehouse into its values and checks its dates (create, save, import). */
async function resolveRefs(trx: Database, caller: Caller, values: Record<string, unknown>, before?: Row) {
  if (String(values.due_date) < String(values.start_date))
    throw new AppError('PARAM_ERROR', '完工日期不能早于开始日期', 'due_date');
  const productId = Number(values.product_id);
  if (before && productId !== before.product_id && Number(before.produced) > 0)
    throw new AppError('PARAM_ERROR', '已有报工的计划不能更换产品', 'product_id');
  if (before && Number(values.quantity) < Number(before.produced))
    throw new AppError('PARAM_ERROR', `计划数量不能少于已完成的${String(before.produced)}`, 'quantity');
  // A plan keeps the product it was made with (a stopped product's open plans can still be saved).
  if (!before || productId !== before.product_id) {
    const product = await usableProduct(trx, caller.companyId, productId);
    Object.assign(values, {
      product_code: product.code,
      product_name: product.name,
      goods_id: product.goods_id,
      sku_id: product.sku_id,
      unit: product.unit,
    });
  }
  const w = await warehouseInUse(trx, caller.companyId, Number(values.warehouse_id));
  values.warehouse_name = w.name;
}

/**
 * How a checked sheet row becomes a plan's values: the product by its code (an enabled one), the
 * warehouse by its name (empty: the default one); the company's products and warehouses read once.
 */
async function preparePlanImport(conn: Database, caller: Caller) {
  const scope = inCompany(conn, caller.companyId);
  const warehouses = await scope
    .selectFrom('warehouses', 'w')
    .select(['w.id', 'w.name', 'w.is_default', 'w.status'])
    .execute();
  const byName = new Map(warehouses.filter((w) => w.status === 1).map((w) => [w.name.trim(), w.id]));
  const fallback = warehouses.find((w) => w.is_default === 1 && w.status === 1)?.id;
  // The products by code, read once (the product module's `productById` reads one by id).
  const products = new Map(
    (await scope.selectFrom('products', 'p').select(['p.id', 'p.code', 'p.status']).execute()).map((p) => [
      p.code,
      p,
    ]),
  );
  return (data: Record<string, unknown>): SheetValues => {
    const row = data as z.output<typeof pmcResource.schemas.importRow>;
    const errors: Record<string, string> = {};
    const product = products.get(row.product_code);
    if (!product) errors.product_code = `产品编码「${row.product_code}」不存在`;
    else if (product.status !== 1) errors.product_code = `产品「${row.product_code}」已停用`;
    const warehouseId = row.warehouse ? byName.get(row.warehouse) : fallback;
    if (warehouseId === undefined)
      errors.warehouse = row.warehouse
        ? `仓库「${row.warehouse}」不存在或已停用`
        : '请填写入库仓库（单位还没有默认仓库）';
    if (row.due_date < row.start_date) errors.due_date = '完工日期不能早于开始日期';
    if (Object.keys(errors).length > 0 || !product || warehouseId === undefined) return { errors };
    return {
      values: {
        plan_no: row.plan_no ?? '',
        product_id: product.id,
        quantity: row.quantity,
        start_date: row.start_date,
        due_date: row.due_date,
        warehouse_id: warehouseId,
        remark: row.remark ?? '',
      },
    };
  };
}

/**
 * Production plans on the resource block (ADR 0024): the list, read, create, save, the number's
 * check, the picker, the batch delete, the export and the import; the block's rules fill the
 * product's and the warehouse's names, copy the bill of materials into a new plan's lines, and
 * keep finished plans as they are.
 */
export const pmcStore = (zoneOf: ZoneOf): ResourceStore<typeof pmcResource> => ({
  table: 'production_plans',
  sorts: { due: [['due_date', 'asc']] },
  uniqueCodes: { plan_no: 'PMC_NO_TAKEN' },
  toItem: worked,
  // A status only when a save sets one (a new plan is 计划中: beforeSave).
  toValues: (f, { status: _, ...values }) =>
    f.status === undefined ? values : { ...values, status: Number(f.status) },
  import: {
    prepare: preparePlanImport,
  },
  // The export names each plan's warehouse as the import reads it.
  sheet: async (_conn, _caller, plans) => plans.map((p) => ({ warehouse: p.warehouse_name ?? '' })),
  rules: {
    async beforeSave(trx, values, caller, before) {
      if (before) {
        // Locks the open row (a finish under way commits first) and refuses a closed one.
        if (!(await touchOpenPlan(trx, caller.companyId, before.id))) throw new AppError('PMC_CLOSED');
        // A plan with reports is 生产中 unless called off.
        if (values.status === 0 && Number(before.produced) > 0) values.status = 1;
      } else values.status = 0;
      await resolveRefs(trx, caller, values, before);
      if (values.plan_no === '') values.plan_no = newPlanNo(await zoneOf(caller.companyId, trx));
    },
    async afterInsert(trx, rows, caller) {
      for (const row of rows)
        await linesFromBom(trx, caller.companyId, {
          id: row.id,
          product_id: Number(row.product_id),
          quantity: Number(row.quantity),
        });
    },
    async afterUpdate(trx, after, before, caller) {
      // Another product or quantity: the lines are the bill of materials' again (edits are lost).
      if (after.product_id !== before.product_id || after.quantity !== before.quantity)
        await linesFromBom(trx, caller.companyId, {
          id: after.id,
          product_id: Number(after.product_id),
          quantity: Number(after.quantity),
        });
    },
    async beforeRemove(trx, rows, caller) {
      const finished = rows.find((r) => r.status === PMC_FINISHED);
      if (finished)
        throw new AppError('PMC_CLOSED', `生产计划 ${String(finished.plan_no)} 已完工入库，不能删除`);
      // Locks the rows; a finish that committed meanwhile leaves fewer to take.
      const r = await inCompany(trx, caller.companyId)
        .updateTable('production_plans')
        .set({ updated_at: nowIso() })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('status', '<>', PMC_FINISHED)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== rows.length)
        throw new AppError('PMC_CLOSED', '所选生产计划中有刚完工入库的，请刷新后重试');
    },
  },
});
