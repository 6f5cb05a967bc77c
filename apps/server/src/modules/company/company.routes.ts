import { companyCalls as calls, makePaging } from '@portal/contract';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CompanyService } from './company.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function companyRoutes(app: App, companies: CompanyService) {
  serve(app, calls.current, async ({ input, request }) => {
    const company = await companies.resolve({ ...input, host: input.host ?? request.hostname });
    return { results: [company], paging: makePaging(1, 1, 1) };
  });
  serve(app, calls.shops, async ({ input, caller }) => {
    const shops = await companies.shops(
      publicReadCompanyOf({ caller }, input.company_id),
      input.is_default === 1,
    );
    return { results: shops, paging: makePaging(shops.length, 1, Math.max(1, shops.length)) };
  });
}
