import { addDays, dayIn, instantOfText, wallIn } from '@portal/contract/constants';
import { companyTimeZone } from './timeZone.ts';

/**
 * Times on the company's clock (its `time_zone`: shared/timeZone.ts), whatever the browser's zone
 * or the server's that renders a page: both renderers write the same text (no hydration mismatch).
 */
const two = (n: number) => String(n).padStart(2, '0');

/** A server timestamp on the company's clock as `pattern` (YYYY MM DD HH mm ss M D); the raw text when it is not a date. */
function formatAs(value: string | null | undefined, pattern: string): string {
  if (!value) return '';
  const zone = companyTimeZone();
  // A day (`2026-11-28`) is that day; a time without a zone is the company's wall time.
  const ms = instantOfText(zone, value);
  if (Number.isNaN(ms)) return value;
  const w = wallIn(zone, ms);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|M|D/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(w.year).padStart(4, '0');
      case 'MM':
        return two(w.month);
      case 'DD':
        return two(w.day);
      case 'HH':
        return two(w.hour);
      case 'mm':
        return two(w.minute);
      case 'ss':
        return two(w.second);
      case 'M':
        return String(w.month);
      default:
        return String(w.day);
    }
  });
}

/** `YYYY-MM-DD HH:mm:ss` for a server timestamp; the raw text when it is not a date. */
export const formatDateTime = (value: string | null | undefined) => formatAs(value, 'YYYY-MM-DD HH:mm:ss');

/** `YYYY-MM-DD HH:mm` (lists and notes: the minute is enough). */
export const formatMinute = (value: string | null | undefined) => formatAs(value, 'YYYY-MM-DD HH:mm');

/** `YYYY-MM-DD` (articles, releases). */
export const formatDate = (value: string | null | undefined) => formatAs(value, 'YYYY-MM-DD');

/** A `datetime-local` input's value (the company's wall clock, to the minute). */
const LOCAL = 'YYYY-MM-DDTHH:mm';
/** A server time as a `datetime-local` input holds it. */
export const toLocalInput = (iso: string) => formatAs(iso, LOCAL);
/** A `datetime-local` value (the company's wall clock) as an ISO time (what the server reads); any other text as it is. */
export const fromLocalInput = (local: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return local;
  // 02-31 or 24:00 is no time: it goes as typed, and the server's message says so.
  const ms = instantOfText(companyTimeZone(), local);
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
};

/** `11月20日` (a campaign's dates, the year being plain). */
export const formatMonthDay = (value: string | null | undefined) => formatAs(value, 'M月D日');

/**
 * Today on the company's clock (`YYYY-MM-DD`), or the day `days` later, as a date box's default
 * (the days the server counts are the company's days).
 */
export const companyToday = (days = 0) => addDays(dayIn(companyTimeZone()), days);

/** Integer cents (分) → `¥12.50`; negative amounts as `-¥3.00`. */
export function formatYuan(cents: number | null | undefined): string {
  const n = Number.isFinite(cents) ? Math.round(cents as number) : 0;
  const abs = Math.abs(n);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return `${n < 0 ? '-' : ''}¥${text}`;
}

/** Yuan as a user types it (`12.5`, `12.50`) → integer cents; `undefined` for blank or invalid input. */
export function yuanToCents(yuan: string | number | null | undefined): number | undefined {
  if (yuan === null || yuan === undefined) return undefined;
  const s = String(yuan).trim();
  if (!/^\d+(\.\d{0,2})?$/.test(s)) return undefined;
  const [whole = '0', frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
