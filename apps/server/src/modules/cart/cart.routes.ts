import {
  cartAddBody,
  cartDeleteBody,
  cartMergeBody,
  cartMergeResult,
  cartSchema,
  cartSelectBody,
  cartUpdateBody,
  envelope,
  form,
} from '@portal/contract';
import { type App, callerOf, ok } from '#server/platform/http/reply.ts';
import type { CartService } from './cart.service.ts';

const tags = ['cart'];
const cart = envelope(cartSchema);
const login = { access: { login: true } } as const;

export function cartRoutes(app: App, carts: CartService) {
  app.post(
    '/cart/list',
    { config: login, schema: { tags, summary: '购物车', body: form({}), response: { 200: cart } } },
    async (request) => ok(await carts.list(callerOf(request))),
  );
  app.post(
    '/cart/add',
    { config: login, schema: { tags, summary: '加入购物车', body: cartAddBody, response: { 200: cart } } },
    async (request) => ok(await carts.add(callerOf(request), request.body.goods_id, request.body.quantity)),
  );
  app.post(
    '/cart/update',
    {
      config: login,
      schema: { tags, summary: '修改数量或选中', body: cartUpdateBody, response: { 200: cart } },
    },
    async (request) => {
      const { id, quantity, selected } = request.body;
      return ok(await carts.update(callerOf(request), id, { quantity, selected }));
    },
  );
  app.post(
    '/cart/select',
    {
      config: login,
      schema: {
        tags,
        summary: '选中 / 取消选中（不传 ids 为全部）',
        body: cartSelectBody,
        response: { 200: cart },
      },
    },
    async (request) => ok(await carts.select(callerOf(request), request.body.ids, request.body.selected)),
  );
  app.post(
    '/cart/delete',
    {
      config: login,
      schema: { tags, summary: '删除购物车商品', body: cartDeleteBody, response: { 200: cart } },
    },
    async (request) => ok(await carts.remove(callerOf(request), request.body.ids)),
  );
  app.post(
    '/cart/merge',
    {
      config: login,
      schema: {
        tags,
        summary: '登录后合并游客购物车',
        body: cartMergeBody,
        response: { 200: envelope(cartMergeResult) },
      },
    },
    async (request) => ok(await carts.merge(callerOf(request), request.body.items)),
  );
}
