/** What other modules may use of the coupon module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { couponRoutes } from './coupon.routes.ts';
import { couponService } from './coupon.service.ts';

export { releaseCoupon, useCoupon } from './coupon.service.ts';

/** Coupons: claiming, checking, using. */
export function couponModule(db: Database) {
  const service = couponService(db);
  return defineModule({ name: 'coupon', routes: (app) => couponRoutes(app, service) });
}
