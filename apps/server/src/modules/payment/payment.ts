import { PAYMENT_METHODS, type PaymentMethod } from '@portal/contract';

export interface ShopContact {
  ShopName: string;
  phone: string;
  mobile: string;
  address: string;
}

/**
 * A payment provider: how an order of a method is paid. A provider that confirms payments itself
 * (an online gateway) would add a callback route; the built-in one is confirmed by shop staff.
 */
export interface PaymentProvider {
  readonly methods: readonly PaymentMethod[];
  /** How to pay: for an order, with its number and amount; without one, in general (checkout). */
  instructions(
    method: PaymentMethod,
    order: { order_no: string; pay_amount: number } | undefined,
    shop: ShopContact | undefined,
  ): string;
}

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** Works without internet: bank transfer or cash on delivery, confirmed by shop staff. */
export const offlineProvider: PaymentProvider = {
  methods: ['bank_transfer', 'cod'],
  instructions(method, order, shop) {
    const contact = shop ? `${shop.ShopName}，电话 ${shop.phone || shop.mobile}` : '本店客服';
    const amount = order ? yuan(order.pay_amount) : '订单金额';
    if (method === 'bank_transfer') {
      const orderNo = order ? `订单号 ${order.order_no}` : '订单号';
      return `请转账 ${amount}，并在附言中注明${orderNo}；到账后由店员确认收款并安排发货。如有疑问请联系${contact}。`;
    }
    return `货到付款：送货时请向快递员支付 ${amount}；店员确认后安排发货。如有疑问请联系${contact}。`;
  },
};

/** The providers in use, by method. */
export function paymentMethods(providers: readonly PaymentProvider[] = [offlineProvider]) {
  const byMethod = new Map<PaymentMethod, PaymentProvider>();
  for (const p of providers) for (const m of p.methods) byMethod.set(m, p);
  return {
    provider(method: string): PaymentProvider | undefined {
      return byMethod.get(method as PaymentMethod);
    },
    list(shop: ShopContact | undefined) {
      return [...byMethod.entries()].map(([method, p]) => ({
        method,
        name: PAYMENT_METHODS[method],
        instructions: p.instructions(method, undefined, shop),
      }));
    },
  };
}

export type PaymentMethods = ReturnType<typeof paymentMethods>;
