import {
  ONLINE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type TransferAccount,
} from '@portal/contract';

export interface ShopContact {
  ShopName: string;
  phone: string;
  mobile: string;
  address: string;
}

/** An order as a provider sees it. */
export interface PayableOrder {
  company_id: number;
  order_no: string;
  pay_amount: number;
}

/** What a provider's signed notification says happened. */
export interface PaymentNotice {
  companyId: number;
  orderNo: string;
  tradeNo: string;
  /** Cents. */
  amount: number;
}

/**
 * A payment provider: how an order of its methods is paid (ADR 0015). The offline one is confirmed
 * by shop staff; an online one (`online`) sends the shopper to its pay page and reports the payment
 * by a signed notification, which the order module turns into the order's `pay` move.
 */
export interface PaymentProvider {
  readonly name: string;
  readonly methods: readonly PaymentMethod[];
  /** How to pay: for an order, with its number and amount; without one, in general (checkout). */
  instructions(
    method: PaymentMethod,
    order: { order_no: string; pay_amount: number } | undefined,
    context: { shop: ShopContact | undefined; account: TransferAccount | null },
  ): string;
  online?: {
    /** Where the shopper pays the order; `returnTo` is where the provider sends them back. */
    payUrl(order: PayableOrder, returnTo: string): string;
    /** Checks a notification's signature; throws PAY_SIGNATURE when it is not the provider's. */
    verify(body: Record<string, string>): PaymentNotice;
  };
}

export const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

const contactOf = (shop: ShopContact | undefined) =>
  shop ? `${shop.ShopName}，电话 ${shop.phone || shop.mobile}` : '本店客服';

/** Works without internet: bank transfer or cash on delivery, confirmed by shop staff. */
export const offlineProvider: PaymentProvider = {
  name: 'offline',
  methods: ['bank_transfer', 'cod'],
  instructions(method, order, { shop, account }) {
    const contact = contactOf(shop);
    const amount = order ? yuan(order.pay_amount) : '订单金额';
    if (method === 'bank_transfer') {
      const orderNo = order ? `订单号 ${order.order_no}` : '订单号';
      const to = account ? '至本店收款账户' : '';
      const pay = order ? `请转账 ${amount} ${to}` : `请将订单金额转账${to}`;
      return `${pay}，并在附言中注明${orderNo}；转账后请上传转账凭证（银行回单或截图），到账后由店员确认收款并安排发货。如有疑问请联系${contact}。`;
    }
    return `货到付款：店员确认订单后安排发货，送货时请向快递员支付 ${amount}。如有疑问请联系${contact}。`;
  },
};

/** Minutes each method waits for its payment (bank transfers take days; online payment minutes). */
export type PayMinutes = Record<PaymentMethod, number>;
/** A company's deadlines (its crm settings, company-settings; the environment's when it set none). */
export type PayMinutesOf = (companyId: number) => Promise<PayMinutes>;

/** The providers in use, by method, with each method's deadline: the same for all, or each company's. */
export function paymentMethods(providers: readonly PaymentProvider[], payMinutes: PayMinutes | PayMinutesOf) {
  const minutesOf: PayMinutesOf = typeof payMinutes === 'function' ? payMinutes : async () => payMinutes;
  const byMethod = new Map<PaymentMethod, PaymentProvider>();
  for (const p of providers) for (const m of p.methods) byMethod.set(m, p);
  const byName = new Map(providers.map((p) => [p.name, p]));
  return {
    provider(method: string): PaymentProvider | undefined {
      return byMethod.get(method as PaymentMethod);
    },
    /** The online provider of this name, when it is in use. */
    online(name: string) {
      const p = byName.get(name);
      return p?.online ? { ...p.online, name: p.name } : undefined;
    },
    /** How long an order of the company paid by `method` waits for its payment. */
    async payMinutes(companyId: number, method: PaymentMethod) {
      return (await minutesOf(companyId))[method];
    },
    minutesOf,
    /** Whether the method can be used now: a transfer needs the shop's receiving account. */
    usable(method: PaymentMethod, account: TransferAccount | null) {
      return byMethod.has(method) && (method !== 'bank_transfer' || account !== null);
    },
    isOnline: (method: string) => ONLINE_PAYMENT_METHODS.includes(method as PaymentMethod),
    list(shop: ShopContact | undefined, account: TransferAccount | null, minutes: PayMinutes) {
      return [...byMethod.entries()]
        .filter(([method]) => method !== 'bank_transfer' || account !== null)
        .map(([method, p]) => ({
          method,
          name: PAYMENT_METHODS[method],
          instructions: p.instructions(method, undefined, { shop, account }),
          pay_minutes: minutes[method],
          account: method === 'bank_transfer' ? account : null,
        }));
    },
  };
}

export type PaymentMethods = ReturnType<typeof paymentMethods>;
