import { catalogueCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function catalogueRoutes(app: App, catalogue: CatalogueService) {
  serve(app, calls.list, async ({ input, caller }) => {
    const r = await catalogue.list(publicReadCompanyOf({ caller }, input.company_id), input);
    return paged(r, r);
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
