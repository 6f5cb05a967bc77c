import { afterEach, describe, expect, it } from 'vitest';
import { COMPANY_SETTINGS, DECLARED_DEFAULTS, settingFromText, settingsBody } from './company-settings.ts';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  dayIn,
  dayStartIn,
  instantIn,
  instantOfText,
  isTimeZone,
  minuteIn,
  offsetIn,
  secondIn,
  TIME_ZONES,
  wallIn,
} from './zone-time.ts';

const H = 3_600_000;
const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

describe('a company’s clock', () => {
  it('gives the zone’s day and wall time of an instant, whatever the process’s zone', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      // 00:05 in Beijing on 11-28 is still 11-27 in UTC.
      expect(dayIn('Asia/Shanghai', '2026-11-27T16:05:00Z')).toBe('2026-11-28');
      expect(dayIn('UTC', '2026-11-27T16:05:00Z')).toBe('2026-11-27');
      expect(minuteIn('Asia/Shanghai', '2026-11-27T16:05:00Z')).toBe('2026-11-28 00:05');
      expect(secondIn('Asia/Kolkata', Date.parse('2026-11-27T16:05:07Z'))).toBe('2026-11-27 21:35:07');
      expect(dayStartIn('Asia/Shanghai', '2026-11-28')).toBe('2026-11-27T16:00:00.000Z');
      expect(dayStartIn('Asia/Shanghai', '2026-11-28', 1)).toBe('2026-11-28T16:00:00.000Z');
    }
  });

  it('reads Beijing time and UTC without Intl as Intl reads them, and China’s daylight saving before 1992', () => {
    // Asia/Chongqing and Etc/UTC are the same clocks under names the arithmetic does not take.
    for (let t = Date.UTC(1992, 0, 1); t < Date.UTC(2100, 0, 1); t += 7 * 24 * H + 3_723_456) {
      expect(wallIn('Asia/Shanghai', t)).toEqual(wallIn('Asia/Chongqing', t));
      expect(wallIn('UTC', t)).toEqual(wallIn('Etc/UTC', t));
    }
    expect(wallIn('Asia/Shanghai', Date.UTC(2026, 10, 27, 16, 5, 7, 999))).toEqual({
      year: 2026,
      month: 11,
      day: 28,
      hour: 0,
      minute: 5,
      second: 7,
    });
    // Summer 1988: China kept daylight saving time (UTC+9).
    expect(wallIn('Asia/Shanghai', Date.UTC(1988, 6, 1, 0)).hour).toBe(9);
  });

  it('counts days of 23 and 25 hours where daylight saving changes the clocks', () => {
    // New York: clocks forward on 2026-03-08 at 02:00, back on 2026-11-01 at 02:00.
    const ny = 'America/New_York';
    expect(dayStartIn(ny, '2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn(ny, '2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
    expect(Date.parse(dayStartIn(ny, '2026-03-09')) - Date.parse(dayStartIn(ny, '2026-03-08'))).toBe(23 * H);
    expect(Date.parse(dayStartIn(ny, '2026-11-02')) - Date.parse(dayStartIn(ny, '2026-11-01'))).toBe(25 * H);
    expect(offsetIn(ny, Date.parse('2026-07-01T12:00:00Z'))).toBe(-4 * H);
    expect(offsetIn(ny, Date.parse('2026-12-01T12:00:00Z'))).toBe(-5 * H);
    // Sydney (southern summer): 11:30 local on 01-15 is the previous day 00:30 UTC.
    expect(minuteIn('Australia/Sydney', '2026-01-15T00:30:00Z')).toBe('2026-01-15 11:30');
    expect(minuteIn('Australia/Sydney', '2026-07-15T00:30:00Z')).toBe('2026-07-15 10:30');
    // A wall time the clocks skip is the instant they reach it; one they pass twice, the first.
    const skipped = instantIn(ny, { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 });
    expect(minuteIn(ny, skipped)).toBe('2026-03-08 03:30');
    const twice = instantIn(ny, { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 });
    expect(new Date(twice).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('a day that begins after midnight (clocks forward at 00:00) begins when the clocks say so', () => {
    // Santiago moves its clocks from 00:00 to 01:00 in September.
    const start = dayStartIn('America/Santiago', '2026-09-06');
    expect(minuteIn('America/Santiago', start)).toBe('2026-09-06 01:00');
    expect(dayIn('America/Santiago', Date.parse(start) - 1000)).toBe('2026-09-05');
  });

  it('reads a wall time without a zone on the zone’s clock, and refuses one that does not exist', () => {
    expect(new Date(instantOfText('Asia/Shanghai', '2026-11-28 08:30')).toISOString()).toBe(
      '2026-11-28T00:30:00.000Z',
    );
    expect(new Date(instantOfText('Europe/London', '2026-07-01T08:30:15')).toISOString()).toBe(
      '2026-07-01T07:30:15.000Z',
    );
    expect(new Date(instantOfText('Asia/Shanghai', '2026-11-28')).toISOString()).toBe(
      '2026-11-27T16:00:00.000Z',
    );
    expect(instantOfText('Asia/Shanghai', '2026-11-28T00:30:00Z')).toBe(Date.parse('2026-11-28T00:30:00Z'));
    expect(instantOfText('Asia/Shanghai', '2026-02-31')).toBeNaN();
    expect(instantOfText('Asia/Shanghai', '2026-11-28 24:00')).toBeNaN();
    expect(instantOfText('Asia/Shanghai', 'not a time')).toBeNaN();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('knows real zones only; every choice is one', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    for (const zone of Object.keys(TIME_ZONES)) expect(isTimeZone(zone)).toBe(true);
  });
});

describe('the time_zone setting', () => {
  it('is Beijing time until a company sets another, in the system group', () => {
    expect(DECLARED_DEFAULTS.time_zone).toBe(DEFAULT_TIME_ZONE);
    expect(COMPANY_SETTINGS.time_zone.group).toBe('system');
  });

  it('refuses a zone that is not offered, with a Chinese message', () => {
    const body = settingsBody('system');
    expect(body.safeParse({ time_zone: 'Europe/London' }).success).toBe(true);
    const bad = body.safeParse({ time_zone: 'Mars/Olympus' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('时区不正确');
    // A stored value no longer offered reads as the default.
    expect(settingFromText('time_zone', 'Mars/Olympus', DEFAULT_TIME_ZONE)).toBe(DEFAULT_TIME_ZONE);
  });
});
