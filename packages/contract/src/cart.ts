import { z } from 'zod';
import { loginCalls } from './call.ts';
import { flag, form, id, idList, int, optionalId, optionalInt } from './fields.ts';
import { shopLine } from './item-fields.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 999;

/**
 * Why a merged guest-cart line was changed: its goods are gone or off sale, sold out, the quantity
 * was lowered to the stock, to the goods' per-order limit or to the cart's most per line, or the
 * cart was full.
 */
export const CART_ADJUST_REASONS = [
  'unavailable',
  'sold_out',
  'stock',
  'limit',
  'cart_max',
  'cart_full',
] as const;
export type CartAdjustReason = (typeof CART_ADJUST_REASONS)[number];

export const cartLineSchema = z.object({
  id: z.number().int(),
  /** `price` is the current price (the specification's when chosen). */
  ...shopLine,
  /** What the shopper saw when adding it. */
  price_at_add: z.number().int(),
  stock: z.number().int(),
  /** 0 when the goods (or the chosen specification) went off sale or were deleted: it cannot be checked out. */
  available: z.number().int(),
  selected: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  results: z.array(cartLineSchema),
  selected_count: z.number().int(),
  selected_amount: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

const quantity = int('数量', { min: 1, max: CART_MAX_QUANTITY });

/** One line per goods and specification: a goods with specifications needs `sku_id`. */
export const cartAddBody = form({ goods_id: id('商品'), sku_id: optionalId('规格'), quantity });
export const cartUpdateBody = form({
  id: id('购物车商品'),
  quantity: optionalInt('数量', { min: 1, max: CART_MAX_QUANTITY }),
  selected: z.optional(flag('选中')),
});
export const cartSelectBody = form({
  ids: z.optional(idList('购物车商品', CART_MAX_LINES)),
  selected: flag('选中'),
});
export const cartDeleteBody = form({ ids: idList('购物车商品', CART_MAX_LINES) });

/** A guest cart line as the browser keeps it (storage key suffix `cart`). */
export const guestCartLine = z.object({
  goods_id: id('商品'),
  sku_id: optionalId('规格'),
  quantity,
  price: optionalInt('价格', { min: 0, max: MAX_PRICE_CENTS }),
});
export type GuestCartLine = z.output<typeof guestCartLine>;

/** The guest cart's key, made by the browser when it first writes the cart: 16–64 letters, digits, `-` or `_`. */
export const CART_MERGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * `items` is the guest cart as a JSON array (form posts carry it as a string); `key` names that
 * guest cart, so sending it again adds nothing (the answer is the cart as it is).
 */
export const cartMergeBody = form({
  key: z
    .string({ error: (iss) => (iss.input === undefined ? '购物车标识不能为空' : '购物车标识格式不正确') })
    .regex(CART_MERGE_KEY_PATTERN, '购物车标识格式不正确'),
  items: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .array(guestCartLine, { error: '购物车数据格式不正确' })
      .max(CART_MAX_LINES, `购物车最多${CART_MAX_LINES}种商品`),
  ),
});
export const cartMergeResult = cartSchema.extend({
  /** Lines whose quantity was lowered (to `quantity`) or that were dropped (`quantity` 0), and why. */
  adjusted: z.array(
    z.object({
      goods_id: z.number().int(),
      /** The specification, when the line has one. */
      sku_id: z.number().int().optional(),
      /** The goods' name, with the specification's values when one was chosen. */
      name: z.string(),
      quantity: z.number().int(),
      reason: z.enum(CART_ADJUST_REASONS),
      /** The per-order limit, when that was the reason. */
      limit: z.number().int().optional(),
    }),
  ),
});
export type CartMergeResult = z.infer<typeof cartMergeResult>;

/** `/cart/list` takes nothing. */
export const cartListBody = form({});

const tags = ['cart'];
const login = loginCalls(tags);

export const cartCalls = {
  list: login('/cart/list', '购物车', cartListBody, cartSchema),
  add: login('/cart/add', '加入购物车', cartAddBody, cartSchema),
  update: login('/cart/update', '修改数量或选中', cartUpdateBody, cartSchema),
  select: login('/cart/select', '选中 / 取消选中（不传 ids 为全部）', cartSelectBody, cartSchema),
  remove: login('/cart/delete', '删除购物车商品', cartDeleteBody, cartSchema),
  merge: login('/cart/merge', '登录后合并游客购物车', cartMergeBody, cartMergeResult),
};
