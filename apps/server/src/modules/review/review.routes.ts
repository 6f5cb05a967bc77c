import {
  envelope,
  pageOf,
  reviewBody,
  reviewListQuery,
  reviewReplyBody,
  reviewSchema,
} from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, callerOf, ok, pageReply, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import type { ReviewService } from './review.service.ts';

const tags = ['review'];

export function reviewRoutes(app: App, reviews: ReviewService) {
  app.get(
    '/goods/review/list',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '商品评价',
        querystring: reviewListQuery,
        response: { 200: envelope(pageOf(reviewSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await reviews.list(publicReadCompanyOf(request, q.company_id), q.goods_id, p), p);
    },
  );
  app.post(
    '/goods/review',
    {
      config: { access: { login: true } },
      schema: {
        tags,
        summary: '评价已完成订单的商品',
        body: reviewBody,
        response: { 200: envelope(reviewSchema) },
      },
    },
    async (request) => ok(await reviews.create(callerOf(request), request.body)),
  );
  app.post(
    '/goods/review/reply',
    {
      config: { access: { permission: 'reply_review' } },
      schema: { tags, summary: '回复评价', body: reviewReplyBody, response: { 200: envelope(reviewSchema) } },
    },
    async (request) => ok(await reviews.reply(callerOf(request), request.body.id, request.body.reply)),
  );
}
