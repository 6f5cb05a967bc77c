/** What other modules may use of the cart module. */
export { type CartRow, cartRepository } from './cart.repository.ts';
