import type { Coupon } from '@portal/contract';
import { formatYuan } from '#web/shared/format.ts';

/** `满¥100.00减¥10.00`, or `无门槛减¥5.00`. */
export function couponRule(c: Pick<Coupon, 'amount' | 'min_amount'>): string {
  return c.min_amount > 0
    ? `满${formatYuan(c.min_amount)}减${formatYuan(c.amount)}`
    : `无门槛减${formatYuan(c.amount)}`;
}
