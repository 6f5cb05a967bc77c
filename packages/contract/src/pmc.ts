import { z } from 'zod';
import { postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  day,
  form,
  id,
  idList,
  int,
  keyword,
  MAX_ID,
  optionalChoice,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
} from './fields.ts';
import { createTime, goodsLine } from './item-fields.ts';
import { PMC_QUANTITY_MAX, PMC_SETTABLE_STATUS, PMC_WARN_KINDS } from './pmc-constants.ts';
import { defineResource, RESOURCE_BATCH_MAX } from './resource.ts';
import { col } from './screen.ts';

export * from './pmc-constants.ts';

/**
 * Production plans (PMC; spec §7 `/pmc/*`, ADR 0024): a plan makes a quantity of a product
 * (products and their bills of materials: ADR 0023) by a date into a warehouse. Its material
 * lines are copied from the bill of materials when it is made (and may be edited), daily progress
 * reports count what was made, warnings name plans that are late or short of a material, and
 * finishing books the output into stock and the materials out, in one transaction.
 */

const quantity = (label: string) => int(label, { min: 1, max: PMC_QUANTITY_MAX });

/** A plan number: letters, digits and - _ . (like goods codes). */
const planNo = optionalText('计划单号', { max: 30 }).refine(
  (v) => v === undefined || v === '' || /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v),
  '计划单号只能包含字母、数字和 - _ .',
);

/**
 * A plan's columns (ADR 0036): its number, product and warehouse (picked; the item holds their
 * names and the finished goods as the plan was saved), quantity and dates, and what the server
 * works out — produced, progress, the status's word and the warnings. The export's columns are
 * in this order.
 */
const unseen = { form: false, list: false, detail: false, excel: false } as const;
const pmcPlanShape = {
  plan_no: col.text('计划单号', {
    code: true,
    max: 30,
    optional: true,
    field: planNo,
    search: true,
    phone: 'title',
    placeholder: '留空自动生成（SC+日期+序号）',
  }),
  product_id: col.ref(
    '产品',
    { select: '/product/select', name: 'product_name' },
    { list: false, excel: false, placeholder: '输入产品名称或编码搜索' },
  ),
  product_code: col.readOnly('产品编码', { search: true, list: false, code: 'pad' }),
  product_name: col.readOnly('产品名称', { search: true }),
  /** The finished goods (specification, 0 without one) the plan books into stock. */
  goods_id: col.int('产成品', { min: 0, max: MAX_ID, ...unseen }),
  sku_id: col.int('产成品规格', { min: 0, max: MAX_ID, ...unseen }),
  /** produced / quantity, whole percent. */
  progress: col.int('进度', { min: 0, max: 100, form: false, excel: false }),
  quantity: col.int('计划数量', { min: 1, max: PMC_QUANTITY_MAX, list: false }),
  /** What the progress reports add up to (never over `quantity`). */
  produced: col.int('已完成数量', { min: 0, max: PMC_QUANTITY_MAX, form: false, list: false }),
  unit: col.readOnly('单位', { list: false }),
  start_date: col.day('开始日期', { list: false }),
  due_date: col.day('完工日期'),
  warehouse_id: col.ref(
    '入库仓库',
    { select: '/stock/warehouses', name: 'warehouse_name' },
    { list: false, excel: false, placeholder: '完工后产成品入哪个仓库' },
  ),
  warehouse_name: col.readOnly('入库仓库', { phone: 'hidden' }),
  /**
   * PMC_STATUS key. A save may set 计划中, 生产中 or 已取消 (已完成 only by finishing); a new plan
   * is 计划中.
   */
  status: col.custom(
    '状态',
    { item: z.number().int(), field: optionalChoice('状态', PMC_SETTABLE_STATUS) },
    { excel: false, phone: 'title' },
  ),
  status_name: col.readOnly('状态', { list: false }),
  remark: col.longText('备注', { max: 200, search: true, list: false }),
  /** The warnings' words (延期, 缺料) of an open plan; empty when it has none. */
  warnings: col.custom('预警', { item: z.array(z.string()) }, { excel: false }),
  /** The old plan this one was copied from (`/pmc/import/from/old`). */
  source_plan_id: col.ref('原生产计划', { select: '/pmc/select' }, { optional: true, ...unseen }),
  finished_at: col.time('完工入库', { optional: true, list: false, excel: false }),
  finished_by_name: col.readOnly('完工人', { list: false, excel: false }),
};

