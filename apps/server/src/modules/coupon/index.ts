/** What other modules may use of the coupon module, and its definition for app.ts. */
import { couponResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob, resourceService } from '#server/platform/resource/resource-service.ts';
import { couponRoutes } from './coupon.routes.ts';
import { couponService } from './coupon.service.ts';
import { couponStore } from './coupon.store.ts';
import { couponIssuer } from './coupon-issue.ts';

export { releaseCoupon, useCoupon } from './coupon.service.ts';

/** Coupons: claiming, checking, using (members); keeping and issuing them (the back office). */
export function couponModule(db: Database) {
  const service = couponService(db);
  const admin = resourceService(db, couponResource, couponStore);
  const issue = couponIssuer(db, admin);
  return defineModule({
    name: 'coupon',
    jobs: [importJob(couponResource, admin), exportJob(couponResource, admin)],
    routes: (app) => couponRoutes(app, service, admin, issue),
  });
}
