import {
  envelope,
  pageOf,
  promotionAddBody,
  promotionAdminSchema,
  promotionCreateBody,
  promotionDeleted,
  promotionDetailBody,
  promotionDetailSchema,
  promotionIdBody,
  promotionIdsBody,
  promotionItemSchema,
  promotionListBody,
  promotionSchema,
  promotionUpdateBody,
} from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, callerOf, ok, pageReply, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import type { PromotionService } from './promotion.service.ts';

const tags = ['promotion'];
const open = { access: { public: true } } as const;
const staff = { access: { permission: 'change_promotion' } } as const;

/** The specification's calls are POST; GET answers the same (a link or a cache can use it). */
export function promotionRoutes(app: App, promotions: PromotionService) {
  const list = {
    config: open,
    schema: { tags, summary: '进行中的促销活动', response: { 200: envelope(pageOf(promotionSchema)) } },
  };
  const listOf = async (companyId: number, q: { page?: number; page_size?: number }) => {
    const p = pageParams(q);
    return pageReply(await promotions.list(companyId, p), p);
  };
  app.post(
    '/shop/promotion/list',
    { ...list, schema: { ...list.schema, body: promotionListBody } },
    (request) => listOf(publicReadCompanyOf(request, request.body.company_id), request.body),
  );
  app.get(
    '/shop/promotion/list',
    { ...list, schema: { ...list.schema, querystring: promotionListBody } },
    (request) => listOf(publicReadCompanyOf(request, request.query.company_id), request.query),
  );

  const detail = {
    config: open,
    schema: {
      tags,
      summary: '一个进行中的促销活动：按价格（分）与续航（km）筛选的车型，以及门票',
      response: { 200: envelope(promotionDetailSchema) },
    },
  };
  app.post(
    '/shop/promotion',
    { ...detail, schema: { ...detail.schema, body: promotionDetailBody } },
    async (request) =>
      ok(await promotions.detail(publicReadCompanyOf(request, request.body.company_id), request.body)),
  );
  app.get(
    '/shop/promotion',
    { ...detail, schema: { ...detail.schema, querystring: promotionDetailBody } },
    async (request) =>
      ok(await promotions.detail(publicReadCompanyOf(request, request.query.company_id), request.query)),
  );

  app.post(
    '/shop/promotion/create',
    {
      config: staff,
      schema: {
        tags,
        summary: '新建促销活动',
        body: promotionCreateBody,
        response: { 200: envelope(promotionAdminSchema) },
      },
    },
    async (request) => ok(await promotions.create(callerOf(request), request.body)),
  );
  app.post(
    '/shop/promotion/update',
    {
      config: staff,
      schema: {
        tags,
        summary: '修改促销活动',
        body: promotionUpdateBody,
        response: { 200: envelope(promotionAdminSchema) },
      },
    },
    async (request) => {
      const { id, ...v } = request.body;
      return ok(await promotions.update(callerOf(request), id, v));
    },
  );
  app.post(
    '/shop/promotion/add',
    {
      config: staff,
      schema: {
        tags,
        summary: '把本单位的商品加入活动：汽车（含续航）或门票（每单限购12张）',
        body: promotionAddBody,
        response: { 200: envelope(promotionItemSchema) },
      },
    },
    async (request) => ok(await promotions.add(callerOf(request), request.body)),
  );
  app.post(
    '/shop/promotion/delete',
    {
      config: staff,
      schema: {
        tags,
        summary: '删除促销活动',
        body: promotionIdBody,
        response: { 200: envelope(promotionDeleted) },
      },
    },
    async (request) => ok(await promotions.delete(callerOf(request), request.body.id)),
  );
  app.post(
    '/shop/promotion/selected/delete',
    {
      config: staff,
      schema: {
        tags,
        summary: '批量删除促销活动',
        body: promotionIdsBody,
        response: { 200: envelope(promotionDeleted) },
      },
    },
    async (request) => ok(await promotions.selectedDelete(callerOf(request), request.body.ids)),
  );
}
