/** What other modules may use of the coupon module. */
export { releaseCoupon, useCoupon } from './coupon.service.ts';
