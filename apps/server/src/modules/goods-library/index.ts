import { goodsCalls, goodsResource, libraryGoodsSchema, RICH_TEXT_WRITE_BYTES } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { itemJson } from '#server/platform/http/serializer.ts';
import { serve } from '#server/platform/http/serve.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import { goodsLibraryService } from './goods.service.ts';
import { shopGoodsRoutes } from './shop-goods.routes.ts';
import { shopGoodsService } from './shop-goods.service.ts';

/**
 * The goods library and the shop's goods (`/goods/*`, `/shop/goods/*`; ADR 0021, ADR 0028): the
 * resource's calls from the block, the specifications, types, and what the shop sells (shop-goods.*).
 */
export function goodsLibraryModule(
  db: Database,
  deps: { goodsChanged: (companyId: number) => void; answerMaxAgeMs: number },
) {
  const goods = goodsLibraryService(db, deps);
  const shop = shopGoodsService(db, {
    library: goods,
    changed: (companyId) => {
      goods.forget(companyId);
      deps.goodsChanged(companyId);
    },
  });
  return defineModule({
    name: 'goods-library',
    jobs: [importJob(goodsResource, goods), exportJob(goodsResource, goods)],
    /** After another module's commit that changed goods (an order, stock): the list forgets the company's answers. */
    forget: goods.forget,
    routes: (app) => {
      // The list's remembered items are written as JSON once each while remembered (ADR 0021).
      // A create or save carries the 商品详情's rich text (ADR 0030): a larger body than the default.
      serveResource(app, goodsResource, goods as never, {
        listItemJson: itemJson(libraryGoodsSchema),
        writeBodyLimit: RICH_TEXT_WRITE_BYTES,
      });
      const c = goodsCalls;
      serve(app, c.skuList, ({ input, caller }) => goods.skuList(caller, input.goods_id));
      serve(app, c.skuSave, ({ input, caller }) => goods.skuSave(caller, input));
      serve(app, c.skuRemove, ({ input, caller }) => goods.skuRemove(caller, input.id));
      serve(app, c.checkType, ({ input, caller }) => goods.checkType(caller, input.ids, input.goods_type));
      serve(app, c.setType, ({ input, caller }) => goods.setType(caller, input.ids, input.goods_type));
      serve(app, c.pushToShop, ({ input, caller }) => goods.pushToShop(caller, input.ids, input.on_sale));
      serve(app, c.setOnSale, ({ input, caller }) => goods.setOnSale(caller, input.ids, input.on_sale));
      serve(app, c.setPublic, ({ input, caller }) => goods.setPublic(caller, input.ids, input.is_public));
      serve(app, c.history, ({ input, caller }) => goods.history(caller, input.id, input));
      serve(app, c.removeFromShop, ({ input, caller }) => goods.removeFromShop(caller, input.ids));
      shopGoodsRoutes(app, shop);
    },
  });
}
