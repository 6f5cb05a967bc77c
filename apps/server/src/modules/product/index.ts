import { productCalls, productResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { serve } from '#server/platform/http/serve.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import { productService } from './product.service.ts';
import type { ProductDeps } from './product.store.ts';

export { type MaterialNeed, materialNeeds, productById } from './product.service.ts';
export type { ProductDeps } from './product.store.ts';

/**
 * Products and their bills of materials (`/crm/product_index`, `/product/*`; ADR 0023): the
 * resource's calls from the block, a product's material lines and production into stock.
 */
export function productModule(db: Database, deps: ProductDeps) {
  const products = productService(db, deps);
  return defineModule({
    name: 'product',
    jobs: [importJob(productResource, products), exportJob(productResource, products)],
    routes: (app) => {
      serveResource(app, productResource, products as never);
      const c = productCalls;
      serve(app, c.materials, ({ input, caller }) =>
        products.materials(caller, input.id, input.warehouse_id),
      );
      serve(app, c.push, ({ input, caller }) => products.push(caller, input));
    },
  });
}
