import { randomInt } from 'node:crypto';
import { PMC_FINISHED, PMC_OPEN_STATUS, type PmcMaterial } from '@portal/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import type {
  ProductionPlanMaterialTable,
  ProductionPlanProgressTable,
  ProductionPlanTable,
} from '#server/platform/db/schema.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { compactDayIn, nowIso } from '#server/platform/time.ts';

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** `day` plus `n` days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A new plan's number: SC, the day (the company's zone) and 6 random digits. */
export const newPlanNo = (zone: string) =>
  `SC${compactDayIn(zone)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

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

const OPEN = [...PMC_OPEN_STATUS];

/** A live plan of the company. */
export const planById = (conn: Database, companyId: number, id: number) =>
  inCompany(conn, companyId)
    .selectFrom('production_plans', 'p')
    .selectAll('p')
    .where('p.id', '=', id)
    .executeTakeFirst();

/** Live plans of the company by id, in ascending id (the lock order). */
export const plansByIds = (conn: Database, companyId: number, ids: readonly number[]) =>
  inCompany(conn, companyId)
    .selectFrom('production_plans', 'p')
    .selectAll('p')
    .where('p.id', 'in', ids.length > 0 ? ids : [0])
    .orderBy('p.id')
    .execute();

/** Touches an open plan's row (locking it until the transaction ends); false when it is not open. */
export async function touchOpenPlan(trx: Database, companyId: number, id: number) {
  const r = await inCompany(trx, companyId)
    .updateTable('production_plans')
    .set({ updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** An open plan becomes 已完成, all of it made, by `actor`; false when it was not open. */
export async function markFinished(
  trx: Database,
  companyId: number,
  actor: { userId: number; username: string },
  id: number,
  now: string,
) {
  const r = await inCompany(trx, companyId, { userId: actor.userId })
    .updateTable('production_plans')
    .set({
      status: PMC_FINISHED,
      produced: sql<number>`quantity`,
      finished_at: now,
      finished_by: actor.userId,
      finished_by_name: actor.username,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A plan's progress reports, newest day first, one page, and how many there are. */
export async function reportsOf(
  conn: Database,
  companyId: number,
  planId: number,
  page: { limit: number; offset: number },
) {
  const q = inCompany(conn, companyId)
    .selectFrom('production_plan_progress', 'r')
    .where('r.plan_id', '=', planId);
  const [rows, total] = await Promise.all([
    q
      .selectAll('r')
      .orderBy('r.report_date', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/**
 * Adds `quantity` to an open plan's produced by a conditional update that never passes its
 * quantity (two reports at once cannot both take the last units), and it is 生产中; false when not.
 */
export async function addProduced(
  trx: Database,
  companyId: number,
  userId: number,
  planId: number,
  quantity: number,
  now: string,
) {
  const r = await inCompany(trx, companyId, { userId })
    .updateTable('production_plans')
    .set({ produced: sql<number>`produced + ${quantity}`, status: 1, updated_at: now })
    .where('id', '=', planId)
    .where('status', 'in', OPEN)
    .where(sql<boolean>`produced + ${quantity} <= quantity`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes a removed report's `quantity` off an open plan's produced; false when it cannot. */
export async function takeProduced(
  trx: Database,
  companyId: number,
  planId: number,
  quantity: number,
  now: string,
) {
  const r = await inCompany(trx, companyId)
    .updateTable('production_plans')
    .set({ produced: sql<number>`produced - ${quantity}`, updated_at: now })
    .where('id', '=', planId)
    .where('status', 'in', OPEN)
    .where('produced', '>=', quantity)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A new progress report, as stored. */
export const insertReport = (
  trx: Database,
  companyId: number,
  userId: number,
  values: Omit<Insertable<ProductionPlanProgressTable>, 'company_id'>,
) =>
  inCompany(trx, companyId, { userId })
    .insertInto('production_plan_progress', values)
    .returningAll()
    .executeTakeFirstOrThrow();

/** A live progress report of the company. */
export const reportById = (conn: Database, companyId: number, id: number) =>
  inCompany(conn, companyId)
    .selectFrom('production_plan_progress', 'r')
    .selectAll('r')
    .where('r.id', '=', id)
    .executeTakeFirst();

/** Soft-deletes a live row of a plan's table (a report, a material line); false when none was live. */
export async function removeLive(
  trx: Database,
  companyId: number,
  table: 'production_plan_progress' | 'production_plan_materials',
  id: number,
) {
  const r = await inCompany(trx, companyId)
    .updateTable(table)
    .set({ del_flag: 1, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A live material line of the company (of `planId` when given). */
export function materialById(conn: Database, companyId: number, id: number, planId?: number) {
  let q = inCompany(conn, companyId)
    .selectFrom('production_plan_materials', 'm')
    .selectAll('m')
    .where('m.id', '=', id);
  if (planId !== undefined) q = q.where('m.plan_id', '=', planId);
  return q.executeTakeFirst();
}

/** The plan's live line of a goods (specification), if it has one. */
export const materialOfGoods = (
  conn: Database,
  companyId: number,
  line: { plan_id: number; goods_id: number; sku_id: number },
) =>
  inCompany(conn, companyId)
    .selectFrom('production_plan_materials', 'm')
    .select('m.id')
    .where('m.plan_id', '=', line.plan_id)
    .where('m.goods_id', '=', line.goods_id)
    .where('m.sku_id', '=', line.sku_id)
    .executeTakeFirst();

export const updateMaterial = (
  trx: Database,
  companyId: number,
  id: number,
  values: Updateable<ProductionPlanMaterialTable>,
) =>
  inCompany(trx, companyId)
    .updateTable('production_plan_materials')
    .set(values)
    .where('id', '=', id)
    .execute();

/** A plan's new material lines (each with its `sort`); the new lines' ids when `returning`. */
export async function insertMaterials(
  trx: Database,
  companyId: number,
  lines: readonly Omit<Insertable<ProductionPlanMaterialTable>, 'company_id'>[],
) {
  if (lines.length === 0) return [];
  return inCompany(trx, companyId)
    .insertInto('production_plan_materials', [...lines])
    .returning('id')
    .execute();
}

/** The place after a plan's last material line. */
export async function nextMaterialSort(conn: Database, companyId: number, planId: number) {
  const last = await inCompany(conn, companyId)
    .selectFrom('production_plan_materials', 'm')
    .select(sql<number | null>`max(m.sort)`.as('n'))
    .where('m.plan_id', '=', planId)
    .executeTakeFirst();
  return Number(last?.n ?? -1) + 1;
}

/** A new plan (a copy of an old one), as stored. */
export const insertPlan = (
  trx: Database,
  companyId: number,
  userId: number,
  values: Omit<Insertable<ProductionPlanTable>, 'company_id'>,
) =>
  inCompany(trx, companyId, { userId })
    .insertInto('production_plans', values)
    .returningAll()
    .executeTakeFirstOrThrow();
