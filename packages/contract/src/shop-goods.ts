import { z } from 'zod';
import { postCalls } from './call.ts';
import { CART_MAX_QUANTITY } from './cart.ts';
import { isSafeLink } from './cms.ts';
import { flag, form, id, keyword, optionalInt, text } from './fields.ts';
import {
  fromJson,
  GOODS_SKU_MAX,
  goodsResource,
  goodsSkuSchema,
  imageList,
  libraryGoodsSchema,
} from './goods-library.ts';
import { selectOptionSchema } from './resource.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

/**
 * The shop's goods (spec §7 `/shop/goods/*`, ADR 0028): what the shop sells of the goods library.
 * A shop goods is the library's `goods` row with `in_shop` 1 (ADR 0021); the library's 销售价 is
 * the shop's price. What only the shop has: the 划线价 (`original_price`), the per-order limit
 * (`max_per_order`, 0 = none), 新品/推荐, which specifications it sells (`goods_skus.on_sale`) and
 * the order of the gallery (the goods' images, the first the cover).
 */

/** A picture of the file store by its key (`<32 hex>.<ext>`), as `/api/file/image?key=` holds it. */
export const FILE_IMAGE_KEY = /^[0-9a-f]{32}\.(jpg|png|webp|gif)$/;

/** The store's key of a picture given by its key or its address, else undefined (another address). */
export function fileImageKeyOf(image: string): string | undefined {
  if (FILE_IMAGE_KEY.test(image)) return image;
  const m = /^\/api\/file\/image\?key=([^&#]+)$/.exec(image);
  return m?.[1] && FILE_IMAGE_KEY.test(m[1]) ? m[1] : undefined;
}

/** A gallery picture: a file store key or address, or another site path or http(s) address. */
const galleryImage = text('图片', { max: 300 }).refine(
  (v) => FILE_IMAGE_KEY.test(v) || isSafeLink(v),
  '图片须为文件库中的图片或本站路径、http(s) 地址',
);

/** The per-order limit: pieces of one goods in one order, 0 = no limit. */
export const SHOP_GOODS_LIMIT_MAX = CART_MAX_QUANTITY;

/** One goods as the shop sells it. Money in cents. */
export const shopGoodsAdminSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  /** The lowest price of its specifications on sale (its own price without any). */
  price: z.number().int(),
  /** 划线价: shown struck through beside a lower price; 0 = none. */
  original_price: z.number().int(),
  max_per_order: z.number().int(),
  is_new: z.number().int(),
  is_recommend: z.number().int(),
  /** The gallery in its order (the first is the cover); the library's images, one list. */
  images: z.array(z.string()),
  stock: z.number().int(),
  sku_count: z.number().int(),
  in_shop: z.number().int(),
  on_sale: z.number().int(),
  is_public: z.number().int(),
});
export type ShopGoodsAdmin = z.infer<typeof shopGoodsAdminSchema>;

/** The shop's view of one goods: its shop fields and its specifications (each `on_sale` or stopped). */
export const shopGoodsAdminDetailSchema = z.object({
  goods: shopGoodsAdminSchema,
  results: z.array(goodsSkuSchema),
});
export type ShopGoodsAdminDetail = z.infer<typeof shopGoodsAdminDetailSchema>;

const price = (label: string) => optionalInt(label, { min: 0, max: MAX_PRICE_CENTS });
const limit = optionalInt('每单限购', { min: 0, max: SHOP_GOODS_LIMIT_MAX });

/** The shop's fields of a goods, each optional: what is given changes, the rest stays. */
export const shopGoodsFields = {
  /** The price of a goods without specifications (a goods with some is priced by them). */
  price: price('销售价'),
  original_price: price('划线价'),
  max_per_order: limit,
  is_new: z.optional(flag('新品')),
  is_recommend: z.optional(flag('推荐')),
  /** The whole gallery in its new order (pictures left out are removed from the goods). */
  images: z.optional(imageList),
  /** Specifications' shop price and whether the shop sells them; the ones not named stay. */
  skus: fromJson(
    z.optional(
      z
        .array(
          z.object(
            { id: id('规格'), price: price('规格销售价'), on_sale: z.optional(flag('规格是否在售')) },
            { error: '规格格式不正确' },
          ),
          { error: '规格格式不正确' },
        )
        .max(GOODS_SKU_MAX, `规格最多${GOODS_SKU_MAX}个`),
    ),
  ),
};

/** `/shop/goods/create`: the library's goods fields, plus the shop's; the goods is in the shop. */
export const shopGoodsCreateBody = goodsResource.schemas.createBody.extend({
  original_price: price('划线价'),
  max_per_order: limit,
  on_sale: z.optional(flag('是否上架')),
});

const tags = ['shop-goods'];
const call = postCalls(tags);

export const shopGoodsCalls = {
  /** Makes a goods in the library and the shop at once (the library's create; off sale unless `on_sale`). */
  create: call(
    '/shop/goods/create',
    '新增商城商品',
    'change_shop_goods',
    shopGoodsCreateBody,
    libraryGoodsSchema,
  ),
  /** The shop's fields of a goods in the shop: price(s), 划线价, limit, 新品/推荐, gallery order, specifications sold. */
  save: call(
    '/shop/goods/save',
    '保存商城商品设置',
    'change_shop_goods',
    form({ id: id('商品'), ...shopGoodsFields }),
    shopGoodsAdminDetailSchema,
  ),
  /** Whether a goods code is free in the company (the library's codes: one goods, one code). */
  check: call(
    '/shop/goods/check',
    '商城商品编码唯一性检查',
    'change_shop_goods',
    goodsResource.schemas.checkBody,
    z.object({ available: z.boolean(), message: z.string() }),
  ),
  /** The picker of the shop's goods on sale (id + name, at most 50). */
  select: call(
    '/shop/goods/select',
    '商城在售商品选项（选择器）',
    'view_goods',
    form({ keyword: keyword() }),
    z.object({ results: z.array(selectOptionSchema) }),
  ),
  /** A goods in the shop with its specifications as the shop sells them. */
  detailList: call(
    '/shop/goods/detail/list',
    '商城商品规格列表',
    'view_goods',
    form({ goods_id: id('商品') }),
    shopGoodsAdminDetailSchema,
  ),
  /** Stops selling one specification in the shop (the library keeps it; `save` sells it again). */
  detailDelete: call(
    '/shop/goods/detail/delete',
    '商城停售商品规格',
    'change_shop_goods',
    form({ id: id('规格') }),
    z.object({ count: z.number().int() }),
  ),
  /** Adds a picture to the end of the goods' gallery: a file store key or address, or an address. */
  galleryCreate: call(
    '/shop/goods/gallery/create',
    '添加商品图片',
    'change_shop_goods',
    form({ goods_id: id('商品'), image: galleryImage }),
    shopGoodsAdminDetailSchema,
  ),
  /** Removes a picture (by its address) from the goods' gallery. */
  galleryDelete: call(
    '/shop/goods/gallery/delete',
    '删除商品图片',
    'change_shop_goods',
    form({ goods_id: id('商品'), image: text('图片', { max: 300 }) }),
    shopGoodsAdminDetailSchema,
  ),
};
