import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { micrositeRoutes } from './microsite.routes.ts';
import { micrositeService } from './microsite.service.ts';

/** Company microsites: one template, one row per path. */
export function micrositeModule(db: Database, deps: Parameters<typeof micrositeService>[1]) {
  const microsites = micrositeService(db, deps);
  return defineModule({ name: 'microsite', routes: (app) => micrositeRoutes(app, microsites) });
}
