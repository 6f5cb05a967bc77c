import { catalogueCalls as calls, shopGoodsSchema } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { itemJson, sendPage } from '#server/platform/http/serializer.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CatalogueService } from './catalogue.service.ts';

// A remembered answer's goods are the same objects for every request sharing it: each one's JSON is
// written once and a page is sent as ready bytes (ADR 0014 "Memory").
const goodsJson = itemJson(shopGoodsSchema);

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function catalogueRoutes(app: App, catalogue: CatalogueService) {
  serve(app, calls.list, async ({ input, caller, reply }) => {
    const r = await catalogue.list(publicReadCompanyOf({ caller }, input.company_id), input);
    return sendPage(reply, goodsJson, paged(r, r));
  });
  serve(app, calls.get, ({ input, caller }) =>
    catalogue.detail(publicReadCompanyOf({ caller }, input.company_id), input.id, caller),
  );
  serve(app, calls.toggleLove, ({ input, caller }) => catalogue.toggleLove(caller, input.goods_id));
  serve(app, calls.loved, async ({ input, caller }) => {
    const r = await catalogue.loved(caller, pageParams(input));
    return paged(r, r);
  });
}
