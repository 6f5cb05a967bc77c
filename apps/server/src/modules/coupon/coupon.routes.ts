import { couponCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CouponService } from './coupon.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function couponRoutes(app: App, coupons: CouponService) {
  serve(app, calls.list, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await coupons.list(caller, input.mine === 1, p), p);
  });
  serve(app, calls.claim, ({ input, caller }) => coupons.get(caller, input));
  serve(app, calls.check, ({ input, caller }) => coupons.check(caller, input, input.amount));
}
