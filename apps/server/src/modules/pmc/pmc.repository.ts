import { randomInt } from 'node:crypto';
import { PMC_OPEN_STATUS, type PmcMaterial } from '@portal/contract';
import { sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { chinaDay } from '#server/platform/time.ts';

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** `day` plus `n` days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A new plan's number: SC, the day (China time) and 6 random digits. */
export const newPlanNo = () =>
  `SC${chinaDay().replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** A material key: goods and specification. */
export const keyOf = (l: { goods_id: number; sku_id: number }) => `${l.goods_id}:${l.sku_id}`;

/** What all warehouses hold of each (goods, specification) of `lines`, by `keyOf`. */
export async function onHandOf(
  conn: Database,
  companyId: number,
  lines: readonly { goods_id: number; sku_id: number }[],
): Promise<Map<string, number>> {
  const goodsIds = [...new Set(lines.map((l) => l.goods_id))];
  if (goodsIds.length === 0) return new Map();
  const rows = await inCompany(conn, companyId)
    .selectFrom('stock_levels', 'l')
    .select(['l.goods_id', 'l.sku_id', sql<number | string>`sum(l.quantity)`.as('n')])
    .where('l.goods_id', 'in', goodsIds)
    .groupBy(['l.goods_id', 'l.sku_id'])
    .execute();
  return new Map(rows.map((r) => [keyOf(r), Number(r.n)]));
}

/**
 * The levels of the (goods, specification) keys, every warehouse, in ascending (goods,
 * specification, warehouse) — the ledger's lock order — and locked on PostgreSQL until the
 * transaction ends, so what is read stays what is there while the caller books its moves.
 */
export async function lockLevels(
  trx: Database,
  companyId: number,
  keys: readonly { goods_id: number; sku_id: number }[],
) {
  const goodsIds = [...new Set(keys.map((k) => k.goods_id))];
  if (goodsIds.length === 0) return [];
  let q = inCompany(trx, companyId)
    .selectFrom('stock_levels', 'l')
    .select(['l.warehouse_id', 'l.goods_id', 'l.sku_id', 'l.quantity'])
    .where('l.goods_id', 'in', goodsIds)
    .orderBy('l.goods_id')
    .orderBy('l.sku_id')
    .orderBy('l.warehouse_id');
  if (dialectOf(trx) === 'pg') q = q.forUpdate();
  const wanted = new Set(keys.map(keyOf));
  return (await q.execute()).filter((l) => wanted.has(keyOf(l)));
}

/** The live material lines of plans, in their order. */
export function planMaterials(conn: Database, companyId: number, planIds: readonly number[]) {
  return inCompany(conn, companyId)
    .selectFrom('production_plan_materials', 'm')
    .selectAll('m')
    .where('m.plan_id', 'in', planIds.length > 0 ? planIds : [0])
    .orderBy('m.plan_id')
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
}

export type MaterialRow = Awaited<ReturnType<typeof planMaterials>>[number];

/** Material lines with what the warehouses hold now and how much is missing. */
export async function withOnHand(
  conn: Database,
  companyId: number,
  lines: readonly Omit<PmcMaterial, 'on_hand' | 'short'>[],
): Promise<PmcMaterial[]> {
  const onHand = await onHandOf(conn, companyId, lines);
  return lines.map((l) => {
    const n = onHand.get(keyOf(l)) ?? 0;
    return { ...l, on_hand: n, short: Math.max(0, l.required - n) };
  });
}

export const toMaterial = (m: MaterialRow): Omit<PmcMaterial, 'on_hand' | 'short'> => ({
  id: m.id,
  plan_id: m.plan_id,
  goods_id: m.goods_id,
  sku_id: m.sku_id,
  goods_code: m.goods_code,
  goods_name: m.goods_name,
  spec_text: m.spec_text,
  unit: m.unit,
  required: m.required,
});

/** The company's open plans (计划中, 生产中), earliest due first. */
export function openPlans(conn: Database, companyId: number, planId?: number) {
  let q = inCompany(conn, companyId)
    .selectFrom('production_plans', 'p')
    .selectAll('p')
    .where('p.status', 'in', [...PMC_OPEN_STATUS]);
  if (planId !== undefined) q = q.where('p.id', '=', planId);
  return q.orderBy('p.due_date').orderBy('p.id').execute();
}

export type PlanRow = Awaited<ReturnType<typeof openPlans>>[number];

/**
 * Why products may not be deleted: an open plan (计划中, 生产中) still makes one of them (the
 * product module's `productInUse`); finished and cancelled plans keep the names they were made with.
 */
export async function productsPlanned(trx: Database, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return undefined;
  const plan = await inCompany(trx, companyId)
    .selectFrom('production_plans', 'p')
    .select(['p.plan_no', 'p.product_name'])
    .where('p.product_id', 'in', ids)
    .where('p.status', 'in', [...PMC_OPEN_STATUS])
    .orderBy('p.id')
    .executeTakeFirst();
  return plan ? `产品「${plan.product_name}」还有进行中的生产计划（${plan.plan_no}），不能删除` : undefined;
}
