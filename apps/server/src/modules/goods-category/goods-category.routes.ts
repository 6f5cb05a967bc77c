import { categorySchema, type defineCategoryCalls } from '@portal/contract';
import { paged } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { itemJson, sendPage } from '#server/platform/http/serializer.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { GoodsCategoryService } from './goods-category.service.ts';

// List rows come from the shared category snapshot: each row's JSON is written once per snapshot.
const categoryJson = itemJson(categorySchema);

/** The calls of a category tree (`defineCategoryCalls`): the same inputs and outputs, their own paths and codenames. */
export type CategoryCalls = ReturnType<typeof defineCategoryCalls>;

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function goodsCategoryRoutes(
  app: App,
  categories: GoodsCategoryService,
  /** The tree's calls: the shop's (`goodsCategoryCalls`) or the bulk catalogue's (`bulkCategoryCalls`). */
  calls: CategoryCalls,
) {
  serve(app, calls.list, async ({ input, caller, reply }) => {
    const r = await categories.list(caller, input);
    return sendPage(reply, categoryJson, paged(r, r));
  });
  serve(app, calls.parents, async ({ input, caller }) => ({
    results: await categories.parents(caller, input.exclude_id),
  }));
  serve(app, calls.get, ({ input, caller }) => categories.get(caller, input.id));
  serve(app, calls.add, ({ input, caller }) => categories.add(caller, input));
  serve(app, calls.update, ({ input: { id, ...input }, caller }) => categories.update(caller, id, input));
  serve(app, calls.remove, ({ input, caller }) => categories.remove(caller, [input.id]));
  serve(app, calls.removeMany, ({ input, caller }) => categories.remove(caller, input.ids));
  serve(app, calls.tree, async ({ input, caller }) => ({
    results: await categories.tree(caller.companyId, input.status),
  }));
  serve(app, calls.shopTree, async ({ input, caller }) => ({
    results: await categories.tree(publicReadCompanyOf({ caller }, input.company_id), input.status ?? 1),
  }));
}
