/**
 * A company's clock (issue 35 item 1; company setting `time_zone`): the days and wall times people
 * speak of, in an IANA time zone, whatever the zone of the process (server) or of the browser.
 * Through `Intl.DateTimeFormat` alone — no offset tables — so a zone with daylight saving counts
 * its days of 23 and 25 hours. Stored times stay ISO-8601 UTC text (ADR 0002); the server
 * (platform/time.ts) and the web (shared/format.ts) both read them through here.
 */

/** The zone of a company that has set none: Beijing time. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * The zones a company may choose (the `time_zone` setting's choice), each with its words. A few
 * with daylight saving: their offsets name both.
 */
export const TIME_ZONES = {
  'Asia/Shanghai': '北京时间（UTC+8）',
  'Asia/Hong_Kong': '香港（UTC+8）',
  'Asia/Taipei': '台北（UTC+8）',
  'Asia/Singapore': '新加坡（UTC+8）',
  'Asia/Kuala_Lumpur': '吉隆坡（UTC+8）',
  'Asia/Urumqi': '乌鲁木齐（UTC+6）',
  'Asia/Tokyo': '东京（UTC+9）',
  'Asia/Seoul': '首尔（UTC+9）',
  'Asia/Bangkok': '曼谷（UTC+7）',
  'Asia/Ho_Chi_Minh': '胡志明市（UTC+7）',
  'Asia/Jakarta': '雅加达（UTC+7）',
  'Asia/Kolkata': '新德里（UTC+5:30）',
  'Asia/Dubai': '迪拜（UTC+4）',
  'Europe/Moscow': '莫斯科（UTC+3）',
  'Europe/Berlin': '柏林（UTC+1，夏令时 UTC+2）',
  'Europe/Paris': '巴黎（UTC+1，夏令时 UTC+2）',
  'Europe/London': '伦敦（UTC+0，夏令时 UTC+1）',
  'America/New_York': '纽约（UTC−5，夏令时 UTC−4）',
  'America/Chicago': '芝加哥（UTC−6，夏令时 UTC−5）',
  'America/Los_Angeles': '洛杉矶（UTC−8，夏令时 UTC−7）',
  'America/Sao_Paulo': '圣保罗（UTC−3）',
  'Australia/Sydney': '悉尼（UTC+10，夏令时 UTC+11）',
  'Pacific/Auckland': '奥克兰（UTC+12，夏令时 UTC+13）',
  UTC: '协调世界时（UTC）',
} as const;
export type TimeZoneName = keyof typeof TIME_ZONES;

/** A wall clock's reading: month 1–12, hour 0–23. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const readers = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone (making one costs far more than using it). Throws RangeError for an unknown zone. */
function readerOf(zone: string): Intl.DateTimeFormat {
  let f = readers.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    readers.set(zone, f);
  }
  return f;
}

/** Whether `zone` names a time zone this runtime knows (`Asia/Shanghai`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    readerOf(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Zones whose offset has not changed since `since`: their wall clock after it is arithmetic. The
 * first `Intl` formatter with a time zone costs 30–100 ms of a phone's main thread as a page
 * starts (the zone data), and most companies keep Beijing time (no daylight saving since 1991).
 */
const FIXED: Record<string, { offset: number; since: number }> = {
  UTC: { offset: 0, since: Number.NEGATIVE_INFINITY },
  'Asia/Shanghai': { offset: 8 * 3_600_000, since: Date.UTC(1992, 0, 1) },
};

/** The wall clock of `zone` at an instant (ms since 1970). */
export function wallIn(zone: string, ms: number): Wall {
  const fixed = FIXED[zone];
  if (fixed && ms >= fixed.since) {
    const d = new Date(ms + fixed.offset);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  }
  const w: Wall = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of readerOf(zone).formatToParts(ms))
    if (p.type in w) w[p.type as keyof Wall] = Number(p.value);
  // Some engines still say 24 for midnight despite h23.
  if (w.hour === 24) w.hour = 0;
  return w;
}

const utcOf = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at an instant, in ms (Beijing: +8 h; New York in July: −4 h). */
export function offsetIn(zone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return utcOf(wallIn(zone, whole)) - whole;
}

/**
 * The instant a wall time of `zone` names. A time the clocks skip (spring forward) is the instant
 * they reach it, an hour that occurs twice (fall back) its first occurrence.
 */
export function instantIn(zone: string, wall: Wall): number {
  const asUtc = utcOf(wall);
  const a = asUtc - offsetIn(zone, asUtc);
  const b = asUtc - offsetIn(zone, a);
  if (a === b) return a;
  const reads = (t: number) => utcOf(wallIn(zone, t)) === asUtc;
  const both = [a, b].filter(reads);
  return both.length > 0 ? Math.min(...both) : Math.max(a, b);
}

const two = (n: number) => String(n).padStart(2, '0');
const dayText = (w: Wall) => `${String(w.year).padStart(4, '0')}-${two(w.month)}-${two(w.day)}`;

const msOf = (at: string | number | Date) =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/** The day (`YYYY-MM-DD`) of `zone` holding an instant (ISO text, ms or Date); today when not given. */
export const dayIn = (zone: string, at: string | number | Date = Date.now()) =>
  dayText(wallIn(zone, msOf(at)));

/** `YYYY-MM-DD HH:mm` of an instant on the zone's clock. */
export function minuteIn(zone: string, at: string | number | Date) {
  const w = wallIn(zone, msOf(at));
  return `${dayText(w)} ${two(w.hour)}:${two(w.minute)}`;
}

/** `YYYY-MM-DD HH:mm:ss` of an instant on the zone's clock. */
export function secondIn(zone: string, at: string | number | Date) {
  const w = wallIn(zone, msOf(at));
  return `${dayText(w)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** A calendar day `n` days after `day` (`YYYY-MM-DD`; no zone: days are days). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** When the zone's day `day` (`YYYY-MM-DD`), `days` later, begins: an ISO UTC time, as stored times compare. */
export function dayStartIn(zone: string, day: string, days = 0): string {
  const [year, month, date] = addDays(day, days).split('-').map(Number) as [number, number, number];
  return new Date(instantIn(zone, { year, month, day: date, hour: 0, minute: 0, second: 0 })).toISOString();
}

const WALL_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * A time as text, as an instant (ms), or NaN: a text with `Z` or an offset is that instant; a
 * wall time without one (`2026-11-28 08:30`, `2026-11-28T08:30`, a day `2026-11-28`) is read on
 * the zone's clock. A wall time that does not exist as written (02-31, 24:00) is NaN.
 */
export function instantOfText(zone: string, text: string): number {
  const m = WALL_TEXT.exec(text);
  if (!m) return Date.parse(text);
  const wall: Wall = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
  };
  const check = new Date(utcOf(wall));
  if (
    wall.hour > 23 ||
    wall.minute > 59 ||
    wall.second > 59 ||
    check.getUTCFullYear() !== wall.year ||
    check.getUTCMonth() + 1 !== wall.month ||
    check.getUTCDate() !== wall.day
  )
    return Number.NaN;
  return instantIn(zone, wall);
}
