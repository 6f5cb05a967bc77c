/** Constants of the shop that pages need without zod (exported by '@portal/contract/constants'). */

/** Money is integer cents (分) everywhere; the web shows yuan. */
export const MAX_PRICE_CENTS = 100_000_000_00;

export const GOODS_SORTS = {
  new: '最新',
  sales: '销量',
  price_asc: '价格从低到高',
  price_desc: '价格从高到低',
} as const;
export type GoodsSort = keyof typeof GOODS_SORTS;

/**
 * Pages the public goods list goes to, as the big shops do (ADR 0014): a page beyond is refused
 * (页码不能大于100) and the pager stops there, asking the shopper to narrow the search.
 */
export const GOODS_MAX_PAGES = 100;

/** Transfer receipts: at most this many per order, each at most RECEIPT_MAX_BYTES, of these types. */
export const RECEIPT_MAX_FILES = 3;
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
