import {
  advertisingDetailQuery,
  advertisingDetailSchema,
  advertisingListQuery,
  advertisingSchema,
  envelope,
  newsCategoriesQuery,
  newsCategorySchema,
  newsDetailQuery,
  newsDetailSchema,
  newsListQuery,
  newsSummarySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, ok, pageReply, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import type { CmsService } from './cms.service.ts';

const tags = ['cms'];
const access = { public: true } as const;

export function cmsRoutes(app: App, cms: CmsService) {
  app.get(
    '/cms/news/categories',
    {
      config: { access },
      schema: {
        tags,
        summary: '新闻栏目',
        querystring: newsCategoriesQuery,
        response: { 200: envelope(z.array(newsCategorySchema)) },
      },
    },
    async (request) =>
      ok(await cms.categories(publicReadCompanyOf(request, request.query.company_id), request.query.lang)),
  );

  app.get(
    '/cms/news/list',
    {
      config: { access },
      schema: {
        tags,
        summary: '新闻列表（已发布，最新在前）',
        querystring: newsListQuery,
        response: { 200: envelope(pageOf(newsSummarySchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await cms.newsList(publicReadCompanyOf(request, q.company_id), q, p), p);
    },
  );

  app.get(
    '/cms/news/detail',
    {
      config: { access },
      schema: {
        tags,
        summary: '新闻详情（计一次阅读）',
        querystring: newsDetailQuery,
        response: { 200: envelope(newsDetailSchema) },
      },
    },
    async (request) =>
      ok(await cms.newsDetail(publicReadCompanyOf(request, request.query.company_id), request.query.id)),
  );

  app.get(
    '/cms/advertising/list',
    {
      config: { access },
      schema: {
        tags,
        summary: '当前广告（按广告位）',
        querystring: advertisingListQuery,
        response: { 200: envelope(z.array(advertisingSchema)) },
      },
    },
    async (request) =>
      ok(
        await cms.advertisings(
          publicReadCompanyOf(request, request.query.company_id),
          request.query.position,
        ),
      ),
  );

  app.get(
    '/cms/advertising/detail',
    {
      config: { access },
      schema: {
        tags,
        summary: '广告详情',
        querystring: advertisingDetailQuery,
        response: { 200: envelope(advertisingDetailSchema) },
      },
    },
    async (request) =>
      ok(await cms.advertising(publicReadCompanyOf(request, request.query.company_id), request.query.id)),
  );
}
