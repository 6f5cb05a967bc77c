/**
 * The phone habits of the shop (JD, Tmall): a tab bar at the bottom of the window, and on the goods
 * page and at checkout a fixed action bar in its place. CSS says the same width (phone.css).
 */
export const PHONE_MEDIA = '(max-width: 576px)';

export type ShopTab = 'home' | 'category' | 'cart' | 'mine';

/** The tab a page belongs to (marked as the current page in the tab bar), or null. */
export function shopTabOf(pathname: string): ShopTab | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === '/' || p === '/home') return 'home';
  if (p === '/product') return 'category';
  if (p === '/cart') return 'cart';
  if (p.toLowerCase() === '/workbench') return 'mine';
  return null;
}

/** The number on a cart icon: none for an empty cart, 99+ above 99. */
export function cartBadge(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > 99 ? '99+' : String(count);
}

/** The name of a link to the cart whose count is drawn, not written: 购物车, then the count. */
export const cartLinkLabel = (count: number) => `购物车，${count} 种商品`;
