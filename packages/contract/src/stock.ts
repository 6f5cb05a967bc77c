import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  day,
  flag,
  form,
  id,
  idList,
  int,
  keyword,
  MAX_ID,
  optionalChoice,
  optionalId,
  optionalInt,
  paging,
  text,
} from './fields.ts';
import { createTime, goodsLine, goodsRef } from './item-fields.ts';
import { jobSchema } from './job.ts';
import { defineResource, RESOURCE_BATCH_MAX, selectOptionSchema } from './resource.ts';
import { RESOURCE_EXPORT_DIRECT_MAX } from './resource-limits.ts';
import { col } from './screen.ts';
import { STOCK_INPUT_STATUS, STOCK_MOVE_KINDS, STOCK_QUANTITY_MAX } from './stock-constants.ts';

export * from './stock-constants.ts';

/**
 * The company's stock (spec §2 `/crm/stock_manager`, §7 `/goods/input*`, `/goods/push/to/stock`;
 * ADR 0022): warehouses, the on-hand level of each goods (and specification) per warehouse, the
 * ledger of every movement, stock-in records that count once a second person checks them, and
 * low-stock warnings.
 */

const optionalDay = (label: string) => z.optional(day(label));

/** A warehouse's columns (ADR 0036). */
const warehouseShape = {
  name: col.text('仓库名称', { max: 30, search: true, phone: 'title', placeholder: '如：二号仓' }),
  code: col.text('仓库编码', {
    max: 20,
    optional: true,
    search: true,
    code: true,
    placeholder: '选填，如 WH02',
  }),
  address: col.text('地址', { max: 200, optional: true, search: true }),
  keeper: col.text('负责人', { max: 30, optional: true, search: true }),
  status: col.flag('状态', '启用', '停用', { search: true, phone: 'title' }),
  /** The default warehouse: shipments leave from it first, opening stock goes into it. */
  is_default: col.flag('默认仓库', '是', '否', { form: false, list: false, excel: false }),
};

/** The company's warehouses (ours: the specification names the screen, not the calls). */
export const warehouseResource = defineResource({
  label: '仓库',
  tags: ['stock'],
  shape: warehouseShape,
  sorts: { default: '默认仓库在前', name: '名称', newest: '最新' },
  unique: ['name'],
  excel: {
    example: {
      name: '二号仓',
      code: 'WH02',
      address: '杭州市余杭区仓前街道1号',
      keeper: '张三',
      status: '启用',
    },
  },
  paths: {
    list: '/stock/warehouse/list',
    get: '/stock/warehouse',
    create: '/stock/warehouse/add',
    update: '/stock/warehouse/update',
    remove: '/stock/warehouse/delete',
    removeMany: '/stock/warehouse/selected/delete',
    select: '/stock/warehouses',
    check: '/stock/warehouse/check',
    export: '/stock/warehouse/export',
  },
  permissions: {
    view: 'view_stock',
    add: 'manage_warehouse',
    change: 'manage_warehouse',
    delete: 'manage_warehouse',
  },
});

/**
 * A stock-in record's columns (ADR 0036): what it is of (the goods and its specification, the
 * warehouse, the supplier, by id) and the names each had when the record was written, the
 * quantity, the unit price and their amount, the day, who made and who checked it, and the
 * purchase order whose receipt wrote it (ADR 0025).
 */
const stockInputShape = {
  /** Given, or made (RK + date + digits) when left empty. */
  input_no: col.text('入库单号', {
    code: true,
    max: 30,
    optional: true,
    search: true,
    phone: 'title',
    placeholder: '留空自动生成（RK+日期+序号）',
  }),
  goods_id: col.ref('商品', { select: '/goods/select', name: 'goods_name' }, { excel: false }),
  /** 0 or none: a goods without specifications. */
  sku_id: col.int('规格', { min: 0, max: MAX_ID, optional: true, list: false, excel: false }),
  goods_code: col.readOnly('商品编码', { search: true, list: false, code: 'pad' }),
  goods_name: col.readOnly('商品名称', { search: true, list: false }),
  spec_text: col.readOnly('规格', { list: false }),
  unit: col.readOnly('单位', { list: false, excel: false }),
  warehouse_id: col.ref('仓库', { select: '/stock/warehouses', name: 'warehouse_name' }, { excel: false }),
  warehouse_name: col.readOnly('仓库', { list: false }),
  supplier_id: col.ref(
    '供应商',
    { select: '/stock/suppliers', name: 'supplier_name' },
    { optional: true, excel: false },
  ),
  supplier_name: col.readOnly('供应商', { search: true, list: false }),
  quantity: col.int('入库数量', { min: 1, max: STOCK_QUANTITY_MAX, excel: '数量' }),
  /** Cents per unit. */
  unit_cost: col.money('单价', {
    max: 100_000_000,
    optional: true,
    list: false,
    placeholder: '0.00',
  }),
  /** quantity × unit_cost, cents. */
  amount: col.readOnly('金额', { money: true }),
  input_date: col.day('入库日期'),
  /** 0 待审核, 1 已审核 (counted in the stock). */
  status: col.flag('审核状态', STOCK_INPUT_STATUS[1], STOCK_INPUT_STATUS[0], {
    form: false,
    search: true,
    excel: false,
    phone: 'title',
  }),
  maker_id: col.custom(
    '制单人',
    { item: z.number().int().nullable() },
    { column: 'created_by', list: false, detail: false, excel: false },
  ),
  maker_name: col.readOnly('制单人'),
  checked_by_name: col.readOnly('审核人', { list: false }),
  remark: col.longText('备注', { max: 200, search: true, list: false }),
  checked_at: col.time('审核时间', { optional: true, list: false, excel: false }),
  /** The purchase order whose receipt wrote the record (ADR 0025), null for one written by hand. */
  purchase_id: col.custom(
    '采购单',
    { item: z.number().int().nullable() },
    { list: false, detail: false, excel: false },
  ),
  purchase_no: col.readOnly('采购单号', { search: true, list: false, excel: false }),
};

