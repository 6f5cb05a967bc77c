import { brandResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { resourceService, serveResource } from '#server/platform/resource/serve-resource.ts';
import { brandStore } from './brand.store.ts';

/** The company's brands: a declared resource (packages/contract brand.ts) and its store. */
export function brandModule(db: Database) {
  const brands = resourceService(db, brandResource, brandStore);
  return defineModule({
    name: 'brand',
    routes: (app) => serveResource(app, brandResource, brands),
  });
}
