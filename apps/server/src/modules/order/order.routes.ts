import {
  envelope,
  makePaging,
  orderCountsSchema,
  orderCreateBody,
  orderCreateResult,
  orderDetailSchema,
  orderIdBody,
  orderListBody,
  orderNoteBody,
  orderRefundBody,
  orderSchema,
  orderShipBody,
  pageOf,
} from '@portal/contract';
import { type App, callerOf, ok } from '#server/platform/http/reply.ts';
import type { OrderService } from './order.service.ts';

const tags = ['order'];
const login = { access: { login: true } } as const;
const one = envelope(orderDetailSchema);
const list = envelope(pageOf(orderSchema));

export function orderRoutes(app: App, orders: OrderService) {
  app.post(
    '/order/create',
    {
      config: login,
      schema: {
        tags,
        summary: '下单（一个事务：核价、扣库存、用券）',
        body: orderCreateBody,
        response: { 200: envelope(orderCreateResult) },
      },
    },
    async (request) => ok(await orders.place(callerOf(request), request.body)),
  );
  app.post(
    '/order/list',
    { config: login, schema: { tags, summary: '我的订单', body: orderListBody, response: { 200: list } } },
    async (request) => {
      const r = await orders.list(callerOf(request), request.body);
      return ok({ results: r.results, paging: makePaging(r.count, r.page, r.pageSize) });
    },
  );
  app.post(
    '/order/counts',
    {
      config: login,
      schema: { tags, summary: '我的订单各状态数量', response: { 200: envelope(orderCountsSchema) } },
    },
    async (request) => ok(await orders.counts(callerOf(request))),
  );
  app.post(
    '/order/detail',
    { config: login, schema: { tags, summary: '我的订单详情', body: orderIdBody, response: { 200: one } } },
    async (request) => ok(await orders.detail(callerOf(request), request.body.id)),
  );
  app.post(
    '/order/cancel',
    { config: login, schema: { tags, summary: '取消未付款订单', body: orderIdBody, response: { 200: one } } },
    async (request) => ok(await orders.cancel(callerOf(request), request.body.id)),
  );
  app.post(
    '/order/receive',
    { config: login, schema: { tags, summary: '确认收货', body: orderIdBody, response: { 200: one } } },
    async (request) => ok(await orders.receive(callerOf(request), request.body.id)),
  );

  app.post(
    '/order/manage/list',
    {
      config: { access: { permission: 'view_order' } },
      schema: { tags, summary: '订单管理列表', body: orderListBody, response: { 200: list } },
    },
    async (request) => {
      const r = await orders.manageList(callerOf(request), request.body);
      return ok({ results: r.results, paging: makePaging(r.count, r.page, r.pageSize) });
    },
  );
  app.post(
    '/order/manage/detail',
    {
      config: { access: { permission: 'view_order' } },
      schema: { tags, summary: '订单详情（店员）', body: orderIdBody, response: { 200: one } },
    },
    async (request) => ok(await orders.manageDetail(callerOf(request), request.body.id)),
  );
  app.post(
    '/order/pay/confirm',
    {
      config: { access: { permission: 'confirm_order_payment' } },
      schema: { tags, summary: '确认收款', body: orderNoteBody, response: { 200: one } },
    },
    async (request) =>
      ok(await orders.staff(callerOf(request), request.body.id, 'pay', { note: request.body.note })),
  );
  app.post(
    '/order/ship',
    {
      config: { access: { permission: 'ship_order' } },
      schema: { tags, summary: '发货', body: orderShipBody, response: { 200: one } },
    },
    async (request) => {
      const { id, shipping_company, tracking_no } = request.body;
      return ok(await orders.staff(callerOf(request), id, 'ship', { shipping_company, tracking_no }));
    },
  );
  app.post(
    '/order/manage/cancel',
    {
      config: { access: { permission: 'cancel_order' } },
      schema: { tags, summary: '取消订单（店员）', body: orderNoteBody, response: { 200: one } },
    },
    async (request) =>
      ok(await orders.staff(callerOf(request), request.body.id, 'cancel', { note: request.body.note })),
  );
  app.post(
    '/order/refund',
    {
      config: { access: { permission: 'refund_order' } },
      schema: { tags, summary: '退款', body: orderRefundBody, response: { 200: one } },
    },
    async (request) =>
      ok(await orders.staff(callerOf(request), request.body.id, 'refund', { note: request.body.note })),
  );
}
