import {
  categoryAddBody,
  categoryIdBody,
  categoryIdsBody,
  categoryListBody,
  categoryParentBody,
  categorySchema,
  categoryTree,
  categoryTreeBody,
  categoryUpdateBody,
  envelope,
  makePaging,
  pageOf,
  staffCategoryQuery,
} from '@portal/contract';
import { z } from 'zod';
import { type App, callerOf, ok, publicReadCompanyOf } from '../../platform/http/reply.ts';
import { itemJson, sendPage } from '../../platform/http/serializer.ts';
import type { GoodsCategoryService } from './goods-category.service.ts';

const tags = ['goods-category'];
// List rows come from the shared category snapshot: each row's JSON is written once per snapshot.
const categoryJson = itemJson(categorySchema);
const deleted = envelope(z.object({ deleted: z.number().int() }));

/** Routes stay thin: parse (schemas), call one service function, wrap the result. */
export function goodsCategoryRoutes(app: App, categories: GoodsCategoryService) {
  app.post(
    '/shop/goods/category/list',
    {
      config: { access: { permission: 'view_goods_category' } },
      schema: {
        tags,
        summary: '商品分类列表',
        body: categoryListBody,
        response: { 200: envelope(pageOf(categorySchema)) },
      },
    },
    async (request, reply) => {
      const r = await categories.list(callerOf(request), request.body);
      return sendPage(reply, categoryJson, {
        results: r.results,
        paging: makePaging(r.count, r.page, r.pageSize),
      });
    },
  );

  app.post(
    '/shop/goods/category/list/parent',
    {
      config: { access: { permission: 'view_goods_category' } },
      schema: {
        tags,
        summary: '可选的上级分类（树）',
        body: categoryParentBody,
        response: { 200: envelope(categoryTree) },
      },
    },
    async (request) => ok({ results: await categories.parents(callerOf(request), request.body.exclude_id) }),
  );

  app.post(
    '/shop/goods/category',
    {
      config: { access: { permission: 'view_goods_category' } },
      schema: {
        tags,
        summary: '商品分类详情',
        body: categoryIdBody,
        response: { 200: envelope(categorySchema) },
      },
    },
    async (request) => ok(await categories.get(callerOf(request), request.body.id)),
  );

  app.post(
    '/shop/goods/category/add',
    {
      config: { access: { permission: 'add_goods_category' } },
      schema: {
        tags,
        summary: '新增商品分类',
        body: categoryAddBody,
        response: { 200: envelope(categorySchema) },
      },
    },
    async (request) => ok(await categories.add(callerOf(request), request.body)),
  );

  app.post(
    '/shop/goods/category/update',
    {
      config: { access: { permission: 'change_goods_category' } },
      schema: {
        tags,
        summary: '修改商品分类',
        body: categoryUpdateBody,
        response: { 200: envelope(categorySchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await categories.update(callerOf(request), id, input));
    },
  );

  app.post(
    '/goods/category/delete',
    {
      config: { access: { permission: 'delete_goods_category' } },
      schema: { tags, summary: '删除商品分类', body: categoryIdBody, response: { 200: deleted } },
    },
    async (request) => ok(await categories.remove(callerOf(request), [request.body.id])),
  );

  app.post(
    '/goods/category/selected/delete',
    {
      config: { access: { permission: 'delete_goods_category' } },
      schema: {
        tags,
        summary: '批量删除商品分类（全部成功或全部不删）',
        body: categoryIdsBody,
        response: { 200: deleted },
      },
    },
    async (request) => ok(await categories.remove(callerOf(request), request.body.ids)),
  );

  app.post(
    '/goods/categorys',
    {
      config: { access: { permission: 'view_goods_category' } },
      schema: {
        tags,
        summary: '商品分类树',
        body: categoryTreeBody,
        response: { 200: envelope(categoryTree) },
      },
    },
    async (request) =>
      ok({ results: await categories.tree(callerOf(request).companyId, request.body.status) }),
  );

  app.get(
    '/goods/staff/category/',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '商城展示用的启用分类树（公开）',
        querystring: staffCategoryQuery,
        response: { 200: envelope(categoryTree) },
      },
    },
    async (request) => {
      const companyId = publicReadCompanyOf(request, request.query.company_id);
      return ok({ results: await categories.tree(companyId, request.query.status ?? 1) });
    },
  );
}
