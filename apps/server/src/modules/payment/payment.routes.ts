import { envelope, form, optionalId, paymentMethodSchema } from '@portal/contract';
import { z } from 'zod';
import { type App, companyOf, ok } from '#server/platform/http/reply.ts';
import type { PaymentMethods, ShopContact } from './payment.ts';

export function paymentRoutes(
  app: App,
  payments: PaymentMethods,
  shopOf: (companyId: number) => Promise<ShopContact | undefined>,
) {
  app.get(
    '/payment/methods',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['payment'],
        summary: '支付方式',
        querystring: form({ company_id: optionalId('单位') }),
        response: { 200: envelope(z.object({ results: z.array(paymentMethodSchema) })) },
      },
    },
    async (request) =>
      ok({ results: payments.list(await shopOf(companyOf(request, request.query.company_id))) }),
  );
}
