import { COUPON_END_AFTER_START } from '@portal/contract';
import { addDays, dayIn } from '@portal/contract/constants';
import type { RuleRender } from 'antd/es/form';
import { toLocalInput } from '#web/shared/format.ts';
import { companyTimeZone } from '#web/shared/timeZone.ts';

/** A new coupon's (or campaign's) period: from this minute to the end of the 30th day after (the company's clock). */
export function newCouponValues(now = new Date()) {
  return {
    start_time: toLocalInput(now.toISOString()),
    end_time: `${addDays(dayIn(companyTimeZone(), now), 30)}T23:59`,
  };
}

/**
 * 结束时间 after 开始时间, on the form as the server checks it on 保存 (the same message): the times
 * as the datetime-local inputs hold them, which compare as text. Re-checked when the start changes.
 */
const endAfterStart: RuleRender = ({ getFieldValue }) => ({
  validator: async (_, end: unknown) => {
    const start: unknown = getFieldValue('start_time');
    if (typeof start === 'string' && typeof end === 'string' && start && end && end <= start)
      throw new Error(COUPON_END_AFTER_START);
  },
});

/** The coupon form's rules besides the declared ones. */
export const couponRules = { end_time: { rules: [endAfterStart], dependencies: ['start_time'] } };
