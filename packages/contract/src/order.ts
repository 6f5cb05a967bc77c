import { z } from 'zod';
import { defineCall, loginCalls, postCalls } from './call.ts';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from './cart.ts';
import { pageOf } from './envelope.ts';
import {
  choice,
  day,
  flag,
  form,
  id,
  idList,
  int,
  keyword,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
  uploadedFile,
} from './fields.ts';
import { createTime, shopLine } from './item-fields.ts';
import { jobSchema } from './job.ts';
import { PAYMENT_METHODS, transferAccountSchema } from './payment.ts';
import { RESOURCE_EXPORT_DIRECT_MAX } from './resource-limits.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

/** Order states (docs/shop.md): awaiting payment → paid → shipped → completed, or cancelled / refunded. */
export const ORDER_STATUS = {
  AWAITING_PAYMENT: 1,
  PAID: 2,
  SHIPPED: 3,
  COMPLETED: 4,
  CANCELLED: 5,
  REFUNDED: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_NAMES: Record<number, string> = {
  1: '待付款',
  2: '待发货',
  3: '已发货',
  4: '已完成',
  5: '已取消',
  6: '已退款',
};

/**
 * How an order's amount is named (issue 35): 实付 once it was paid (paid, shipped, completed,
 * refunded), 应付 while it is not (awaiting payment, or cancelled unpaid).
 */
export const payAmountLabel = (status: number): '实付' | '应付' =>
  status === ORDER_STATUS.AWAITING_PAYMENT || status === ORDER_STATUS.CANCELLED ? '应付' : '实付';

export type OrderAction = 'pay' | 'ship' | 'receive' | 'cancel' | 'refund' | 'expire';

/** Which state each action leaves from and goes to: the one table the service and the screens read. */
export const ORDER_TRANSITIONS: Record<
  OrderAction,
  { from: readonly number[]; to: OrderStatus; name: string }
> = {
  pay: { from: [1], to: 2, name: '确认收款' },
  ship: { from: [2], to: 3, name: '发货' },
  receive: { from: [3], to: 4, name: '确认收货' },
  cancel: { from: [1], to: 5, name: '取消订单' },
  expire: { from: [1], to: 5, name: '超时未付款，自动取消' },
  refund: { from: [2, 3], to: 6, name: '退款' },
};

export function canDo(action: OrderAction, status: number) {
  return ORDER_TRANSITIONS[action].from.includes(status);
}

export const orderItemSchema = z.object({
  id: z.number().int(),
  /** The goods and specification bought, as they were when ordered. */
  ...shopLine,
  amount: z.number().int(),
  reviewed: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderEventSchema = z.object({
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  action: z.string(),
  actor_name: z.string(),
  note: z.string(),
  ...createTime,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  goods_amount: z.number().int(),
  discount_amount: z.number().int(),
  pay_amount: z.number().int(),
  coupon_name: z.string(),
  consignee_name: z.string(),
  consignee_mobile: z.string(),
  consignee_address: z.string(),
  payment_method: z.string(),
  payment_name: z.string(),
  remark: z.string(),
  shipping_company: z.string(),
  tracking_no: z.string(),
  expires_at: z.string(),
  /**
   * 1 while a bank-transfer order awaiting payment holds a receipt the shop has not yet confirmed
   * (已上传凭证，等待商家确认): its payment timer is stopped (docs/shop.md "Payment").
   */
  receipt_waiting: z.number().int(),
  ...createTime,
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** A transfer receipt the shopper uploaded (the file itself: `/order/receipt/file`). */
export const orderReceiptSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  ...createTime,
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

export const orderDetailSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  payment_instructions: z.string(),
  /** Where to transfer to, while a bank-transfer order awaits payment. */
  transfer_account: transferAccountSchema.nullable(),
  receipts: z.array(orderReceiptSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const priceChangeSchema = z.object({
  goods_id: z.number().int(),
  /** The specification, when the line has one. */
  sku_id: z.number().int().optional(),
  /** The goods' name, with the specification's values when one was chosen. */
  name: z.string(),
  old_price: z.number().int(),
  new_price: z.number().int(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const orderCreateResult = z.object({
  order: orderDetailSchema,
  /** Lines whose price changed since they were put in the cart: charged at the new price. */
  price_changes: z.array(priceChangeSchema),
});
export type OrderCreateResult = z.infer<typeof orderCreateResult>;

/** The most lines one buy-now order may hold. */
export const BUY_NOW_MAX_LINES = 20;

/**
 * One buy-now line: goods, its specification (required for a goods with specifications),
 * quantity, and the price (cents) the shopper saw, when known.
 */
export const buyNowLine = z.object(
  {
    goods_id: id('商品'),
    sku_id: optionalId('规格'),
    quantity: int('数量', { min: 1, max: CART_MAX_QUANTITY }),
    price: optionalInt('价格', { min: 0, max: MAX_PRICE_CENTS }),
  },
  { error: '购买商品格式不正确' },
);
export type BuyNowLine = z.output<typeof buyNowLine>;

const BUY_NOW_PART = /^(\d{1,10})(?::(\d{1,10}))?x(\d{1,6})(?:@(\d{1,12}))?$/;

/**
 * The compact text of buy-now lines, `<goods_id>[:<sku_id>]x<quantity>[@<price>]` joined by commas
 * (`12x2@8000,13:34x1`: 2 of goods 12 seen at ¥80.00, 1 of goods 13 in its specification 34): the
 * `items` of `/settle` and, in form posts, of `/order/create`. `:<sku_id>` came with
 * specifications (docs/shop.md); a text without it means what it always did. A part that is not
 * of that form is kept as text, so the schema refuses it.
 */
export function parseBuyNowItems(text: string): unknown[] {
  const s = text.trim();
  if (s === '') return [];
  return s.split(',').map((part) => {
    const m = BUY_NOW_PART.exec(part.trim());
    if (!m) return part;
    return {
      goods_id: Number(m[1]),
      ...(m[2] ? { sku_id: Number(m[2]) } : {}),
      quantity: Number(m[3]),
      ...(m[4] ? { price: Number(m[4]) } : {}),
    };
  });
}

/** The inverse of `parseBuyNowItems`. */
export function formatBuyNowItems(
  lines: readonly {
    goods_id: number;
    sku_id?: number | undefined;
    quantity: number;
    price?: number | undefined;
  }[],
) {
  return lines
    .map(
      (l) =>
        `${l.goods_id}${l.sku_id === undefined ? '' : `:${l.sku_id}`}x${l.quantity}${l.price === undefined ? '' : `@${l.price}`}`,
    )
    .join(',');
}

/**
 * Buy-now lines: a JSON array of `{goods_id, sku_id?, quantity, price?}` or the compact text of
 * `parseBuyNowItems`. 1 to BUY_NOW_MAX_LINES lines, each goods (or specification of a goods) once.
 */
export const buyNowItems = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v === null ? undefined : v;
    const s = v.trim();
    if (!s.startsWith('[')) return parseBuyNowItems(s);
    try {
      return JSON.parse(s);
    } catch {
      return v;
    }
  },
  z
    .array(buyNowLine, { error: '购买商品格式不正确' })
    .min(1, '请选择要购买的商品')
    .max(BUY_NOW_MAX_LINES, `一次最多购买${BUY_NOW_MAX_LINES}种商品`)
    .refine(
      (lines) => new Set(lines.map((l) => `${l.goods_id}:${l.sku_id ?? 0}`)).size === lines.length,
      '同一商品只能出现一次',
    ),
);

/**
 * One of: `cart_ids` (the selected cart lines), `items` (buy now, several lines), or `goods_id` +
 * `sku_id` (a goods with specifications) + `quantity` (buy now, one goods; `expected_price` is the
 * price the shopper saw).
 */
export const orderCreateBody = form({
  cart_ids: z.optional(idList('购物车商品', CART_MAX_LINES)),
  items: z.optional(buyNowItems),
  goods_id: optionalId('商品'),
  sku_id: optionalId('规格'),
  quantity: optionalInt('数量', { min: 1, max: CART_MAX_QUANTITY }),
  expected_price: optionalInt('价格', { min: 0, max: MAX_PRICE_CENTS }),
  consignee_id: id('收货地址'),
  coupon_id: optionalId('优惠券'),
  payment_method: choice('支付方式', PAYMENT_METHODS, '请选择支付方式'),
  remark: optionalText('订单备注', { max: 200 }),
});

export const orderListBody = form({
  ...paging,
  status: optionalInt('订单状态', {
    min: Math.min(...Object.values(ORDER_STATUS)),
    max: Math.max(...Object.values(ORDER_STATUS)),
  }),
  keyword: keyword(),
  /** 1: only the orders whose transfer receipt awaits the shop's confirmation. */
  receipt_waiting: z.optional(flag('待确认收款')),
  /** The day the order was placed (the company's day), from … to, both included. */
  date_from: z.optional(day('开始日期')),
  date_to: z.optional(day('结束日期')),
});
/** The back office's export of its order list: the list's filters, without the page. */
export const orderExportQuery = orderListBody.omit({ page: true, page_size: true });
export const orderIdBody = form({ id: id('订单') });
export const orderNoteBody = form({ id: id('订单'), note: optionalText('备注', { max: 200 }) });
export const orderShipBody = form({
  id: id('订单'),
  shipping_company: text('物流公司', { max: 50 }),
  tracking_no: text('运单号', { max: 50 }),
});
export const orderRefundBody = form({ id: id('订单'), note: text('退款原因', { max: 200 }) });
/**
 * A transfer receipt: the order and one file (a picture or a PDF, RECEIPT_MAX_BYTES at most, its
 * type read from its content), as multipart. On the server the file arrives as the multipart
 * parser's `{filename, mimetype, size, path}`; a browser sends a Blob.
 */
export const orderReceiptUploadBody = form({
  id: id('订单'),
  file: uploadedFile('请选择转账凭证文件'),
});
export const orderReceiptBody = form({ id: id('订单'), receipt_id: id('转账凭证') });
/** What the back office's order stream tells (`manageStream`): an order came in, or a receipt was uploaded. */
export const ORDER_SIGNALS = { created: '新订单', receipt: '已上传转账凭证' } as const;
export type OrderSignalKind = keyof typeof ORDER_SIGNALS;
export interface OrderSignal {
  kind: OrderSignalKind;
  id: number;
  order_no: string;
  pay_amount: number;
}

/** `{ url }`: where the shopper pays the order online (the provider's pay page). */
export const onlinePayResult = z.object({ url: z.string() });

export const orderCountsSchema = z.record(z.string(), z.number().int());

/** `/order/counts` takes nothing. */
export const orderCountsBody = form({});

const tags = ['order'];
const member = { login: true } as const;
const login = loginCalls(tags);
const post = postCalls(tags);

export const orderCalls = {
  create: login('/order/create', '下单（一个事务：核价、扣库存、用券）', orderCreateBody, orderCreateResult),
  list: login('/order/list', '我的订单', orderListBody, pageOf(orderSchema)),
  counts: login('/order/counts', '我的订单各状态数量', orderCountsBody, orderCountsSchema),
  get: login('/order/detail', '我的订单详情', orderIdBody, orderDetailSchema),
  cancel: login('/order/cancel', '取消未付款订单', orderIdBody, orderDetailSchema),
  receive: login('/order/receive', '确认收货', orderIdBody, orderDetailSchema),
  uploadReceipt: login(
    '/order/receipt/upload',
    '上传转账凭证（multipart：id, file）',
    orderReceiptUploadBody,
    orderDetailSchema,
  ),
  deleteReceipt: login(
    '/order/receipt/delete',
    '删除转账凭证（付款确认前）',
    orderReceiptBody,
    orderDetailSchema,
  ),
  receiptFile: defineCall({
    method: 'GET',
    path: '/order/receipt/file',
    summary: '我的订单的转账凭证文件',
    tags: tags,
    access: member,
    input: orderReceiptBody,
    output: z.object({}),
    file: true,
  }),
  payOnline: login('/order/pay/online', '在线支付：得到支付页面地址', orderIdBody, onlinePayResult),
  manageList: post('/order/manage/list', '订单管理列表', 'view_order', orderListBody, pageOf(orderSchema)),
  manageGet: post('/order/manage/detail', '订单详情（店员）', 'view_order', orderIdBody, orderDetailSchema),
  manageReceiptFile: defineCall({
    method: 'GET',
    path: '/order/manage/receipt/file',
    summary: '订单的转账凭证文件（店员）',
    tags: tags,
    access: { permission: 'view_order' },
    input: orderReceiptBody,
    output: z.object({}),
    file: true,
  }),
  /**
   * The back office's live signal (新订单, a receipt uploaded): Server-Sent Events of the caller's
   * company (`text/event-stream`, one `data:` JSON `OrderSignal` per event), carried across
   * processes by Redis pub/sub when REDIS_URL is set (platform/push).
   */
  manageStream: defineCall({
    method: 'GET',
    path: '/order/manage/stream',
    summary: '订单实时提醒（Server-Sent Events：新订单、已上传转账凭证）',
    tags: tags,
    access: { permission: 'view_order' },
    input: form({}),
    output: z.object({}),
    file: true,
  }),
  confirmPayment: post(
    '/order/pay/confirm',
    '确认收款',
    'confirm_order_payment',
    orderNoteBody,
    orderDetailSchema,
  ),
  ship: post('/order/ship', '发货', 'ship_order', orderShipBody, orderDetailSchema),
  manageCancel: post(
    '/order/manage/cancel',
    '取消订单（店员）',
    'cancel_order',
    orderNoteBody,
    orderDetailSchema,
  ),
  refund: post('/order/refund', '退款', 'refund_order', orderRefundBody, orderDetailSchema),
  /** The list under its filters as an .xlsx (at most RESOURCE_EXPORT_DIRECT_MAX rows; more: `manageExportJob`). */
  manageExport: defineCall({
    method: 'GET',
    path: '/order/manage/export',
    summary: '导出订单（Excel，按列表的筛选条件：状态、关键词、下单日期）',
    tags,
    access: { permission: 'view_order' },
    input: orderExportQuery,
    output: z.object({}),
    file: true,
  }),
  /** A list over RESOURCE_EXPORT_DIRECT_MAX rows, exported as a job (ADR 0037): answers the job. */
  manageExportJob: post(
    '/order/manage/export/job',
    `导出订单（任务：超过 ${RESOURCE_EXPORT_DIRECT_MAX.toLocaleString('en')} 行的列表；答复导出任务）`,
    'view_order',
    orderExportQuery,
    jobSchema,
  ),
};
