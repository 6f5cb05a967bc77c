import { z } from 'zod';
import { defineCall } from './call.ts';
import { pageOf } from './envelope.ts';
import { flag, form, int, optionalId, optionalText, paging } from './fields.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

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

const tags = ['coupon'];
const member = { login: true } as const;

export const couponCalls = {
  list: defineCall({
    method: 'POST',
    path: '/coupon/list',
    summary: '可领取的优惠券；mine=1 为我的优惠券',
    tags: tags,
    access: member,
    input: couponListBody,
    output: pageOf(couponSchema),
  }),
  claim: defineCall({
    method: 'POST',
    path: '/coupon/get',
    summary: '领取优惠券',
    tags: tags,
    access: member,
    input: couponGetBody,
    output: couponSchema,
  }),
  check: defineCall({
    method: 'POST',
    path: '/coupon/check',
    summary: '检查优惠券能否用于该金额',
    tags: tags,
    access: member,
    input: couponCheckBody,
    output: couponCheckResult,
  }),
};
