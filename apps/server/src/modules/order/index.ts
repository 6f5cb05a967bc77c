/** What other modules may use of the order module. */
export { orderRepository } from './order.repository.ts';
