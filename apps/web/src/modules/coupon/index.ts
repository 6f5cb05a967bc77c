// What other modules use of coupon: the only way in from another module (checks/boundaries.test.ts).
export { newCouponValues } from './coupon-form.ts';
export { couponRule } from './couponRule.ts';
export { MyCoupons } from './MyCoupons.tsx';
export { couponKeys, useCouponBest, useCouponCheck, useCoupons } from './useCoupons.ts';
