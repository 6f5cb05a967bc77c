import {
  type CallInput,
  exportJobKind,
  ORDER_STATUS_NAMES,
  orderCalls,
  PAYMENT_METHODS,
  type PaymentMethod,
  RESOURCE_EXPORT_MAX,
} from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { ExcelColumn } from '#server/platform/excel/index.ts';
import type { ListExport } from '#server/platform/resource/list-export.ts';
import { dayStartIn, wallDate, type ZoneOf } from '#server/platform/time.ts';
import { orderRepository as repo } from './order.repository.ts';

type ExportInput = CallInput<typeof orderCalls.manageExport>;

/**
 * The list's filters as the repository reads them: the days of the date range are the company's
 * (from the start of `date_from` to the end of `date_to`, both included).
 */
export const orderFilterOf = <F extends { date_from?: string | undefined; date_to?: string | undefined }>(
  zone: string,
  { date_from, date_to, ...f }: F,
) => ({
  ...f,
  from: date_from ? dayStartIn(zone, date_from) : undefined,
  to: date_to ? dayStartIn(zone, date_to, 1) : undefined,
});

/**
 * The order sheet (issue 35 item 7): what finance reconciles — money as yuan numbers (0.00),
 * times as date cells on the company's clock, words for the state and the way of paying.
 */
const COLUMNS: readonly ExcelColumn[] = [
  { key: 'order_no', label: '订单号', kind: 'code', width: 24 },
  { key: 'create_time', label: '下单时间', kind: 'time', width: 20 },
  { key: 'status_name', label: '状态', width: 10 },
  { key: 'user_name', label: '会员', width: 16 },
  { key: 'consignee_name', label: '收货人', width: 12 },
  { key: 'consignee_mobile', label: '手机号', kind: 'code', width: 14 },
  { key: 'consignee_address', label: '收货地址', width: 36 },
  { key: 'goods', label: '商品', width: 40 },
  { key: 'quantity', label: '件数', kind: 'number', width: 8 },
  { key: 'goods_amount', label: '商品金额', kind: 'money', width: 12 },
  { key: 'discount_amount', label: '优惠金额', kind: 'money', width: 12 },
  { key: 'pay_amount', label: '订单金额', kind: 'money', width: 12 },
  { key: 'payment_name', label: '支付方式', width: 12 },
  { key: 'paid_time', label: '付款时间', kind: 'time', width: 20 },
  { key: 'shipped_time', label: '发货时间', kind: 'time', width: 20 },
  { key: 'shipping_company', label: '物流公司', width: 14 },
  { key: 'tracking_no', label: '运单号', kind: 'code', width: 20 },
  { key: 'remark', label: '订单备注', width: 24 },
];

const EXPORT_PAGE = 500;

/** The shop's orders under the list's filters as sheet rows, EXPORT_PAGE at a time. */
async function* rows(db: Database, zoneOf: ZoneOf, caller: Caller, input: ExportInput) {
  const zone = await zoneOf(caller.companyId);
  const scope = { companyId: caller.companyId };
  const filter = orderFilterOf(zone, input);
  const at = (iso: string | null) => (iso ? wallDate(zone, iso) : null);
  for (let offset = 0; offset < RESOURCE_EXPORT_MAX; offset += EXPORT_PAGE) {
    const page = await repo.page(
      db,
      scope,
      filter,
      Math.min(EXPORT_PAGE, RESOURCE_EXPORT_MAX - offset),
      offset,
    );
    const items = await repo.items(
      db,
      caller.companyId,
      page.map((o) => o.id),
    );
    for (const o of page) {
      const lines = items.filter((i) => i.order_id === o.id);
      yield {
        order_no: o.order_no,
        create_time: at(o.created_at),
        status_name: ORDER_STATUS_NAMES[o.status] ?? '',
        user_name: o.user_name,
        consignee_name: o.consignee_name,
        consignee_mobile: o.consignee_mobile,
        consignee_address: o.consignee_address,
        goods: lines
          .map((i) => `${i.name}${i.sku_text ? `（${i.sku_text}）` : ''} × ${i.quantity}`)
          .join('；'),
        quantity: lines.reduce((n, i) => n + i.quantity, 0),
        goods_amount: o.goods_amount / 100,
        discount_amount: o.discount_amount / 100,
        pay_amount: o.pay_amount / 100,
        payment_name: PAYMENT_METHODS[o.payment_method as PaymentMethod] ?? o.payment_method,
        paid_time: at(o.paid_at),
        shipped_time: at(o.shipped_at),
        shipping_company: o.shipping_company,
        tracking_no: o.tracking_no,
        remark: o.remark,
      };
    }
    if (page.length < EXPORT_PAGE) return;
  }
}

/** The back office's order list as an export (downloaded at once, or a job when long: ADR 0037). */
export function orderExport(db: Database, zoneOf: ZoneOf): ListExport<ExportInput> {
  return {
    kind: exportJobKind(orderCalls.manageExport.path),
    label: '订单',
    columns: COLUMNS,
    count: async (caller, input) =>
      repo.count(db, { companyId: caller.companyId }, orderFilterOf(await zoneOf(caller.companyId), input)),
    rows: (caller, input) => rows(db, zoneOf, caller, input),
  };
}
