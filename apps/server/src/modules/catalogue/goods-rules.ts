import { AppError } from '#server/platform/core/errors.ts';

/**
 * The rules of goods for sale, used by the catalogue, the cart, orders and promotions on the rows
 * of `goodsForSale` (or any row with these columns). Lists filter with `goodsOnSale`, the same
 * availability rule in SQL.
 */

/** Deleted goods are gone for every purpose (a goods off sale is still there). */
export const isDeleted = (g: { del_flag: number }) => g.del_flag !== 0;

/** On sale and not deleted: may be shown, liked, put in a cart and ordered. */
export const isAvailable = (g: { on_sale: number; del_flag: number }) => g.on_sale === 1 && !isDeleted(g);

/**
 * Available and public: shown in the shop's lists and search. A goods the shop made private
 * (`/shop/goods/selected/public`) is still sold by its link.
 */
export const isListed = (g: { on_sale: number; del_flag: number; is_public: number }) =>
  isAvailable(g) && g.is_public === 1;

/** The refusal when `stock` is less than wanted (sold out when none is left). */
export function stockShort(name: string, stock: number): AppError {
  return new AppError(
    'STOCK_NOT_ENOUGH',
    stock > 0 ? `「${name}」库存不足，仅剩${stock}件` : `「${name}」已售罄`,
    'quantity',
  );
}

/**
 * Refusal when `quantity` is more than one order may hold of the goods (`max_per_order`, 0 = no
 * limit; event tickets have 12), else null. The cart and the order both check it.
 */
export function overLimit(
  g: { name: string; unit: string; max_per_order: number },
  quantity: number,
): AppError | null {
  if (g.max_per_order <= 0 || quantity <= g.max_per_order) return null;
  return new AppError('TICKET_LIMIT', `「${g.name}」每单最多购买${g.max_per_order}${g.unit}`, 'quantity');
}
