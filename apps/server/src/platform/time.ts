import {
  addDays,
  DEFAULT_TIME_ZONE,
  dayIn,
  dayStartIn,
  minuteIn,
  offsetIn,
  secondIn,
} from '@portal/contract';
import type { Database } from './db/database.ts';

/** Timestamps are stored as ISO-8601 UTC text on both dialects (ADR 0002). */
export const nowIso = () => new Date().toISOString();

/**
 * The days and wall times people speak of are their company's (the `time_zone` setting, default
 * Asia/Shanghai), never the process's `TZ`: the helpers take the zone (packages/contract
 * zone-time.ts, through Intl, daylight saving included). A module is given `zoneOf` (app.ts, from
 * the company's settings) and asks it for the company it works in — in a transaction through it
 * (`conn`: with SQLite a read through another handle would wait for the transaction).
 */
export type ZoneOf = (companyId: number, conn?: Database) => Promise<string>;

/** A zone reader that answers the default zone for every company (tests of a module alone). */
export const defaultZone: ZoneOf = async () => DEFAULT_TIME_ZONE;

/**
 * `dayIn(zone, at?)` the zone's day (`YYYY-MM-DD`; today when not given), `dayStartIn(zone, day,
 * days?)` when that day begins (an ISO time, to compare with stored times), `minuteIn(zone, at)`
 * `YYYY-MM-DD HH:mm` on its clock (`secondIn` to the second), `addDays(day, n)` a calendar day later.
 */
export { addDays, dayIn, dayStartIn, minuteIn, secondIn };

/** `YYYYMMDD` of the zone's day holding `at` (order, slip and file numbers). */
export const compactDayIn = (zone: string, at: string | number | Date = Date.now()) =>
  dayIn(zone, at).replaceAll('-', '');

/**
 * An instant as an Excel date cell holds it: a Date whose UTC fields read the zone's wall clock
 * (a sheet has no zone; what a person reads there is their company's clock), to the second.
 */
export function wallDate(zone: string, at: string | number | Date): Date | null {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(ms)) return null;
  const second = Math.round(ms / 1000) * 1000;
  return new Date(second + offsetIn(zone, second));
}
