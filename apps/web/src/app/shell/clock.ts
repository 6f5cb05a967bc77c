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

/** The top-bar clock text for a moment, in local time. */
export function formatClock(d: Date): ClockText {
  return {
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    weekday: WEEKDAYS[d.getDay()] ?? '',
    date: `${d.getFullYear()}年${pad(d.getMonth() + 1)}月${pad(d.getDate())}日`,
  };
}
