import { CART_MAX_QUANTITY } from '@portal/contract';

/** The detail page of a goods. */
export const goodsHref = (id: number) => `/goodsDetail?id=${id}`;

/** `/login?redirect=<path>`: back to that path after logging in. */
export function loginHref(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/** Buy now: the checkout of one goods, with the price the shopper saw (cents). */
export function settleHref(goodsId: number, quantity: number, price: number): string {
  return `/settle?goods_id=${goodsId}&quantity=${quantity}&price=${price}`;
}

/** `?id=N` → N, or null when it is not a positive integer id. */
export function goodsIdOf(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** How many pieces can be chosen: 1..min(stock, 999); 0 when sold out. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(stock, CART_MAX_QUANTITY));
}
