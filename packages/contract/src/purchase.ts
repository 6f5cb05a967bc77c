import { z } from 'zod';
import { postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  day,
  form,
  id,
  int,
  keyword,
  MAX_ID,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
} from './fields.ts';
import { fromJson } from './goods-library.ts';
import { auditTimes, createTime, goodsLine } from './item-fields.ts';
import { jobSchema } from './job.ts';
import { RESOURCE_EXPORT_DIRECT_MAX } from './resource-limits.ts';
import { STOCK_QUANTITY_MAX } from './stock-constants.ts';

/**
 * Purchase orders to suppliers (spec §2 `/crm/purchase_index`; the specification lists no calls,
 * these are ours under `/purchase/…`; ADR 0025): an order names an approved supplier, the
 * warehouse the goods arrive in and its lines (library goods and specifications, quantity, unit
 * price in cents). 下单 sends it; each receipt (到货入库) writes a pending stock-in record per
 * line that counts in stock once a second person checks it (`/goods/input/check`); returns
 * (退货) take checked goods back out of stock. Every change of state is in its history.
 */

/**
 * An order's state: 草稿 → 已下单 → 入库中 (something arrived, not all of it checked into stock)
 * → 已完成 (every line's quantity checked into stock), or 已取消. Returns do not change it.
 */
export const PURCHASE_STATUS = { 0: '草稿', 1: '已下单', 2: '入库中', 3: '已完成', 4: '已取消' } as const;
export type PurchaseStatus = keyof typeof PURCHASE_STATUS;
export const PURCHASE_DRAFT = 0;
export const PURCHASE_ORDERED = 1;
export const PURCHASE_PARTIAL = 2;
export const PURCHASE_DONE = 3;
export const PURCHASE_CANCELLED = 4;
/** Lines one order holds at most. */
export const PURCHASE_LINES_MAX = 100;
/** The highest unit price, cents (¥1,000,000.00). */
export const PURCHASE_PRICE_MAX = 100_000_000;

export const purchaseLineSchema = z.object({
  id: z.number().int(),
  ...goodsLine,
  quantity: z.number().int(),
  /** Cents per unit. */
  unit_price: z.number().int(),
  /** quantity × unit_price, cents. */
  amount: z.number().int(),
  /** Received so far (each receipt counts at once; its stock-in record counts in stock once checked). */
  received_qty: z.number().int(),
  /** Received and checked into stock so far (the order is 已完成 when every line's reaches its quantity). */
  stocked_qty: z.number().int(),
  /** Returned to the supplier so far. */
  returned_qty: z.number().int(),
  /** Received and checked, less returned: what a return may still take. */
  returnable_qty: z.number().int(),
});
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

export const purchaseSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  /** YYYY-MM-DD, '' when not given. */
  expected_date: z.string(),
  remark: z.string(),
  status: z.number().int(),
  status_name: z.string(),
  total_quantity: z.number().int(),
  /** Cents. */
  total_amount: z.number().int(),
  received_quantity: z.number().int(),
  returned_quantity: z.number().int(),
  maker_name: z.string(),
  ordered_at: z.string().nullable(),
  ...auditTimes,
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseReceiptSchema = z.object({
  id: z.number().int(),
  remark: z.string(),
  quantity: z.number().int(),
  /** Who received it: the maker of its stock-in records (whom 审核 may exclude, 商城设置). */
  created_by: z.number().int().nullable(),
  created_by_name: z.string(),
  ...createTime,
  /** The stock-in records it wrote, one per line received, with their check state. */
  inputs: z.array(
    z.object({
      id: z.number().int(),
      input_no: z.string(),
      line_id: z.number().int(),
      goods_name: z.string(),
      spec_text: z.string(),
      quantity: z.number().int(),
      /** 0 待审核, 1 已审核 (counted in stock). */
      status: z.number().int(),
      checked_by_name: z.string(),
      checked_at: z.string().nullable(),
    }),
  ),
});
export type PurchaseReceipt = z.infer<typeof purchaseReceiptSchema>;

export const purchaseReturnSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  quantity: z.number().int(),
  /** Cents, at the lines' unit prices. */
  amount: z.number().int(),
  created_by_name: z.string(),
  ...createTime,
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      goods_name: z.string(),
      spec_text: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type PurchaseReturn = z.infer<typeof purchaseReturnSchema>;

export const purchaseHistorySchema = z.object({
  id: z.number().int(),
  from_status: z.number().int().nullable(),
  from_name: z.string(),
  to_status: z.number().int(),
  to_name: z.string(),
  note: z.string(),
  user_name: z.string(),
  ...createTime,
});
export type PurchaseHistory = z.infer<typeof purchaseHistorySchema>;

export const purchaseDetailSchema = purchaseSchema.extend({
  lines: z.array(purchaseLineSchema),
  receipts: z.array(purchaseReceiptSchema),
  returns: z.array(purchaseReturnSchema),
  history: z.array(purchaseHistorySchema),
});
export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;

const quantity = (label: string) => int(label, { min: 1, max: STOCK_QUANTITY_MAX });

/** One line of the order form. */
export const purchaseLineFields = {
  goods_id: id('商品'),
  /** 0 or none: a goods without specifications. */
  sku_id: optionalInt('规格', { min: 0, max: MAX_ID }),
  quantity: quantity('采购数量'),
  unit_price: int('单价', { min: 0, max: PURCHASE_PRICE_MAX }),
};

