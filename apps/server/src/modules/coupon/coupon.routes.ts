import {
  couponCheckBody,
  couponCheckResult,
  couponGetBody,
  couponListBody,
  couponSchema,
  envelope,
  pageOf,
} from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, callerOf, ok, pageReply } from '#server/platform/http/reply.ts';
import type { CouponService } from './coupon.service.ts';

const tags = ['coupon'];
const login = { access: { login: true } } as const;

export function couponRoutes(app: App, coupons: CouponService) {
  app.post(
    '/coupon/list',
    {
      config: login,
      schema: {
        tags,
        summary: '可领取的优惠券；mine=1 为我的优惠券',
        body: couponListBody,
        response: { 200: envelope(pageOf(couponSchema)) },
      },
    },
    async (request) => {
      const p = pageParams(request.body);
      return pageReply(await coupons.list(callerOf(request), request.body.mine === 1, p), p);
    },
  );
  app.post(
    '/coupon/get',
    {
      config: login,
      schema: { tags, summary: '领取优惠券', body: couponGetBody, response: { 200: envelope(couponSchema) } },
    },
    async (request) => ok(await coupons.get(callerOf(request), request.body)),
  );
  app.post(
    '/coupon/check',
    {
      config: login,
      schema: {
        tags,
        summary: '检查优惠券能否用于该金额',
        body: couponCheckBody,
        response: { 200: envelope(couponCheckResult) },
      },
    },
    async (request) => ok(await coupons.check(callerOf(request), request.body, request.body.amount)),
  );
}
