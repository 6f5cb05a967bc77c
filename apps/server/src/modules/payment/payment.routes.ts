import { paymentCalls as calls } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import { type App, callerOf, companyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { PaymentAccounts } from './payment.service.ts';
import type { PaymentMethods, ShopContact } from './payment.ts';
import {
  centsOf,
  isLocalPath,
  newTradeNo,
  SANDBOX_NOTIFY_PATH,
  SANDBOX_PAY_PATH,
  signatureValid,
  signParams,
} from './sandbox.ts';
import { sandboxPayPage } from './sandbox-page.ts';

export interface PaymentRouteDeps {
  payments: PaymentMethods;
  accounts: PaymentAccounts;
  shopOf: (companyId: number) => Promise<ShopContact | undefined>;
  /** The test provider's secret when it is on (its pay page is served only then). */
  sandbox: { secret: string } | undefined;
}

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function paymentRoutes(app: App, { payments, accounts, shopOf, sandbox }: PaymentRouteDeps) {
  serve(app, calls.methods, async ({ input, caller }) => {
    const companyId = companyOf({ caller }, input.company_id);
    const [shop, account, minutes] = await Promise.all([
      shopOf(companyId),
      accounts.of(companyId),
      payments.minutesOf(companyId),
    ]);
    return { results: payments.list(shop, account, minutes) };
  });
  serve(app, calls.account, async ({ caller }) => ({ account: await accounts.of(caller.companyId) }));
  serve(app, calls.saveAccount, async ({ input, caller }) => ({
    account: await accounts.save(callerOf({ caller }), {
      ...input,
      branch_name: input.branch_name ?? '',
    }),
  }));

  if (!sandbox) return;
  // The test provider's own pages: in a real deployment these are the provider's site. A request
  // it did not sign (tampered, or sending the shopper off this site) is refused in the envelope.
  const checked = (input: Record<string, string>) => {
    if (!signatureValid(input, sandbox.secret) || !isLocalPath(input.return_url ?? ''))
      throw new AppError('PAY_SIGNATURE', '支付请求签名无效，请回到商城重新发起支付');
    const cents = centsOf(input.amount ?? '');
    if (cents === undefined) throw new AppError('PARAM_ERROR', '金额格式不正确', 'amount');
    return cents;
  };

  serve(app, calls.sandboxPage, async ({ input, reply }) => {
    const cents = checked(input);
    const shop = await shopOf(Number(input.merchant_id));
    return reply.header('content-type', 'text/html; charset=utf-8').send(
      sandboxPayPage({
        params: input,
        shopName: shop?.ShopName ?? '商户',
        amountCents: cents,
        action: SANDBOX_PAY_PATH,
      }),
    );
  });

  serve(app, calls.sandboxPay, async ({ input, reply }) => {
    checked(input);
    // The provider tells the shop, signed, then sends the shopper back (as WeChat Pay and Alipay
    // do); when the shop refused the payment, back with the refusal's code for the order page.
    const notice: Record<string, string> = {
      merchant_id: input.merchant_id,
      order_no: input.order_no,
      trade_no: newTradeNo(),
      amount: input.amount,
    };
    notice.sign = signParams(notice, sandbox.secret);
    const answer = await app.inject({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(notice).toString(),
    });
    const result = answer.json() as { c: number };
    const back = new URL(input.return_url, 'http://return.invalid');
    if (result.c !== 0) back.searchParams.set('pay_error', String(result.c));
    return reply
      .code(303)
      .header('location', back.pathname + back.search)
      .send();
  });
}
