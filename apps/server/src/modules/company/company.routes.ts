import { companyCalls as calls } from '@portal/contract';
import { paged } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import type { CompanyService } from './company.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function companyRoutes(app: App, companies: CompanyService, zoneOf: ZoneOf) {
  serve(app, calls.current, async ({ input, request }) => {
    const company = await companies.resolve({ ...input, host: input.host ?? request.hostname });
    const site = { ...company, time_zone: await zoneOf(company.id) };
    return paged({ results: [site], count: 1 }, { page: 1, pageSize: 1 });
  });
  serve(app, calls.shops, async ({ input, caller }) => {
    const shops = await companies.shops(
      publicReadCompanyOf({ caller }, input.company_id),
      input.is_default === 1,
    );
    return paged({ results: shops, count: shops.length }, { page: 1, pageSize: Math.max(1, shops.length) });
  });
}
