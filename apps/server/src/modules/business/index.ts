import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { businessRoutes } from './business.routes.ts';
import { businessService } from './business.service.ts';

/** Businesses of the training area: started from a project, listed, deleted and recovered (业务; issue 36). */
export function businessModule(db: Database, deps: { zoneOf: ZoneOf }) {
  const businesses = businessService(db, deps);
  return defineModule({ name: 'business', routes: (app) => businessRoutes(app, businesses) });
}
