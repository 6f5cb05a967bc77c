import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '#server/platform/core/errors.ts';
import type { PaymentNotice, PaymentProvider } from './payment.ts';

/**
 * The test payment provider (ADR 0015): a stand-in for WeChat Pay or Alipay that takes the same
 * path — the shop signs a pay request and sends the shopper to the provider's pay page; the
 * provider reports the payment with a signed notification and sends the shopper back. Its pay
 * page is served by this server (payment.routes.ts) and moves no money.
 */

/** Where the provider's pay page and the shop's notification endpoint are (under /api). */
export const SANDBOX_PAY_PATH = '/api/payment/sandbox/pay';
export const SANDBOX_NOTIFY_PATH = '/api/payment/notify/sandbox';

/** HMAC-SHA256 over the parameters but `sign`, sorted by name, as `k=v` joined by `&`. */
export function signParams(params: Record<string, string>, secret: string) {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Whether `params.sign` is the signature of the other parameters (compared in constant time). */
export function signatureValid(params: Record<string, string>, secret: string) {
  const given = Buffer.from(String(params.sign ?? ''), 'utf8');
  const expected = Buffer.from(signParams(params, secret), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Cents as the provider writes amounts: yuan with two decimals. */
export const amountText = (cents: number) => (cents / 100).toFixed(2);

/** The provider's amount text as cents; undefined when it is not an amount. */
export function centsOf(text: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A return address the pay page may send the shopper to: a path of this site, nothing else. */
export const isLocalPath = (url: string) => /^\/(?![/\\])[^\s]*$/.test(url) && url.length <= 300;

/** The request the shop signs and the pay page shows. */
export interface SandboxPayRequest {
  merchant_id: string;
  order_no: string;
  amount: string;
  subject: string;
  return_url: string;
  sign: string;
}

export function newTradeNo(now = new Date()) {
  return `SBX${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function sandboxProvider(secret: string): PaymentProvider {
  return {
    name: 'sandbox',
    methods: ['sandbox'],
    instructions(_method, order) {
      const amount = order ? ` ¥${amountText(order.pay_amount)}` : '';
      return `在线支付（测试环境，不会真实扣款）：点击“去支付”，在支付页面确认支付${amount}，支付成功后订单自动进入待发货。`;
    },
    online: {
      payUrl(order, returnTo) {
        const params: Record<string, string> = {
          merchant_id: String(order.company_id),
          order_no: order.order_no,
          amount: amountText(order.pay_amount),
          subject: '商城订单',
          return_url: returnTo,
        };
        params.sign = signParams(params, secret);
        return `${SANDBOX_PAY_PATH}?${new URLSearchParams(params).toString()}`;
      },
      verify(body): PaymentNotice {
        if (!signatureValid(body, secret)) throw new AppError('PAY_SIGNATURE');
        const amount = centsOf(String(body.amount));
        const companyId = Number(body.merchant_id);
        if (amount === undefined || !Number.isSafeInteger(companyId))
          throw new AppError('PARAM_ERROR', '支付通知格式不正确');
        return { companyId, orderNo: String(body.order_no), tradeNo: String(body.trade_no), amount };
      },
    },
  };
}
