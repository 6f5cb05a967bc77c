import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { businessRoutes } from './business.routes.ts';
import { businessService } from './business.service.ts';
import { businessTeamService } from './business-team.service.ts';

/** Businesses of the training area: started from a project, staffed, opened and run, listed, deleted and recovered (业务; issues 36, 37). */
export function businessModule(db: Database, deps: { zoneOf: ZoneOf; permissions: PermissionCache }) {
  const businesses = businessService(db, deps);
  const team = businessTeamService(db, { permissions: deps.permissions, detail: businesses.detailIn });
  return defineModule({ name: 'business', routes: (app) => businessRoutes(app, businesses, team) });
}
