/** What other modules may use of the goods-category module, and its definition for app.ts. */

import { goodsCategoryCalls } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { goodsCategoryRoutes } from './goods-category.routes.ts';
import { goodsCategoryService } from './goods-category.service.ts';

export type { CategoryRow } from './goods-category.repository.ts';
export type { CategoryCalls } from './goods-category.routes.ts';
export { goodsCategoryRoutes } from './goods-category.routes.ts';
export {
  bumpCategories,
  bumpCategoryTree,
  type CategoryTree,
  type GoodsCategoryService,
  goodsCategoryService,
} from './goods-category.service.ts';

/** The live category rows of a company (from the shared snapshot), for modules that filter by subtree. */
export type CategoryRows = (
  companyId: number,
) => Promise<readonly import('./goods-category.repository.ts').CategoryRow[]>;

/** Goods categories: the back-office tree and the shop's public tree. */
export function goodsCategoryModule(db: Database, deps: { recheckMs: number }) {
  const categories = goodsCategoryService(db, deps);
  return defineModule({
    name: 'goods-category',
    /** The live rows of a company from the shared snapshot (the catalogue filters by subtree). */
    rows: (companyId: number) => categories.rows(companyId),
    routes: (app) => goodsCategoryRoutes(app, categories, goodsCategoryCalls),
  });
}