/** The order form's fields (the screen checks them alike). */
export const purchaseFields = {
  supplier_id: id('供应商'),
  /** None: the company's default warehouse. */
  warehouse_id: optionalId('仓库'),
  expected_date: z.optional(day('预计到货日期')),
  remark: optionalText('备注', { max: 200 }),
  lines: fromJson(
    z
      .array(form(purchaseLineFields), { error: '采购商品格式不正确' })
      .min(1, '请至少添加一种采购商品')
      .max(PURCHASE_LINES_MAX, `一张采购单最多${PURCHASE_LINES_MAX}种商品`),
  ),
};

/** Per line the quantity of a receipt or a return (0: not this time). */
const lineQuantities = (label: string) =>
  fromJson(
    z
      .array(form({ line_id: id('采购明细'), quantity: int(label, { min: 0, max: STOCK_QUANTITY_MAX }) }), {
        error: `${label}格式不正确`,
      })
      .min(1, `请填写${label}`)
      .max(PURCHASE_LINES_MAX, `${label}最多${PURCHASE_LINES_MAX}行`)
      .refine((lines) => lines.some((l) => l.quantity > 0), `请至少填写一种商品的${label}`)
      .refine(
        (lines) => new Set(lines.map((l) => l.line_id)).size === lines.length,
        '同一采购明细不能填写两次',
      ),
  );

export const purchaseReceiveFields = {
  lines: lineQuantities('到货数量'),
  /** The stock-in records' date; today (China time) when not given. */
  input_date: z.optional(day('入库日期')),
  remark: optionalText('备注', { max: 200 }),
};

export const purchaseReturnFields = {
  lines: lineQuantities('退货数量'),
  reason: text('退货原因', { max: 200 }),
};

const listFilters = {
  keyword: keyword(),
  status: optionalInt('状态', { min: 0, max: 4 }),
  supplier_id: optionalId('供应商'),
  /** The day the order was made (China time), from … to, both included. */
  date_from: z.optional(day('开始日期')),
  date_to: z.optional(day('结束日期')),
};

/** The export's columns: the item's keys and their Chinese headers. */
export const PURCHASE_EXPORT_COLUMNS = {
  order_no: '采购单号',
  supplier_name: '供应商',
  warehouse_name: '仓库',
  status_name: '状态',
  total_quantity: '采购数量',
  received_quantity: '已到货',
  returned_quantity: '已退货',
  total_amount_yuan: '金额（元）',
  expected_date: '预计到货',
  maker_name: '制单人',
  create_time: '创建时间',
  remark: '备注',
} as const;

const tags = ['purchase'];
const purchaseCall = postCalls(tags);

const idBody = form({ id: id('采购单') });

export const purchaseCalls = {
  list: purchaseCall(
    '/purchase/list',
    '采购单列表',
    'view_purchase',
    form({ ...listFilters, ...paging }),
    pageOf(purchaseSchema),
  ),
  /** The list under its filters as an .xlsx (at most RESOURCE_EXPORT_DIRECT_MAX rows; more: `exportJob`). */
  export: {
    ...purchaseCall(
      '/purchase/export',
      '导出采购单（Excel，按列表的筛选条件）',
      'view_purchase',
      form(listFilters),
      z.object({}),
    ),
    method: 'GET' as const,
    file: true as const,
  },
  /** A list over RESOURCE_EXPORT_DIRECT_MAX rows, exported as a job (ADR 0037): answers the job. */
  exportJob: purchaseCall(
    '/purchase/export/job',
    `导出采购单（任务：超过 ${RESOURCE_EXPORT_DIRECT_MAX.toLocaleString('en')} 行的列表；答复导出任务）`,
    'view_purchase',
    form(listFilters),
    jobSchema,
  ),
  detail: purchaseCall(
    '/purchase/detail',
    '采购单详情（明细、到货、退货、状态记录）',
    'view_purchase',
    idBody,
    purchaseDetailSchema,
  ),
  add: purchaseCall(
    '/purchase/add',
    '新建采购单（草稿；单号自动生成）',
    'add_purchase',
    form(purchaseFields),
    purchaseDetailSchema,
  ),
  update: purchaseCall(
    '/purchase/update',
    '修改采购单（仅草稿）',
    'change_purchase',
    form({ id: id('采购单'), ...purchaseFields }),
    purchaseDetailSchema,
  ),
  submit: purchaseCall(
    '/purchase/submit',
    '下单（草稿 → 已下单）',
    'change_purchase',
    idBody,
    purchaseDetailSchema,
  ),
  cancel: purchaseCall(
    '/purchase/cancel',
    '取消采购单（未到货的部分不再到货）',
    'change_purchase',
    form({ id: id('采购单'), reason: optionalText('取消原因', { max: 200 }) }),
    purchaseDetailSchema,
  ),
  remove: purchaseCall(
    '/purchase/delete',
    '删除采购单（仅草稿）',
    'delete_purchase',
    idBody,
    z.object({ count: z.number().int() }),
  ),
  /**
   * A receipt: per line at most what is still to come (ordered − received); writes one pending
   * stock-in record per line received, which counts in stock once another person checks it.
   */
  receive: purchaseCall(
    '/purchase/receive',
    '采购到货入库（生成待审核的入库单）',
    'receive_purchase',
    form({ id: id('采购单'), ...purchaseReceiveFields }),
    purchaseDetailSchema,
  ),
  /** A return to the supplier: per line at most what was received, checked and not yet returned. */
  return: purchaseCall(
    '/purchase/return',
    '采购退货（从仓库出库，记入库存流水）',
    'receive_purchase',
    form({ id: id('采购单'), ...purchaseReturnFields }),
    purchaseDetailSchema,
  ),
};
