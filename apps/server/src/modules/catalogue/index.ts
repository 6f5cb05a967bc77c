/** What other modules may use of the catalogue module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import type { CategoryRows } from '../goods-category/index.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { catalogueService } from './catalogue.service.ts';

export { goodsForSale, goodsOnSale } from './catalogue.repository.ts';
export { bumpCatalogue } from './catalogue.service.ts';
export { isAvailable, isDeleted, overLimit, stockShort } from './goods-rules.ts';
export { changeGoods, type GoodsDelta } from './goods-stock.ts';

/** The public catalogue (goods lists and detail, likes). */
export function catalogueModule(db: Database, deps: { categoryRows: CategoryRows; recheckMs: number }) {
  const catalogue = catalogueService(db, deps);
  return defineModule({
    name: 'catalogue',
    /** After a commit that changed goods' stock or sales: this process forgets their counters. */
    goodsChanged: (companyId: number) => catalogue.forgetCounters(companyId),
    routes: (app) => catalogueRoutes(app, catalogue),
  });
}
