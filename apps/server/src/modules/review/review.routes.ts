import { reviewCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ReviewService } from './review.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function reviewRoutes(app: App, reviews: ReviewService) {
  serve(app, calls.list, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await reviews.list(publicReadCompanyOf({ caller }, input.company_id), input.goods_id, p), p);
  });
  serve(app, calls.add, ({ input, caller }) => reviews.create(caller, input));
  serve(app, calls.reply, ({ input, caller }) => reviews.reply(caller, input.id, input.reply));
}
