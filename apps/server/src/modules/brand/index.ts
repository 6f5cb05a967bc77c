import { brandResource, publicBrandResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob, resourceService } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import { brandStore, publicBrandStore } from './brand.store.ts';

/** The company's brands and the public brands: declared resources (packages/contract brand.ts) and their stores. */
export function brandModule(db: Database) {
  const brands = resourceService(db, brandResource, brandStore);
  const publicBrands = resourceService(db, publicBrandResource, publicBrandStore);
  return defineModule({
    name: 'brand',
    jobs: [
      importJob(brandResource, brands),
      exportJob(brandResource, brands),
      importJob(publicBrandResource, publicBrands),
      exportJob(publicBrandResource, publicBrands),
    ],
    routes: (app) => {
      serveResource(app, brandResource, brands);
      serveResource(app, publicBrandResource, publicBrands);
    },
  });
}
