import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { workPlanRoutes } from './work-plan.routes.ts';
import { workPlanService } from './work-plan.service.ts';

/** Work plans with tasks, the people's daily logs and their review (工作计划, 工作日志; issue 34). */
export function workPlanModule(db: Database, deps: { permissions: PermissionCache; zoneOf: ZoneOf }) {
  const work = workPlanService(db, deps);
  return defineModule({ name: 'work-plan', routes: (app) => workPlanRoutes(app, work) });
}
