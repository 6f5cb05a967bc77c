import dayjs from 'dayjs';
import { toLocalInput } from '#web/shared/format.ts';

/** A new coupon's (or campaign's) period: from this minute to the end of the 30th day after. */
export function newCouponValues(now = dayjs()) {
  return {
    start_time: toLocalInput(now.startOf('minute').toISOString()),
    end_time: toLocalInput(now.add(30, 'day').endOf('day').toISOString()),
  };
}
