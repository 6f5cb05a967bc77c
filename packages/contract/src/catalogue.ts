import { z } from 'zod';
import { getCalls, loginCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  form,
  id,
  idList,
  keyword,
  optionalChoice,
  optionalId,
  optionalInt,
  paging,
  text,
} from './fields.ts';
import { createTime } from './item-fields.ts';
import { GOODS_MAX_PAGES, GOODS_SORTS, MAX_PRICE_CENTS } from './shop-constants.ts';

/** A goods row of the public catalogue (only goods on sale are listed). */
export const shopGoodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subtitle: z.string(),
  cover: z.string(),
  price: z.number().int(),
  original_price: z.number().int(),
  stock: z.number().int(),
  sales: z.number().int(),
  love_count: z.number().int(),
  category_id: z.number().int().nullable(),
  category_name: z.string(),
  is_new: z.number().int(),
  is_recommend: z.number().int(),
  ...createTime,
});
export type ShopGoods = z.infer<typeof shopGoodsSchema>;

export const goodsSpecSchema = z.object({ name: z.string(), value: z.string() });
export type GoodsSpec = z.infer<typeof goodsSpecSchema>;

/**
 * A specification (SKU) the shop sells: its values (`[{name: '颜色', value: '红色'}]`), their text
 * ("红色 / L"), its price (cents) and stock. Only live ones on sale are answered.
 */
export const shopGoodsSkuSchema = z.object({
  id: z.number().int(),
  specs: z.array(goodsSpecSchema),
  spec_text: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
});
export type ShopGoodsSku = z.infer<typeof shopGoodsSkuSchema>;

export const shopGoodsDetailSchema = shopGoodsSchema.extend({
  images: z.array(z.string()),
  /** Descriptive parameters (产地, 材质 …), not what is chosen: that is `skus`. */
  specs: z.array(goodsSpecSchema),
  /**
   * The specifications on sale. A goods with specifications is sold only as one of them (the
   * cart and orders take its `sku_id`); empty for a goods sold as itself. `price` and `stock` of
   * the goods are then the lowest price and the total stock of all its specifications.
   */
  skus: z.array(shopGoodsSkuSchema),
  /** How many specifications the goods has (also stopped ones); > 0: a `sku_id` is required. */
  sku_count: z.number().int(),
  description: z.string(),
  unit: z.string(),
  /** Most pieces one order may hold (event tickets: 12); 0 = no limit beyond stock. */
  max_per_order: z.number().int(),
  on_sale: z.number().int(),
  /** Whether the caller likes it (false for visitors). */
  loved: z.boolean(),
  review_count: z.number().int(),
  /** Average rating ×10 (45 = 4.5 stars); 0 without reviews. */
  rating: z.number().int(),
});
export type ShopGoodsDetail = z.infer<typeof shopGoodsDetailSchema>;

/** GET /goods/staff/shopgoods/ — the public goods list. Prices in cents. */
export const shopGoodsQuery = form({
  ...paging,
  page: optionalInt('页码', { min: 1, max: GOODS_MAX_PAGES }),
  company_id: optionalId('单位'),
  category_id: optionalId('商品分类'),
  keyword: keyword(),
  min_price: optionalInt('最低价', { min: 0, max: MAX_PRICE_CENTS }),
  max_price: optionalInt('最高价', { min: 0, max: MAX_PRICE_CENTS }),
  sort: optionalChoice('排序方式', GOODS_SORTS),
  is_new: optionalInt('新品', { min: 0, max: 1 }),
  is_recommend: optionalInt('推荐', { min: 0, max: 1 }),
  /** 1: only goods in stock. */
  in_stock: optionalInt('仅看有货', { min: 0, max: 1 }),
  ids: z.optional(idList('商品', 100)),
});
export type ShopGoodsQuery = z.output<typeof shopGoodsQuery>;

export const shopGoodsDetailQuery = form({ id: id('商品'), company_id: optionalId('单位') });

export const goodsLoveBody = form({ goods_id: id('商品') });
export const goodsLoveResult = z.object({ loved: z.boolean(), love_count: z.number().int() });
export const goodsLoveListBody = form({ ...paging });

export const REVIEW_CONTENT_MAX = 500;
export const reviewSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  order_item_id: z.number().int(),
  user_name: z.string(),
  rating: z.number().int(),
  content: z.string(),
  reply: z.string(),
  reply_time: z.string(),
  ...createTime,
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuery = form({ ...paging, goods_id: id('商品'), company_id: optionalId('单位') });
export const reviewBody = form({
  order_item_id: id('订单商品'),
  rating: optionalInt('评分', { min: 1, max: 5 }),
  content: text('评价内容', { max: REVIEW_CONTENT_MAX }),
});
export const reviewReplyBody = form({ id: id('评价'), reply: text('回复内容', { max: REVIEW_CONTENT_MAX }) });

const catalogueTags = ['catalogue'];
const catalogueGet = getCalls(catalogueTags);
const catalogueLogin = loginCalls(catalogueTags);

export const catalogueCalls = {
  list: catalogueGet(
    '/goods/staff/shopgoods/',
    '商城商品列表（在售）',
    { public: true },
    shopGoodsQuery,
    pageOf(shopGoodsSchema),
  ),
  get: catalogueGet(
    '/goods/staff/shopgoods/detail/',
    '商品详情',
    { public: true },
    shopGoodsDetailQuery,
    shopGoodsDetailSchema,
  ),
  toggleLove: catalogueLogin('/goods/love', '收藏 / 取消收藏商品', goodsLoveBody, goodsLoveResult),
  loved: catalogueLogin('/goods/love/list', '我收藏的商品', goodsLoveListBody, pageOf(shopGoodsSchema)),
};

const reviewTags = ['review'];
const reviewGet = getCalls(reviewTags);
const reviewLogin = loginCalls(reviewTags);
const reviewPost = postCalls(reviewTags);

export const reviewCalls = {
  list: reviewGet('/goods/review/list', '商品评价', { public: true }, reviewListQuery, pageOf(reviewSchema)),
  add: reviewLogin('/goods/review', '评价已完成订单的商品', reviewBody, reviewSchema),
  reply: reviewPost('/goods/review/reply', '回复评价', 'reply_review', reviewReplyBody, reviewSchema),
};