/**
 * Stock-in records (入库单; spec §7 `/goods/input`, `/goods/input/list|update|delete|selected/delete`;
 * `/goods/input/add` is ours, the specification names no create). The number is given or made
 * (RK + date + digits); a checked record is neither changed nor deleted.
 */
export const stockInputResource = defineResource({
  label: '入库单',
  tags: ['stock'],
  shape: stockInputShape,
  filters: { warehouse_id: optionalId('仓库'), goods_id: optionalId('商品') },
  sorts: { newest: '最新', date: '入库日期' },
  unique: ['input_no'],
  // The sheet names the goods, specification, warehouse and supplier by id (the export writes them).
  excel: {
    labels: { goods_id: '商品ID', sku_id: '规格ID', warehouse_id: '仓库ID', supplier_id: '供应商ID' },
    example: { goods_id: 1, warehouse_id: 1, quantity: 10, unit_cost: '12.50', input_date: '2026-11-24' },
  },
  paths: {
    list: '/goods/input/list',
    get: '/goods/input',
    create: '/goods/input/add',
    update: '/goods/input/update',
    remove: '/goods/input/delete',
    removeMany: '/goods/input/selected/delete',
    select: '/goods/input/select',
    check: '/goods/input/no/check',
    export: '/goods/input/export',
  },
  permissions: {
    view: 'view_stock',
    add: 'add_stock_input',
    change: 'add_stock_input',
    delete: 'add_stock_input',
  },
});

export const stockLevelSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  ...goodsLine,
  /** On hand in this warehouse. */
  quantity: z.number().int(),
  /** Below it the level is low; 0 = no warning. */
  warn_quantity: z.number().int(),
  low: z.boolean(),
  /** What the shop may still sell of this goods (specification), all warehouses together. */
  sellable: z.number().int(),
  /**
   * Cents per unit: the specification's cost, else the last price goods came in at (a checked
   * stock-in, or opening stock booked with a cost); null when none is known.
   */
  unit_cost: z.number().int().nullable(),
  /** quantity × unit_cost, cents; null when the cost is unknown. */
  value: z.number().int().nullable(),
  update_time: z.string(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const stockMoveSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  ...goodsRef,
  goods_code: z.string(),
  goods_name: z.string(),
  spec_text: z.string(),
  kind: z.string(),
  kind_name: z.string(),
  /** Signed: + in, − out. */
  quantity: z.number().int(),
  balance_after: z.number().int(),
  unit_cost: z.number().int(),
  reason: z.string(),
  ref_type: z.string(),
  ref_id: z.number().int().nullable(),
  ref_no: z.string(),
  created_by_name: z.string(),
  ...createTime,
});
export type StockMove = z.infer<typeof stockMoveSchema>;

/** A count adjustment's fields (the screen's form checks them alike). */
export const stockAdjustFields = {
  warehouse_id: id('仓库'),
  goods_id: id('商品'),
  sku_id: optionalInt('规格', { min: 0, max: MAX_ID }),
  quantity: int('调整数量', { min: -STOCK_QUANTITY_MAX, max: STOCK_QUANTITY_MAX }).refine(
    (n) => n !== 0,
    '调整数量不能为0',
  ),
  reason: text('调整原因', { max: 200 }),
};
export const stockWarnFields = { warn_quantity: int('预警值', { min: 0, max: STOCK_QUANTITY_MAX }) };

const stockCall = postCalls(['stock']);

