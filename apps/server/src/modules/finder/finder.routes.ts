import {
  appVersionQuery,
  appVersionSchema,
  DEFAULT_PAGE_SIZE,
  envelope,
  experimentSchema,
  experimentSearchQuery,
  makePaging,
  pageOf,
  personSchema,
  personSearchQuery,
} from '@portal/contract';
import { type App, companyOf, ok } from '../../platform/http/reply.ts';
import type { FinderService } from './finder.service.ts';

export function finderRoutes(app: App, finder: FinderService) {
  app.get(
    '/check/app/version',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['app'],
        summary: '检查 App 最新版本',
        querystring: appVersionQuery,
        response: { 200: envelope(appVersionSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await finder.latestVersion(companyOf(request, q.company_id), q.platform, q.current));
    },
  );
  app.get(
    '/search/person',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['search'],
        summary: '按姓名查找工作人员和指导老师',
        querystring: personSearchQuery,
        response: { 200: envelope(pageOf(personSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
      const companyId = companyOf(request, q.company_id);
      const r = await finder.searchPeople(companyId, q.name, page, pageSize, request.ip);
      return ok({ results: r.results, paging: makePaging(r.count, page, pageSize) });
    },
  );
  app.get(
    '/search/experiment',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['search'],
        summary: '查找公开的实训项目',
        querystring: experimentSearchQuery,
        response: { 200: envelope(pageOf(experimentSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
      const r = await finder.searchExperiments(companyOf(request, q.company_id), q, page, pageSize);
      return ok({ results: r.results, paging: makePaging(r.count, page, pageSize) });
    },
  );
}
