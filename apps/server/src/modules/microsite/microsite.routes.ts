import {
  companyProfileQuery,
  companyProfileSchema,
  envelope,
  micrositeQuery,
  micrositeSchema,
} from '@portal/contract';
import { type App, ok, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import type { MicrositeService } from './microsite.service.ts';

const tags = ['microsite'];

export function micrositeRoutes(app: App, microsites: MicrositeService) {
  app.get(
    '/microsite',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '企业微站（按路径，如 /qf、/dzcen）',
        querystring: micrositeQuery,
        response: { 200: envelope(micrositeSchema) },
      },
    },
    async (request) => ok(await microsites.byPath(request.query.path)),
  );

  app.get(
    '/microsite/company',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '单位简介（/aboutUs、/company）',
        querystring: companyProfileQuery,
        response: { 200: envelope(companyProfileSchema) },
      },
    },
    async (request) => ok(await microsites.profile(publicReadCompanyOf(request, request.query.company_id))),
  );
}
