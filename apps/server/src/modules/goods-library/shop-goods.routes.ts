import { shopGoodsCalls as c, RICH_TEXT_WRITE_BYTES } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { shopGoodsService } from './shop-goods.service.ts';

/** The shop's goods calls (`/shop/goods/*`, ADR 0028): one service function each. */
export function shopGoodsRoutes(app: App, shop: ReturnType<typeof shopGoodsService>) {
  // The library's fields with the 商品详情's rich text (ADR 0030): a larger body than the default.
  serve(app, c.create, ({ input, caller }) => shop.create(caller, input), {
    bodyLimit: RICH_TEXT_WRITE_BYTES,
  });
  serve(app, c.save, ({ input, caller }) => shop.save(caller, input));
  serve(app, c.check, ({ input, caller }) => shop.check(caller, input));
  serve(app, c.select, ({ input, caller }) => shop.select(caller, input.keyword));
  serve(app, c.detailList, ({ input, caller }) => shop.detail(caller, input.goods_id));
  serve(app, c.detailDelete, ({ input, caller }) => shop.stopSku(caller, input.id));
  serve(app, c.galleryCreate, ({ input, caller }) => shop.addImage(caller, input.goods_id, input.image));
  serve(app, c.galleryDelete, ({ input, caller }) => shop.removeImage(caller, input.goods_id, input.image));
}
