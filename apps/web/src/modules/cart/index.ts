// What other modules use of cart: the only way in from another module (checks/boundaries.test.ts).
export { purchasable, type ShopLineFields, shopLineOf } from './cartLines.ts';
export { useCart } from './useCart.ts';
