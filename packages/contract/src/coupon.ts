import { z } from 'zod';
import { MAX_PRICE_CENTS } from './catalogue.ts';
import { flag, form, int, optionalId, optionalText, paging } from './fields.ts';

/** A coupon of the company, as a member sees it. Amounts in cents. */
export const couponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  amount: z.number().int(),
  min_amount: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  /** 0 = unlimited. */
  total: z.number().int(),
  claimed: z.number().int(),
  /** The caller's own copy: none, unused or used. */
  mine: z.enum(['none', 'unused', 'used']),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListBody = form({ ...paging, mine: z.optional(flag('我的优惠券')) });
export const couponGetBody = form({
  coupon_id: optionalId('优惠券'),
  code: optionalText('优惠码', { max: 30 }),
});
export const couponCheckBody = form({
  coupon_id: optionalId('优惠券'),
  code: optionalText('优惠码', { max: 30 }),
  amount: int('订单金额', { min: 0, max: MAX_PRICE_CENTS }),
});
export const couponCheckResult = z.object({ coupon: couponSchema, discount: z.number().int() });

/** The discount a coupon gives on an amount: never more than the amount. */
export function couponDiscount(coupon: { amount: number }, amount: number) {
  return Math.min(coupon.amount, amount);
}
