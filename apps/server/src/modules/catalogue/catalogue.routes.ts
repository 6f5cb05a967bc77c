import {
  envelope,
  goodsLoveBody,
  goodsLoveListBody,
  goodsLoveResult,
  makePaging,
  pageOf,
  shopGoodsDetailQuery,
  shopGoodsDetailSchema,
  shopGoodsQuery,
  shopGoodsSchema,
} from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, callerOf, ok, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import type { CatalogueService } from './catalogue.service.ts';

const tags = ['catalogue'];
const page = envelope(pageOf(shopGoodsSchema));

export function catalogueRoutes(app: App, catalogue: CatalogueService) {
  app.get(
    '/goods/staff/shopgoods/',
    {
      config: { access: { public: true } },
      schema: { tags, summary: '商城商品列表（在售）', querystring: shopGoodsQuery, response: { 200: page } },
    },
    async (request) => {
      const r = await catalogue.list(publicReadCompanyOf(request, request.query.company_id), request.query);
      return ok({ results: r.results, paging: makePaging(r.count, r.page, r.pageSize) });
    },
  );

  app.get(
    '/goods/staff/shopgoods/detail/',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '商品详情',
        querystring: shopGoodsDetailQuery,
        response: { 200: envelope(shopGoodsDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await catalogue.detail(
          publicReadCompanyOf(request, request.query.company_id),
          request.query.id,
          request.caller,
        ),
      ),
  );

  app.post(
    '/goods/love',
    {
      config: { access: { login: true } },
      schema: {
        tags,
        summary: '收藏 / 取消收藏商品',
        body: goodsLoveBody,
        response: { 200: envelope(goodsLoveResult) },
      },
    },
    async (request) => ok(await catalogue.toggleLove(callerOf(request), request.body.goods_id)),
  );

  app.post(
    '/goods/love/list',
    {
      config: { access: { login: true } },
      schema: { tags, summary: '我收藏的商品', body: goodsLoveListBody, response: { 200: page } },
    },
    async (request) => {
      const r = await catalogue.loved(callerOf(request), pageParams(request.body));
      return ok({ results: r.results, paging: makePaging(r.count, r.page, r.pageSize) });
    },
  );
}
