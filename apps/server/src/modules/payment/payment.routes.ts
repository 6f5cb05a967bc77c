import { paymentCalls as calls } from '@portal/contract';
import { type App, companyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { PaymentMethods, ShopContact } from './payment.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function paymentRoutes(
  app: App,
  payments: PaymentMethods,
  shopOf: (companyId: number) => Promise<ShopContact | undefined>,
) {
  serve(app, calls.methods, async ({ input, caller }) => ({
    results: payments.list(await shopOf(companyOf({ caller }, input.company_id))),
  }));
}
