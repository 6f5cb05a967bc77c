import { CART_MAX_QUANTITY } from '@portal/contract';

/** The detail page of a goods. */
export const goodsHref = (id: number) => `/goodsDetail?id=${id}`;

/**
 * Buy now: the checkout of one goods (in its specification `skuId`, when it has them), with the
 * price the shopper saw (cents).
 */
export function settleHref(goodsId: number, quantity: number, price: number, skuId?: number): string {
  const sku = skuId === undefined ? '' : `&sku_id=${skuId}`;
  return `/settle?goods_id=${goodsId}${sku}&quantity=${quantity}&price=${price}`;
}

/** How many pieces can be chosen: 1..min(stock, 999, the goods' per-order limit); 0 when sold out. */
export function maxQuantity(stock: number, maxPerOrder = 0): number {
  const limit = maxPerOrder > 0 ? Math.min(maxPerOrder, CART_MAX_QUANTITY) : CART_MAX_QUANTITY;
  return Math.max(0, Math.min(stock, limit));
}
