/** Timestamps are stored as ISO-8601 UTC text on both dialects (ADR 0002). */
export const nowIso = () => new Date().toISOString();

/** China's offset from UTC (no daylight saving): the days users speak of are China days. */
const CHINA_MS = 8 * 3600_000;

/** The China day (`YYYY-MM-DD`) of a time, an ISO text or milliseconds; today when not given. */
export const chinaDay = (at: string | number = Date.now()) =>
  new Date((typeof at === 'string' ? Date.parse(at) : at) + CHINA_MS).toISOString().slice(0, 10);

/** The start of a China day, `days` later, as an ISO time (to compare with the stored UTC times). */
export const chinaDayStart = (day: string, days = 0) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + days * 86_400_000).toISOString();

/** `YYYY-MM-DD HH:mm` in China time, as an export shows a stored time. */
export const chinaMinute = (iso: string) =>
  new Date(Date.parse(iso) + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ');
