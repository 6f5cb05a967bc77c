import dayjs from 'dayjs';

/** A server timestamp in the visitor's time zone as `pattern`; the raw text when it is not a date. */
function formatAs(value: string | null | undefined, pattern: string): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : value;
}

/** `YYYY-MM-DD HH:mm:ss` for a server timestamp; the raw text when it is not a date. */
export const formatDateTime = (value: string | null | undefined) => formatAs(value, 'YYYY-MM-DD HH:mm:ss');

/** `YYYY-MM-DD HH:mm` (lists and notes: the minute is enough). */
export const formatMinute = (value: string | null | undefined) => formatAs(value, 'YYYY-MM-DD HH:mm');

/** `YYYY-MM-DD` (articles, releases). */
export const formatDate = (value: string | null | undefined) => formatAs(value, 'YYYY-MM-DD');

/** A `datetime-local` input's value (the visitor's time zone, to the minute). */
const LOCAL = 'YYYY-MM-DDTHH:mm';
/** A server time as a `datetime-local` input holds it. */
export const toLocalInput = (iso: string) => dayjs(iso).format(LOCAL);
/** A `datetime-local` value as an ISO time (what the server reads); any other text as it is. */
export const fromLocalInput = (local: string) => {
  const d = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? dayjs(local) : null;
  // dayjs rolls 02-31 over into March: only a time that reads back is one.
  return d?.isValid() && d.format(LOCAL) === local ? d.toISOString() : local;
};

/** `11月20日` (a campaign's dates, the year being plain). */
export const formatMonthDay = (value: string | null | undefined) => formatAs(value, 'M月D日');

/**
 * Today in China (`YYYY-MM-DD`), or the day `days` later, as a date box's default (the days the
 * server counts are China days).
 */
export const chinaToday = (days = 0) =>
  new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

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
