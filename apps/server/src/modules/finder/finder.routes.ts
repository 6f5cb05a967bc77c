import {
  appVersionQuery,
  appVersionSchema,
  envelope,
  experimentSchema,
  experimentSearchQuery,
  pageOf,
  personSchema,
  personSearchQuery,
} from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, ok, pageReply, publicReadCompanyOf } from '#server/platform/http/reply.ts';
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
      return ok(
        await finder.latestVersion(publicReadCompanyOf(request, q.company_id), q.platform, q.current),
      );
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
      const p = pageParams(q);
      const companyId = publicReadCompanyOf(request, q.company_id);
      return pageReply(await finder.searchPeople(companyId, q.name, p, request.ip), p);
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
      const p = pageParams(q);
      return pageReply(await finder.searchExperiments(publicReadCompanyOf(request, q.company_id), q, p), p);
    },
  );
}
