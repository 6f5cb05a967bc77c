import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { cmsRoutes } from './cms.routes.ts';
import { cmsService } from './cms.service.ts';

/** News and advertisings (public reads). */
export function cmsModule(db: Database) {
  const cms = cmsService(db);
  return defineModule({ name: 'cms', routes: (app) => cmsRoutes(app, cms) });
}