const kinds = Object.fromEntries(Object.keys(STOCK_MOVE_KINDS).map((k) => [k, k])) as {
  [K in keyof typeof STOCK_MOVE_KINDS]: K;
};

/** The ledger's filters (its list and its export); the days are the company's, both included. */
const moveFilters = {
  keyword: keyword(),
  warehouse_id: optionalId('仓库'),
  goods_id: optionalId('商品'),
  kind: optionalChoice('类型', kinds),
  date_from: optionalDay('开始日期'),
  date_to: optionalDay('结束日期'),
};

export type StockInput = z.infer<typeof stockInputResource.item>;
export const stockInputCalls = stockInputResource.calls;

export const stockCalls = {
  /**
   * Checks (审核) a pending stock-in record — by someone other than its maker when the company's
   * `stock_in_second_approver` is on (off by default: one manager may check their own); in one transaction
   * the level rises, the ledger books a `purchase` move and the shop's sellable stock rises.
   */
  approve: stockCall(
    '/goods/input/check',
    '审核入库单（审核后计入库存）',
    'check_stock_input',
    form({ id: id('入库单') }),
    stockInputResource.item,
  ),
  /**
   * Who may check a record in the caller's company (商城设置 `stock_in_second_approver`): 1, only
   * someone other than its maker; 0, its maker too. The 审核 button follows it.
   */
  approveRule: getCalls(['stock'])(
    '/goods/input/check/rule',
    '入库单审核规则（填写人能否审核自己的入库单）',
    { permission: 'check_stock_input' },
    form({}),
    z.object({ second_approver: z.number().int() }),
  ),
  /** The levels: per goods (specification) and warehouse. */
  levels: stockCall(
    '/stock/list',
    '库存列表（按商品和仓库）',
    'view_stock',
    form({
      keyword: keyword(),
      warehouse_id: optionalId('仓库'),
      goods_id: optionalId('商品'),
      low: z.optional(flag('只看低于预警')),
      ...paging,
    }),
    pageOf(stockLevelSchema),
  ),
  /** The ledger: every movement, newest first. */
  moves: stockCall(
    '/stock/move/list',
    '库存流水',
    'view_stock',
    form({ ...moveFilters, ...paging }),
    pageOf(stockMoveSchema),
  ),
  /** The ledger under its filters as an .xlsx (at most RESOURCE_EXPORT_DIRECT_MAX rows; more: `movesExportJob`). */
  movesExport: {
    ...stockCall(
      '/stock/move/export',
      '导出库存流水（Excel，按列表的筛选条件）',
      'view_stock',
      form(moveFilters),
      z.object({}),
    ),
    method: 'GET' as const,
    file: true as const,
  },
  /** A ledger over RESOURCE_EXPORT_DIRECT_MAX rows, exported as a job (ADR 0037): answers the job. */
  movesExportJob: stockCall(
    '/stock/move/export/job',
    `导出库存流水（任务：超过 ${RESOURCE_EXPORT_DIRECT_MAX.toLocaleString('en')} 行的流水；答复导出任务）`,
    'view_stock',
    form(moveFilters),
    jobSchema,
  ),
  /** A count adjustment (盘点调整): + or − on one level, with its reason; sellable stock moves alike. */
  adjust: stockCall(
    '/stock/adjust',
    '库存盘点调整',
    'change_stock',
    form(stockAdjustFields),
    stockLevelSchema,
  ),
  /** A level's low-stock threshold (0: no warning). */
  warn: stockCall(
    '/stock/warn/update',
    '设置库存预警值',
    'change_stock',
    form({ id: id('库存'), ...stockWarnFields }),
    stockLevelSchema,
  ),
  /**
   * Puts library goods into a warehouse's stock list (spec §7 `/goods/push/to/stock`): a level of
   * 0 for each goods (each of its specifications) that has none there yet, optionally with a
   * warning threshold. Stock itself enters only by checked stock-in records and adjustments.
   */
  push: stockCall(
    '/goods/push/to/stock',
    '推送商品到仓库库存',
    'change_stock',
    form({
      ids: idList('商品', RESOURCE_BATCH_MAX),
      warehouse_id: id('仓库'),
      warn_quantity: optionalInt('预警值', { min: 0, max: STOCK_QUANTITY_MAX }),
    }),
    z.object({ count: z.number().int() }),
  ),
  /** Approved suppliers for the stock-in form's picker. */
  suppliers: stockCall(
    '/stock/suppliers',
    '供应商选项（入库单）',
    'view_stock',
    form({ keyword: keyword() }),
    z.object({ results: z.array(selectOptionSchema) }),
  ),
};

export type Warehouse = z.infer<typeof warehouseResource.item>;
export const warehouseCalls = warehouseResource.calls;