/** A sheet's row (`/pmc/excel_data_save`): the product by its code, the warehouse by its name. */
export const pmcSheetFields = {
  plan_no: planNo,
  product_code: text('产品编码', { max: 40 }),
  quantity: quantity('计划数量'),
  start_date: day('开始日期'),
  due_date: day('完工日期'),
  warehouse: optionalText('入库仓库', { max: 30 }),
  remark: optionalText('备注', { max: 200 }),
};

/**
 * The plans (`/crm/pmc_index` 生产计划; spec §7 `/pmc/list|create|save|check|selected/delete`,
 * `/pmc/excel_data_save`; the read, single delete, picker and export are ours).
 */
export const pmcResource = defineResource({
  label: '生产计划',
  tags: ['pmc'],
  shape: pmcPlanShape,
  filters: {
    status: optionalInt('状态', { min: 0, max: 3 }),
    product_id: optionalId('产品'),
  },
  sorts: { newest: '最新', due: '完工日期' },
  unique: ['plan_no'],
  excel: {
    fields: pmcSheetFields,
    labels: { product_code: '产品编码', warehouse: '入库仓库' },
    example: {
      plan_no: '',
      product_code: 'CP-001',
      quantity: 100,
      start_date: '2026-12-01',
      due_date: '2026-12-10',
      warehouse: '',
      remark: '十二月第一批',
    },
  },
  paths: {
    list: '/pmc/list',
    get: '/pmc/get',
    create: '/pmc/create',
    update: '/pmc/save',
    remove: '/pmc/delete',
    removeMany: '/pmc/selected/delete',
    select: '/pmc/select',
    check: '/pmc/check',
    export: '/pmc/export',
    import: '/pmc/excel_data_save',
    importTemplate: '/pmc/excel_data_save/template',
  },
  permissions: { view: 'view_pmc', add: 'add_pmc', change: 'change_pmc', delete: 'delete_pmc' },
});

/** A material line: what the plan needs of a goods (specification) and what the warehouses hold. */
export const pmcMaterialSchema = z.object({
  /** 0 in a preview (not stored yet). */
  id: z.number().int(),
  plan_id: z.number().int(),
  ...goodsLine,
  /** What the plan takes out at finishing. */
  required: z.number().int(),
  /** On hand across all warehouses now. */
  on_hand: z.number().int(),
  /** required − on hand when positive, else 0. */
  short: z.number().int(),
});
export type PmcMaterial = z.infer<typeof pmcMaterialSchema>;

/** A daily progress report (报工). */
export const pmcProgressSchema = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  report_date: z.string(),
  quantity: z.number().int(),
  remark: z.string(),
  reporter_name: z.string(),
  ...createTime,
});
export type PmcProgress = z.infer<typeof pmcProgressSchema>;

/** One warning of an open plan. */
export const pmcWarningSchema = z.object({
  plan_id: z.number().int(),
  plan_no: z.string(),
  product_name: z.string(),
  due_date: z.string(),
  /** PMC_WARN_KINDS key. */
  kind: z.string(),
  kind_name: z.string(),
  /** What is wrong, in Chinese (which material, how many days, how far behind). */
  detail: z.string(),
  /** The short material (0 for 延期). */
  goods_id: z.number().int(),
});
export type PmcWarning = z.infer<typeof pmcWarningSchema>;

/** A material line as written: `id` names one to change, without it a new line of the plan. */
export const pmcMaterialFields = {
  goods_id: id('物料'),
  sku_id: optionalInt('规格', { min: 0, max: MAX_ID }),
  required: quantity('需求数量'),
};

/** A progress report's fields (the screen's form checks them alike). */
export const pmcProgressFields = {
  report_date: day('报工日期'),
  quantity: quantity('完成数量'),
  remark: optionalText('备注', { max: 200 }),
};

/** The plans copied from old ones (`/pmc/import/from/old`). */
export const pmcCopyFields = {
  ids: idList('原生产计划', RESOURCE_BATCH_MAX),
  start_date: day('开始日期'),
};

