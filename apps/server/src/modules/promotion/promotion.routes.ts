import { promotionCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { type CallContext, serve } from '#server/platform/http/serve.ts';
import type { PromotionService } from './promotion.service.ts';

/**
 * Routes stay thin: the declaration (packages/contract) gives path, schemas and access. The list and
 * the detail are served by POST (the specification's) and GET alike.
 */
export function promotionRoutes(app: App, promotions: PromotionService) {
  const list = async ({ input, caller }: CallContext<typeof calls.list>) => {
    const p = pageParams(input);
    return paged(await promotions.list(publicReadCompanyOf({ caller }, input.company_id), p), p);
  };
  const detail = ({ input, caller }: CallContext<typeof calls.get>) =>
    promotions.detail(publicReadCompanyOf({ caller }, input.company_id), input);
  serve(app, calls.list, list);
  serve(app, calls.listByGet, list);
  serve(app, calls.get, detail);
  serve(app, calls.getByGet, detail);
  serve(app, calls.create, ({ input, caller }) => promotions.create(caller, input));
  serve(app, calls.update, ({ input: { id, ...input }, caller }) => promotions.update(caller, id, input));
  serve(app, calls.addGoods, ({ input, caller }) => promotions.add(caller, input));
  serve(app, calls.adminList, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await promotions.adminList(caller, input, p), p);
  });
  serve(app, calls.adminGet, ({ input, caller }) => promotions.adminGet(caller, input.id));
  serve(app, calls.removeGoods, ({ input, caller }) => promotions.removeGoods(caller, input.id));
  serve(app, calls.remove, ({ input, caller }) => promotions.delete(caller, input.id));
  serve(app, calls.removeMany, ({ input, caller }) => promotions.selectedDelete(caller, input.ids));
}
