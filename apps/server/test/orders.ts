import { modulesDatabase } from '../src/platform/db/database.ts';
import { localPushHub } from '../src/platform/push/push.ts';
import type { Harness } from './harness.ts';

/**
 * What API tests of orders do beside the calls: an order written straight into the table (a
 * dashboard's or a member's history without placing it), how many orders a member has, and the
 * sweep of unpaid orders past their time run by hand.
 */

/** An order as the table stores it, the fields a test sets; the rest are those of a new order. */
export interface StoredOrder {
  company_id: number;
  user_id: number;
  order_no: string;
  status: number;
  amount: number;
  /** created_at, updated_at and expires_at. */
  at: string;
  paid_at?: string | null;
  consignee_mobile?: string;
  consignee_address?: string;
}

/** Writes an order (no lines) straight into `orders`: its id. */
export async function storeOrder(h: Harness, o: StoredOrder) {
  const row = await h.db
    .insertInto('orders')
    .values({
      company_id: o.company_id,
      order_no: o.order_no,
      user_id: o.user_id,
      status: o.status,
      goods_amount: o.amount,
      discount_amount: 0,
      pay_amount: o.amount,
      coupon_id: null,
      member_coupon_id: null,
      coupon_name: '',
      consignee_name: '张三',
      consignee_mobile: o.consignee_mobile ?? '13800000000',
      consignee_address: o.consignee_address ?? '北京市',
      payment_method: 'transfer',
      remark: '',
      expires_at: o.at,
      paid_at: o.paid_at ?? null,
      shipped_at: null,
      completed_at: null,
      closed_at: null,
      created_at: o.at,
      updated_at: o.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many orders a member has placed. */
export const countOrders = async (h: Harness, userId: number) =>
  Number(
    (
      await h.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Puts an order past its time to pay and runs the sweep the order module's timer runs every
 * minute, through the same service: how many orders it closed.
 */
export async function expireByHand(h: Harness, orderId: number) {
  await h.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', orderId)
    .execute();
  const { orderService } = await import('../src/modules/order/order.service.ts');
  const { offlineProvider, paymentMethods } = await import('../src/modules/payment/index.ts');
  const NO_ACCOUNT = { bank_name: '', branch_name: '', account_name: '', account_no: '' };
  const sweeper = orderService(modulesDatabase(h.db), {
    payments: paymentMethods([offlineProvider], { bank_transfer: 4320, cod: 1440, sandbox: 30 }),
    accounts: { of: async () => null, save: async () => ({ ...NO_ACCOUNT }) },
    shopOf: async () => undefined,
    goodsChanged: () => {},
    // The sweep's own notices (the member's message) are written; nothing is pushed or texted.
    notices: {
      permissions: { has: async () => false },
      push: localPushHub(),
      sms: async () => {},
      shopName: async () => '',
      log: () => {},
    },
    zoneOf: async () => 'Asia/Shanghai',
  });
  return sweeper.expireDue();
}
