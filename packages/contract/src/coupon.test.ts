import { describe, expect, it } from 'vitest';
import { bestCoupon } from './coupon.ts';

const c = (id: number, amount: number, end_time = '2026-12-31T00:00:00.000Z') => ({ id, amount, end_time });

describe('the best coupon', () => {
  it('is the largest discount, then the soonest end, then the oldest; none of none', () => {
    expect(bestCoupon([], 10000)).toBeUndefined();
    expect(bestCoupon([c(1, 500), c(2, 3000), c(3, 1000)], 10000)?.id).toBe(2);
    expect(
      bestCoupon([c(1, 3000, '2026-12-31T00:00:00.000Z'), c(2, 3000, '2026-12-01T00:00:00.000Z')], 10000)?.id,
    ).toBe(2);
    expect(bestCoupon([c(5, 3000), c(4, 3000)], 10000)?.id).toBe(4);
    // The discount is never more than the amount: on 8 yuan, 10 and 50 yuan coupons give the same.
    expect(
      bestCoupon([c(1, 5000, '2027-01-01T00:00:00.000Z'), c(2, 1000, '2026-12-01T00:00:00.000Z')], 800)?.id,
    ).toBe(2);
  });
});
