/** What other modules may use of the catalogue module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { type CatalogueDeps, catalogueService } from './catalogue.service.ts';
import { indexPending } from './catalogue-index.ts';

export { goodsForSale, goodsOnSale } from './catalogue.repository.ts';
export {
  categoriesOf,
  indexCategorySubtree,
  indexColumns,
  indexGoods,
  indexInserted,
  libraryIndexed,
  libraryMatch,
  libraryMatchCount,
  libraryMatchPage,
  rebuildCatalogueIndex,
} from './catalogue-index.ts';
export { isAvailable, isDeleted, overLimit, stockShort } from './goods-rules.ts';
export {
  type SaleUnit,
  type SkuForSale,
  saleUnit,
  skuStopped,
  skusById,
  skusOnSale,
  unitLabel,
} from './goods-skus.ts';
export { changeGoods, type GoodsDelta } from './goods-stock.ts';
export { queryTokens } from './search-tokens.ts';

/** The public catalogue (goods lists and detail, likes). */
export function catalogueModule(db: Database, deps: CatalogueDeps) {
  const catalogue = catalogueService(db, deps);
  return defineModule({
    name: 'catalogue',
    /** After a commit that changed goods (stock, sales): this process forgets the company's answers. */
    goodsChanged: (companyId: number) => catalogue.forget(companyId),
    routes: (app) => catalogueRoutes(app, catalogue),
    // Goods written without their index (a database from before it, a bulk load): a few thousand
    // at a time, so a start never waits on the size of the catalogue.
    repeats: [{ name: '建立商品搜索索引', everyMs: 2_000, run: () => indexPending(db) }],
  });
}
