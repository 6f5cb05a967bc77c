// What other modules use of order: the only way in from another module (checks/boundaries.test.ts).
export { MyOrders } from './MyOrders.tsx';
export { NewOrderSignal } from './NewOrderSignal.tsx';
export { buyNowHref } from './settle.ts';
