import { wallIn } from '@portal/contract/constants';
import { companyTimeZone } from '#web/shared/timeZone.ts';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

export interface ClockText {
  /** HH:mm:ss */
  time: string;
  /** 星期一 … 星期日 */
  weekday: string;
  /** YYYY年MM月DD日 */
  date: string;
}

/** The top-bar clock text for a moment, on the company's clock (shared/timeZone.ts). */
export function formatClock(d: Date, zone = companyTimeZone()): ClockText {
  const w = wallIn(zone, d.getTime());
  return {
    time: `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`,
    weekday: WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()] ?? '',
    date: `${w.year}年${pad(w.month)}月${pad(w.day)}日`,
  };
}