const kinds = Object.fromEntries(Object.keys(PMC_WARN_KINDS).map((k) => [k, k])) as {
  [K in keyof typeof PMC_WARN_KINDS]: K;
};

const pmcCall = postCalls(['pmc']);

const count = z.object({ count: z.number().int() });
const materials = z.object({ results: z.array(pmcMaterialSchema) });

export type PmcPlan = z.infer<typeof pmcResource.item>;

export const pmcCalls = {
  ...pmcResource.calls,
  /**
   * Finishes an open plan: in one transaction its output (the plan quantity) is booked into its
   * warehouse (`production`) and every material line's requirement out of the warehouses
   * (`material`; the plan's warehouse first), the shop's sellable stock of both follows, and the
   * plan becomes 已完成. Refused, with nothing written, naming the first short material.
   */
  finish: pmcCall(
    '/pmc/finish',
    '生产计划完工（产成品入库、物料出库）',
    'finish_pmc',
    form({ id: id('生产计划') }),
    pmcResource.item,
  ),
  /** Finishes every selected plan or none (one transaction). */
  finishMany: pmcCall(
    '/pmc/selected/finish',
    '批量完工（全部成功或全部不完工）',
    'finish_pmc',
    form({ ids: idList('生产计划', RESOURCE_BATCH_MAX) }),
    count,
  ),
  /** The company's warnings: open plans late against their schedule or short of a material. */
  warnings: pmcCall(
    '/pmc/warn/list',
    '生产计划预警（延期、缺料）',
    'view_pmc',
    form({
      keyword: keyword(),
      kind: optionalChoice('预警类型', kinds),
      plan_id: optionalId('生产计划'),
      ...paging,
    }),
    pageOf(pmcWarningSchema),
  ),
  /** A plan's progress reports, newest day first. */
  progress: pmcCall(
    '/pmc/progress/list',
    '生产进度（报工记录）',
    'view_pmc',
    form({ plan_id: id('生产计划'), ...paging }),
    pageOf(pmcProgressSchema),
  ),
  /** Reports what was made on a day (ours: the specification names no add); never over the plan. */
  progressAdd: pmcCall(
    '/pmc/progress/add',
    '填写报工',
    'change_pmc',
    form({ plan_id: id('生产计划'), ...pmcProgressFields }),
    pmcProgressSchema,
  ),
  /** Removes a progress report (the specification's "detail" of a plan). */
  progressRemove: pmcCall(
    '/pmc/detail/delete',
    '删除报工记录',
    'change_pmc',
    form({ id: id('报工记录') }),
    count,
  ),
  /** A plan's material lines with what the warehouses hold (ours). */
  materials: pmcCall(
    '/pmc/goods/list',
    '生产计划物料',
    'view_pmc',
    form({ plan_id: id('生产计划') }),
    materials,
  ),
  /** What a plan of `quantity` of a product would need, from its bill of materials (the form; ours). */
  preview: pmcCall(
    '/pmc/goods/preview',
    '按物料清单计算物料需求',
    'view_pmc',
    form({ product_id: id('产品'), quantity: quantity('计划数量') }),
    materials,
  ),
  /** Adds or changes one material line of an open plan (ours). */
  materialSave: pmcCall(
    '/pmc/goods/save',
    '保存生产计划物料',
    'change_pmc',
    form({ plan_id: id('生产计划'), id: optionalId('物料行'), ...pmcMaterialFields }),
    pmcMaterialSchema,
  ),
  /** Removes one material line of an open plan. */
  materialRemove: pmcCall(
    '/pmc/goods/delete',
    '删除生产计划物料',
    'change_pmc',
    form({ id: id('物料行') }),
    count,
  ),
  /**
   * Plans again from old ones: each selected finished or cancelled plan becomes a new plan (计划中)
   * of the same product, quantity, warehouse and material lines, starting on `start_date` and
   * taking as many days as the old one; all or none.
   */
  copy: pmcCall(
    '/pmc/import/from/old',
    '从历史计划导入（复制已完成或已取消的计划）',
    'add_pmc',
    form(pmcCopyFields),
    z.object({ count: z.number().int(), results: z.array(pmcResource.item) }),
  ),
};
