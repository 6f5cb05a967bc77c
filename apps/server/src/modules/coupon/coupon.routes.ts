import { couponCalls as calls, couponAdminCalls, couponResource } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ResourceService } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import type { CouponService } from './coupon.service.ts';
import type { couponIssuer } from './coupon-issue.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function couponRoutes(
  app: App,
  coupons: CouponService,
  admin: ResourceService<typeof couponResource>,
  issue: ReturnType<typeof couponIssuer>,
) {
  serve(app, calls.list, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await coupons.list(caller, input.mine === 1, p), p);
  });
  serve(app, calls.claim, ({ input, caller }) => coupons.get(caller, input));
  serve(app, calls.check, ({ input, caller }) => coupons.check(caller, input, input.amount));
  serve(app, calls.best, ({ input, caller }) => coupons.best(caller, input.amount));
  // The back office: the declared resource, and issuing to members.
  serveResource(app, couponResource, admin);
  serve(app, couponAdminCalls.issue, ({ input, caller }) => issue(caller as Caller, input));
}
