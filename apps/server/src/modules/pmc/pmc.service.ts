import {
  type CodeName,
  PMC_CANCELLED,
  PMC_FINISHED,
  PMC_OPEN_STATUS,
  PMC_WARN_KINDS,
  type PmcPlan,
  type PmcProgress,
  type PmcWarning,
  type PmcWarnKind,
  type pmcCalls,
  pmcResource,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { changeGoods } from '#server/modules/catalogue/index.ts';
import { materialNeeds } from '#server/modules/product/index.ts';
import {
  bookMoves,
  lineGoods,
  lineGoodsOf,
  type MoveLine,
  type StockActor,
  stockGoods,
  warehouseInUse,
} from '#server/modules/stock/index.ts';
import { audit, auditMany } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import type { ProductionPlanProgressTable } from '#server/platform/db/schema.ts';
import { resourceService } from '#server/platform/resource/resource-service.ts';
import { dayIn, nowIso, type ZoneOf } from '#server/platform/time.ts';
import {
  addDays,
  addProduced,
  daysBetween,
  insertMaterials,
  insertPlan,
  insertReport,
  keyOf,
  lockLevels,
  markFinished,
  materialById,
  materialOfGoods,
  newPlanNo,
  nextMaterialSort,
  onHandOf,
  openPlans,
  planById,
  planMaterials,
  plansByIds,
  removeLive,
  reportById,
  reportsOf,
  takeProduced,
  toMaterial,
  touchOpenPlan,
  updateMaterial,
  withOnHand,
} from './pmc.repository.ts';
import { lateDetail, pmcStore, toPlan, usableProduct } from './pmc.store.ts';

type ListInput = z.output<typeof pmcResource.schemas.listBody>;
type WarnInput = z.output<typeof pmcCalls.warnings.input>;
type ProgressInput = z.output<typeof pmcCalls.progressAdd.input>;
type MaterialInput = z.output<typeof pmcCalls.materialSave.input>;
type CopyInput = z.output<typeof pmcCalls.copy.input>;

/** A stored progress report as the calls answer it. */
const toReport = (r: Selectable<ProductionPlanProgressTable>): PmcProgress => ({
  id: r.id,
  plan_id: r.plan_id,
  report_date: r.report_date,
  quantity: r.quantity,
  remark: r.remark,
  reporter_name: r.reporter_name,
  create_time: r.created_at,
});

const actorOf = (caller: Caller): StockActor => ({ userId: caller.userId, name: caller.username });
const OPEN = [...PMC_OPEN_STATUS];

/**
 * Production plans (PMC, ADR 0024): the resource block serves the plans (pmc.store.ts); here are
 * the warnings, progress reports, material lines, copies of old plans and finishing, which books
 * the output and the materials through the stock ledger in one transaction.
 */
export function pmcService(
  db: Database,
  deps: { goodsChanged: (companyId: number) => void; zoneOf: ZoneOf },
) {
  const base = resourceService(db, pmcResource, pmcStore(deps.zoneOf));

  /** Plans with 缺料 added where a material line needs more than the warehouses hold. */
  async function withShortage(conn: Database, companyId: number, plans: PmcPlan[]) {
    const open = plans.filter((p) => p.status === 0 || p.status === 1);
    if (open.length === 0) return plans;
    const lines = await planMaterials(
      conn,
      companyId,
      open.map((p) => p.id),
    );
    const onHand = await onHandOf(conn, companyId, lines);
    const short = new Set(
      lines.filter((l) => l.required > (onHand.get(keyOf(l)) ?? 0)).map((l) => l.plan_id),
    );
    return plans.map((p) => (short.has(p.id) ? { ...p, warnings: [...p.warnings, '缺料'] } : p));
  }

  /** A plan of the company (live), or NOT_FOUND. */
  async function planOf(conn: Database, companyId: number, id: number) {
    const plan = await planById(conn, companyId, id);
    if (!plan) throw new AppError('NOT_FOUND', '生产计划不存在或已被删除');
    return plan;
  }

  /** Locks an open plan's row for a change of its lines or reports; refuses a closed one. */
  async function lockOpen(trx: Database, companyId: number, id: number) {
    const plan = await planOf(trx, companyId, id);
    if (!(await touchOpenPlan(trx, companyId, id)))
      throw new AppError('PMC_CLOSED', `生产计划 ${plan.plan_no} 已完成或已取消，不能再修改`);
    return plan;
  }

  /**
   * Finishes open plans in one transaction (ADR 0024): each plan's row becomes 已完成 by a
   * conditional update (in ascending id; a plan finished meanwhile refuses all); the levels of
   * every goods involved are locked in the ledger's order; the materials' requirements, summed
   * per goods, are checked against what all warehouses hold (the first short one is named) and
   * taken out — the plan's own warehouse first, then the others — as `material` moves, the output
   * booked into the plan's warehouse as `production` moves (one `bookMoves`), and the shop's
   * sellable stock follows last (`changeGoods`).
   */
  async function finishPlans(caller: Caller, ids: readonly number[]) {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      const plans = await plansByIds(trx, caller.companyId, unique);
      if (plans.length !== unique.length)
        throw new AppError('NOT_FOUND', '所选生产计划不存在或已被删除，请刷新后重试');
      for (const p of plans)
        if (!(await markFinished(trx, caller.companyId, caller, p.id, now)))
          throw new AppError(
            'PMC_CLOSED',
            p.status === PMC_CANCELLED
              ? `生产计划 ${p.plan_no} 已取消，不能完工`
              : `生产计划 ${p.plan_no} 已完工，不能重复完工`,
          );
      const lines = await planMaterials(trx, caller.companyId, unique);
      const outputs = plans.map((p) => ({ goods_id: p.goods_id, sku_id: p.sku_id }));
      const levels = await lockLevels(trx, caller.companyId, [...lines, ...outputs]);
      // What every material needs in all, against what all warehouses hold.
      const need = new Map<string, { line: (typeof lines)[number]; total: number; plan: string }>();
      const planNo = new Map(plans.map((p) => [p.id, p.plan_no]));
      for (const l of lines) {
        const n = need.get(keyOf(l));
        if (n) n.total += l.required;
        else need.set(keyOf(l), { line: l, total: l.required, plan: planNo.get(l.plan_id) ?? '' });
      }
      const left = new Map<string, number>();
      for (const lv of levels) left.set(keyOf(lv), (left.get(keyOf(lv)) ?? 0) + lv.quantity);
      for (const [key, n] of need) {
        const onHand = left.get(key) ?? 0;
        if (n.total > onHand) {
          const name = n.line.spec_text ? `${n.line.goods_name}（${n.line.spec_text}）` : n.line.goods_name;
          throw new AppError(
            'PMC_MATERIAL_SHORT',
            `物料「${name}」库存不足：需要${n.total}，所有仓库共有${onHand}，还缺${n.total - onHand}（生产计划 ${n.plan}）`,
          );
        }
      }
      // Taken out per plan: its own warehouse first, then the others in order.
      const inWarehouse = new Map(levels.map((lv) => [`${keyOf(lv)}@${lv.warehouse_id}`, lv.quantity]));
      const moves: MoveLine[] = [];
      for (const p of plans) {
        const ref = { type: 'production_plan', id: p.id, no: p.plan_no };
        for (const l of lines.filter((x) => x.plan_id === p.id)) {
          let want = l.required;
          const order = levels
            .filter((lv) => keyOf(lv) === keyOf(l))
            .sort(
              (a, b) => Number(b.warehouse_id === p.warehouse_id) - Number(a.warehouse_id === p.warehouse_id),
            );
          for (const lv of order) {
            if (want === 0) break;
            const k = `${keyOf(lv)}@${lv.warehouse_id}`;
            const take = Math.min(want, inWarehouse.get(k) ?? 0);
            if (take === 0) continue;
            inWarehouse.set(k, (inWarehouse.get(k) ?? 0) - take);
            want -= take;
            moves.push({
              warehouse_id: lv.warehouse_id,
              goods_id: l.goods_id,
              sku_id: l.sku_id,
              quantity: -take,
              kind: 'material',
              reason: `生产领料：${p.product_name}`,
              ref,
            });
          }
        }
        moves.push({
          warehouse_id: p.warehouse_id,
          goods_id: p.goods_id,
          sku_id: p.sku_id,
          quantity: p.quantity,
          kind: 'production',
          reason: `生产完工：${p.product_name}`,
          ref,
        });
      }
      const short = await bookMoves(trx, caller.companyId, moves, actorOf(caller), now);
      if (short)
        throw new AppError(
          'PMC_MATERIAL_SHORT',
          `物料库存不足：在库${short.onHand}，需出库${-short.line.quantity}`,
        );
      const deltas = [
        ...lines.map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id || null, stock: -l.required })),
        ...plans.map((p) => ({ goods_id: p.goods_id, sku_id: p.sku_id || null, stock: p.quantity })),
      ];
      const refused = await changeGoods(trx, caller.companyId, deltas, { now });
      if (refused !== undefined) {
        const line = lines.find((l) => l.goods_id === refused);
        throw new AppError(
          'STOCK_RESERVED',
          `物料「${line?.goods_name ?? refused}」可售库存不足：部分库存已被未发货的订单占用，请先处理订单`,
        );
      }
      await auditMany(
        trx,
        caller,
        plans.map((p) => ({
          action: 'update' as const,
          entity: 'production_plans',
          entityId: p.id,
          before: { status: p.status, produced: p.produced },
          after: { status: PMC_FINISHED, produced: p.quantity, finished_at: now },
        })),
      );
    });
    deps.goodsChanged(caller.companyId);
  }

  return {
    ...base,

    async list(caller: Caller, input: ListInput) {
      const page = await base.list(caller, input);
      return { ...page, results: await withShortage(db, caller.companyId, page.results as PmcPlan[]) };
    },

    async get(caller: Caller, id: number) {
      const [plan] = await withShortage(db, caller.companyId, [(await base.get(caller, id)) as PmcPlan]);
      return plan as PmcPlan;
    },

    async finish(caller: Caller, id: number) {
      await finishPlans(caller, [id]);
      return toPlan(await planOf(db, caller.companyId, id));
    },

    async finishMany(caller: Caller, ids: readonly number[]) {
      await finishPlans(caller, ids);
      return { count: new Set(ids).size };
    },

    /** Every warning of the company's open plans: late ones first by due date, then the short materials. */
    async warnings(caller: Caller, f: WarnInput) {
      const { page, pageSize, offset } = pageParams(f);
      const plans = await openPlans(db, caller.companyId, f.plan_id);
      const k = f.keyword?.toLowerCase();
      const wanted = k
        ? plans.filter((p) =>
            [p.plan_no, p.product_name, p.product_code].some((t) => t.toLowerCase().includes(k)),
          )
        : plans;
      const today = dayIn(await deps.zoneOf(caller.companyId));
      const out: PmcWarning[] = [];
      const warning = (p: (typeof plans)[number], kind: PmcWarnKind, detail: string, goodsId = 0) =>
        out.push({
          plan_id: p.id,
          plan_no: p.plan_no,
          product_name: p.product_name,
          due_date: p.due_date,
          kind,
          kind_name: PMC_WARN_KINDS[kind],
          detail,
          goods_id: goodsId,
        });
      if (f.kind !== 'short')
        for (const p of wanted) {
          const late = lateDetail(p, today);
          if (late) warning(p, 'late', late);
        }
      if (f.kind !== 'late' && wanted.length > 0) {
        const lines = await planMaterials(
          db,
          caller.companyId,
          wanted.map((p) => p.id),
        );
        const onHand = await onHandOf(db, caller.companyId, lines);
        const byId = new Map(wanted.map((p) => [p.id, p]));
        for (const l of lines) {
          const n = onHand.get(keyOf(l)) ?? 0;
          const p = byId.get(l.plan_id);
          if (p && l.required > n) {
            const name = l.spec_text ? `${l.goods_name}（${l.spec_text}）` : l.goods_name;
            warning(p, 'short', `「${name}」需要${l.required}，在库${n}，缺${l.required - n}`, l.goods_id);
          }
        }
      }
      return paged({ count: out.length, results: out.slice(offset, offset + pageSize) }, { page, pageSize });
    },

    async progress(caller: Caller, f: { plan_id: number; page?: number; page_size?: number }) {
      await planOf(db, caller.companyId, f.plan_id);
      const { page, pageSize, offset } = pageParams(f);
      const { rows, count } = await reportsOf(db, caller.companyId, f.plan_id, { limit: pageSize, offset });
      return paged({ count, results: rows.map(toReport) }, { page, pageSize });
    },

    /**
     * A progress report: the plan's total rises by a conditional update that never passes its
     * quantity (two reports at once cannot both take the last units), and it is 生产中.
     */
    async progressAdd(caller: Caller, input: ProgressInput) {
      const now = nowIso();
      if (input.report_date > dayIn(await deps.zoneOf(caller.companyId)))
        throw new AppError('PARAM_ERROR', '报工日期不能晚于今天', 'report_date');
      const row = await db.transaction().execute(async (trx) => {
        const plan = await planOf(trx, caller.companyId, input.plan_id);
        if (input.report_date < plan.start_date)
          throw new AppError('PARAM_ERROR', `报工日期不能早于计划开始日期${plan.start_date}`, 'report_date');
        if (!(await addProduced(trx, caller.companyId, caller.userId, plan.id, input.quantity, now))) {
          const fresh = await planOf(trx, caller.companyId, plan.id);
          if (!OPEN.includes(fresh.status as 0 | 1)) throw new AppError('PMC_CLOSED');
          throw new AppError(
            'PMC_PROGRESS_OVER',
            `完成数量不能超过计划未完成的${fresh.quantity - fresh.produced}`,
            'quantity',
          );
        }
        const made = await insertReport(trx, caller.companyId, caller.userId, {
          plan_id: plan.id,
          report_date: input.report_date,
          quantity: input.quantity,
          remark: input.remark ?? '',
          reporter_name: caller.username,
          created_at: now,
          updated_at: now,
        });
        await audit(trx, caller, {
          action: 'create',
          entity: 'production_plan_progress',
          entityId: made.id,
          after: made,
        });
        return made;
      });
      return toReport(row);
    },

    /** Removes a report of an open plan; its quantity leaves the plan's total. */
    async progressRemove(caller: Caller, id: number) {
      return db.transaction().execute(async (trx) => {
        const report = await reportById(trx, caller.companyId, id);
        if (!report) throw new AppError('NOT_FOUND', '报工记录不存在或已被删除');
        if (!(await takeProduced(trx, caller.companyId, report.plan_id, report.quantity, nowIso())))
          throw new AppError('PMC_CLOSED', '生产计划已完成或已取消，报工记录不能删除');
        if (!(await removeLive(trx, caller.companyId, 'production_plan_progress', id)))
          throw new AppError('NOT_FOUND', '报工记录不存在或已被删除');
        await audit(trx, caller, {
          action: 'delete',
          entity: 'production_plan_progress',
          entityId: id,
          before: report,
        });
        return { count: 1 };
      });
    },

    async materials(caller: Caller, planId: number) {
      await planOf(db, caller.companyId, planId);
      const lines = await planMaterials(db, caller.companyId, [planId]);
      return { results: await withOnHand(db, caller.companyId, lines.map(toMaterial)) };
    },

    /** What a plan of `quantity` would need (the form shows it before the plan is made). */
    async preview(caller: Caller, productId: number, quantity: number) {
      await usableProduct(db, caller.companyId, productId);
      const needs = await materialNeeds(db, caller.companyId, productId, quantity);
      return {
        results: await withOnHand(
          db,
          caller.companyId,
          needs.map((n) => ({
            id: 0,
            plan_id: 0,
            ...lineGoods(n),
            required: n.required,
          })),
        ),
      };
    },

    /** Adds a material line to an open plan, or changes one of its lines. */
    async materialSave(caller: Caller, input: MaterialInput) {
      const now = nowIso();
      // Two saves of the same goods at once: the unique index refuses the second like the check.
      const id = await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const plan = await lockOpen(trx, caller.companyId, input.plan_id);
            const g = await stockGoods(trx, caller.companyId, input.goods_id, input.sku_id);
            if (g.id === plan.goods_id && g.sku_id === plan.sku_id)
              throw new AppError('PARAM_ERROR', '物料不能是计划的产成品', 'goods_id');
            const values = {
              ...lineGoodsOf(g),
              required: input.required,
              updated_at: now,
            };
            const same = await materialOfGoods(trx, caller.companyId, {
              plan_id: plan.id,
              goods_id: g.id,
              sku_id: g.sku_id,
            });
            if (same && same.id !== input.id)
              throw new AppError('PMC_MATERIAL_DUPLICATE', undefined, 'goods_id');
            if (input.id !== undefined) {
              const before = await materialById(trx, caller.companyId, input.id, plan.id);
              if (!before) throw new AppError('NOT_FOUND', '物料行不存在或已被删除');
              await updateMaterial(trx, caller.companyId, input.id, values);
              await audit(trx, caller, {
                action: 'update',
                entity: 'production_plan_materials',
                entityId: input.id,
                before,
                after: values,
              });
              return input.id;
            }
            const [made] = await insertMaterials(trx, caller.companyId, [
              {
                ...values,
                plan_id: plan.id,
                sort: await nextMaterialSort(trx, caller.companyId, plan.id),
                created_at: now,
              },
            ]);
            if (!made) throw new AppError('NOT_FOUND', '物料行不存在或已被删除');
            await audit(trx, caller, {
              action: 'create',
              entity: 'production_plan_materials',
              entityId: made.id,
              after: { ...values, plan_id: plan.id },
            });
            return made.id;
          }),
        new AppError('PMC_MATERIAL_DUPLICATE', undefined, 'goods_id'),
      );
      const lines = await planMaterials(db, caller.companyId, [input.plan_id]);
      const line = lines.find((l) => l.id === id);
      if (!line) throw new AppError('NOT_FOUND', '物料行不存在或已被删除');
      const [out] = await withOnHand(db, caller.companyId, [toMaterial(line)]);
      return out as NonNullable<typeof out>;
    },

    async materialRemove(caller: Caller, id: number) {
      return db.transaction().execute(async (trx) => {
        const line = await materialById(trx, caller.companyId, id);
        if (!line) throw new AppError('NOT_FOUND', '物料行不存在或已被删除');
        await lockOpen(trx, caller.companyId, line.plan_id);
        await removeLive(trx, caller.companyId, 'production_plan_materials', id);
        await audit(trx, caller, {
          action: 'delete',
          entity: 'production_plan_materials',
          entityId: id,
          before: line,
        });
        return { count: 1 };
      });
    },

    /**
     * `/pmc/import/from/old`: each selected finished or cancelled plan is planned again — a new
     * plan (计划中, a new number) of the same product, quantity, warehouse and material lines as
     * the old one had them, from `start_date` for as many days as the old one took; all or none.
     */
    async copy(caller: Caller, input: CopyInput) {
      const ids = [...new Set(input.ids)].sort((a, b) => a - b);
      const now = nowIso();
      const zone = await deps.zoneOf(caller.companyId);
      const made = await db.transaction().execute(async (trx) => {
        const olds = await plansByIds(trx, caller.companyId, ids);
        if (olds.length !== ids.length)
          throw new AppError('NOT_FOUND', '所选生产计划不存在或已被删除，请刷新后重试', 'ids');
        const open = olds.find((p) => p.status !== PMC_FINISHED && p.status !== PMC_CANCELLED);
        if (open)
          throw new AppError('PMC_NOT_OLD', `生产计划 ${open.plan_no} 还未完成或取消，不能从它导入`, 'ids');
        const lines = await planMaterials(trx, caller.companyId, ids);
        const out: Awaited<ReturnType<typeof insertPlan>>[] = [];
        for (const old of olds) {
          // What the old plan named must still be in use: the refusal names the plan.
          const named = (code: CodeName, message: string) => (error: unknown) => {
            throw error instanceof AppError ? new AppError(code, message, 'ids') : error;
          };
          const product = await usableProduct(trx, caller.companyId, old.product_id).catch(
            named(
              'PMC_PRODUCT_UNAVAILABLE',
              `生产计划 ${old.plan_no} 的产品「${old.product_name}」已删除或停用`,
            ),
          );
          const w = await warehouseInUse(trx, caller.companyId, old.warehouse_id).catch(
            named('PARAM_ERROR', `生产计划 ${old.plan_no} 的仓库「${old.warehouse_name}」已删除或停用`),
          );
          const row = await insertPlan(trx, caller.companyId, caller.userId, {
            plan_no: newPlanNo(zone),
            product_id: product.id,
            product_code: product.code,
            product_name: product.name,
            goods_id: product.goods_id,
            sku_id: product.sku_id,
            unit: product.unit,
            quantity: old.quantity,
            start_date: input.start_date,
            due_date: addDays(input.start_date, daysBetween(old.start_date, old.due_date)),
            warehouse_id: w.id,
            warehouse_name: w.name,
            remark: old.remark,
            source_plan_id: old.id,
            created_at: now,
            updated_at: now,
          });
          await insertMaterials(
            trx,
            caller.companyId,
            lines
              .filter((l) => l.plan_id === old.id)
              .map((l) => ({
                plan_id: row.id,
                ...lineGoods(l),
                required: l.required,
                sort: l.sort,
                created_at: now,
                updated_at: now,
              })),
          );
          out.push(row);
        }
        await auditMany(
          trx,
          caller,
          out.map((row) => ({
            action: 'create' as const,
            entity: 'production_plans',
            entityId: row.id,
            after: { ...row, copied_from: row.source_plan_id },
          })),
        );
        return out.map((row) => row.id);
      });
      const rows = await plansByIds(db, caller.companyId, made);
      const results = await withShortage(
        db,
        caller.companyId,
        rows.map((r) => toPlan(r)),
      );
      return { count: results.length, results };
    },
  };
}

export type PmcService = ReturnType<typeof pmcService>;
