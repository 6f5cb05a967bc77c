import {
  companyQuery,
  companySchema,
  envelope,
  makePaging,
  pageOf,
  shopQuery,
  shopSchema,
} from '@portal/contract';
import { type App, ok, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import type { CompanyService } from './company.service.ts';

export function companyRoutes(app: App, companies: CompanyService) {
  app.get(
    '/system/staff/company/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['company'],
        summary: '当前站点的单位（shell 读取 results[0]）',
        querystring: companyQuery,
        response: { 200: envelope(pageOf(companySchema)) },
      },
    },
    async (request) => {
      const company = await companies.resolve({
        ...request.query,
        host: request.query.host ?? request.hostname,
      });
      return ok({ results: [company], paging: makePaging(1, 1, 1) });
    },
  );

  app.get(
    '/erp/staff/shops/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['company'],
        summary: '单位的店铺（shell 读取 results[0]）',
        querystring: shopQuery,
        response: { 200: envelope(pageOf(shopSchema)) },
      },
    },
    async (request) => {
      const companyId = publicReadCompanyOf(request, request.query.company_id);
      const shops = await companies.shops(companyId, request.query.is_default === 1);
      return ok({ results: shops, paging: makePaging(shops.length, 1, Math.max(1, shops.length)) });
    },
  );
}
