import { z } from 'zod';
import { defineCall, getCalls, postCalls, publicCalls } from './call.ts';
import { form, id, optionalId, optionalText, text } from './fields.ts';

/**
 * Payment methods (ADR 0015). `bank_transfer` and `cod` are confirmed by shop staff; `sandbox` is the
 * test provider's online payment (redirect to its pay page, signed callback), offered only when the
 * server is started with PAYMENT_SANDBOX=1.
 */
export const PAYMENT_METHODS = {
  bank_transfer: '银行转账',
  cod: '货到付款',
  sandbox: '在线支付（测试）',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/** Methods whose payment is confirmed by the provider's callback, not by shop staff. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['sandbox'];

/** A company's receiving bank account, shown to shoppers who pay by transfer. */
export const transferAccountSchema = z.object({
  bank_name: z.string(),
  branch_name: z.string(),
  account_name: z.string(),
  account_no: z.string(),
});
export type TransferAccount = z.infer<typeof transferAccountSchema>;

export const paymentMethodSchema = z.object({
  method: z.string(),
  name: z.string(),
  instructions: z.string(),
  /** Minutes an order of this method waits for its payment before it is cancelled. */
  pay_minutes: z.number().int(),
  /** Where to transfer to (bank transfer only). */
  account: transferAccountSchema.nullable(),
});
export type PaymentMethodInfo = z.infer<typeof paymentMethodSchema>;

/** A bank account number: digits, in groups separated by spaces or dashes as printed on a card. */
export const ACCOUNT_NO_PATTERN = /^\d[\d -]{6,38}\d$/;

export const transferAccountBody = form({
  bank_name: text('开户银行', { max: 50 }),
  branch_name: optionalText('开户支行', { max: 80 }),
  account_name: text('户名', { max: 80 }),
  account_no: text('银行账号', { max: 40 }).pipe(
    z.string().regex(ACCOUNT_NO_PATTERN, '银行账号只能包含数字（可用空格分组），8到40位'),
  ),
});

/** `{ account }`, null until the shop sets one. */
export const transferAccountResult = z.object({ account: transferAccountSchema.nullable() });

/** The shop's payment methods (`/payment/methods`). */
export const paymentMethodList = z.object({ results: z.array(paymentMethodSchema) });
export const paymentMethodsQuery = form({ company_id: optionalId('单位') });

/** A provider's payment notification (form post, signed): the order is paid once, whatever the repeats. */
export const paymentNotifyBody = form({
  merchant_id: id('商户号'),
  order_no: text('订单号', { max: 40 }),
  trade_no: text('交易号', { max: 64 }),
  amount: text('金额', { max: 12 }),
  sign: text('签名', { max: 128 }),
});
export const paymentNotifyResult = z.object({
  order_no: z.string(),
  /** True when this trade had been recorded before (a repeated callback changes nothing). */
  repeated: z.boolean(),
});

/** The test provider's pay request (its pay page), signed by the shop. */
export const sandboxPayQuery = form({
  merchant_id: text('商户号', { max: 12 }),
  order_no: text('订单号', { max: 40 }),
  amount: text('金额', { max: 12 }),
  subject: text('商品说明', { max: 100 }),
  return_url: text('返回地址', { max: 300 }),
  sign: text('签名', { max: 128 }),
});

const tags = ['payment'];

const get = getCalls(tags);
const post = postCalls(tags);
const anyone = publicCalls(tags);

export const paymentCalls = {
  methods: get('/payment/methods', '支付方式', { public: true }, paymentMethodsQuery, paymentMethodList),
  account: get(
    '/payment/account',
    '收款账户',
    { permission: 'change_payment_account' },
    form({}),
    transferAccountResult,
  ),
  saveAccount: post(
    '/payment/account/save',
    '保存收款账户',
    'change_payment_account',
    transferAccountBody,
    transferAccountResult,
  ),
  sandboxPage: defineCall({
    method: 'GET',
    path: '/payment/sandbox/pay',
    summary: '测试支付的支付页面（HTML，模拟第三方支付）',
    tags,
    access: { public: true },
    input: sandboxPayQuery,
    output: z.object({}),
    file: true,
  }),
  sandboxPay: defineCall({
    method: 'POST',
    path: '/payment/sandbox/pay',
    summary: '测试支付：确认支付（发出签名通知，再回到商城）',
    tags,
    access: { public: true },
    input: sandboxPayQuery,
    output: z.object({}),
    file: true,
  }),
  notify: anyone(
    '/payment/notify/sandbox',
    '支付结果通知（测试支付，签名校验、幂等、核对金额）',
    paymentNotifyBody,
    paymentNotifyResult,
  ),
};
