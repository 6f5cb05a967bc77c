import { bulkCategoryCalls, bulkGoodsCalls, bulkGoodsResource } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import type { Database } from '#server/platform/db/database.ts';
import { publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob, resourceService } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import {
  bumpCategoryTree,
  type CategoryTree,
  goodsCategoryRoutes,
  goodsCategoryService,
} from '../goods-category/index.ts';
import { bulkCatalogueService } from './bulk-catalogue.service.ts';
import { bulkGoodsStore } from './bulk-goods.store.ts';

/** The bulk catalogue's own category tree: the shop tree's service over its own tables (ADR 0026). */
export const BULK_CATEGORY_TREE: CategoryTree = {
  tables: { categories: 'bulk_categories', goods: 'bulk_goods' },
  cacheScope: 'bulk_category',
  entity: 'bulk_category',
};

/**
 * The bulk-procurement catalogue (大宗采购, ADR 0026): 大宗分类 (`/dzc/category/*`), 大宗商品 on the
 * resource block (`/dzc/goods/*`), 上架/下架 in a batch, and the public list the `/dzc` and
 * `/dzcen` microsites show (`/dzc/goods/public`).
 */
export function bulkCatalogueModule(db: Database, deps: { recheckMs: number }) {
  const categories = goodsCategoryService(db, deps, BULK_CATEGORY_TREE);
  const block = resourceService(
    db,
    bulkGoodsResource,
    bulkGoodsStore((trx, companyId) => bumpCategoryTree(trx, BULK_CATEGORY_TREE, companyId)),
  );
  // A bulk goods' write moves its categories' goods counts: after the commit this process's
  // category snapshot learns of it at once (another process within its recheck time).
  const counted =
    <A extends unknown[], T>(write: (caller: Caller, ...args: A) => Promise<T>) =>
    async (caller: Caller, ...args: A) => {
      const done = await write(caller, ...args);
      categories.forget(caller.companyId);
      return done;
    };
  const bulk = bulkCatalogueService(db, { categoryRows: (companyId) => categories.rows(companyId) });
  const goods: typeof block = {
    ...block,
    // The list and the form's read flag rows whose library goods was deleted since (商品已删除).
    async list(caller, input) {
      const page = await block.list(caller, input);
      return { ...page, results: await bulk.withGoodsState(caller.companyId, page.results) };
    },
    async get(caller, id) {
      const [item] = await bulk.withGoodsState(caller.companyId, [await block.get(caller, id)]);
      return item as Awaited<ReturnType<typeof block.get>>;
    },
    create: counted(block.create),
    update: counted(block.update),
    remove: counted(block.remove),
    // The import job's publish too (a preview writes nothing; forgetting is harmless).
    importSheet: async (ctx) => {
      const done = await block.importSheet(ctx);
      categories.forget(ctx.caller.companyId);
      return done;
    },
  };
  return defineModule({
    name: 'bulk-catalogue',
    jobs: [importJob(bulkGoodsResource, goods), exportJob(bulkGoodsResource, goods)],
    routes: (app) => {
      goodsCategoryRoutes(app, categories, bulkCategoryCalls);
      serveResource(app, bulkGoodsResource, goods);
      serve(app, bulkGoodsCalls.setOnSale, ({ input, caller }) =>
        bulk.setOnSale(caller, input.ids, input.on_sale),
      );
      serve(app, bulkGoodsCalls.publicList, ({ input, caller }) =>
        bulk.publicList(publicReadCompanyOf({ caller }, input.company_id), input),
      );
    },
  });
}
