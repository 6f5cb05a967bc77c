import { addDays, dayIn } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  companyToday,
  formatDate,
  formatDateTime,
  formatMinute,
  formatMonthDay,
  formatYuan,
  fromLocalInput,
  toLocalInput,
  yuanToCents,
} from './format.ts';
import { setCompanyTimeZone } from './timeZone.ts';

describe('formatYuan', () => {
  it('shows cents as yuan with two decimals', () => {
    expect(formatYuan(1250)).toBe('¥12.50');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(100_000_000_00)).toBe('¥100000000.00');
    expect(formatYuan(-300)).toBe('-¥3.00');
  });

  it('shows ¥0.00 for nothing', () => {
    expect(formatYuan(undefined)).toBe('¥0.00');
    expect(formatYuan(null)).toBe('¥0.00');
    expect(formatYuan(Number.NaN)).toBe('¥0.00');
  });
});

describe('yuanToCents', () => {
  it('reads what a user types, without floating-point rounding', () => {
    expect(yuanToCents('12.5')).toBe(1250);
    expect(yuanToCents('12.50')).toBe(1250);
    expect(yuanToCents(' 0.29 ')).toBe(29);
    expect(yuanToCents('1.')).toBe(100);
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents('100')).toBe(10000);
  });

  it('refuses blank, negative, or more than two decimals', () => {
    for (const v of ['', ' ', '-1', '1.234', 'abc', '1e3', null, undefined])
      expect(yuanToCents(v)).toBeUndefined();
  });
});

describe('dates', () => {
  // Local times (no offset), so the result does not depend on the machine's time zone.
  const at = '2026-11-05T08:07:09';

  it('formats a timestamp to the second, the minute, the day, or month and day', () => {
    expect(formatDateTime(at)).toBe('2026-11-05 08:07:09');
    expect(formatMinute(at)).toBe('2026-11-05 08:07');
    expect(formatDate(at)).toBe('2026-11-05');
    expect(formatMonthDay(at)).toBe('11月5日');
  });

  it('shows nothing for nothing and the raw text for a non-date', () => {
    for (const f of [formatDateTime, formatMinute, formatDate, formatMonthDay]) {
      expect(f(null)).toBe('');
      expect(f(undefined)).toBe('');
      expect(f('')).toBe('');
      expect(f('not a date')).toBe('not a date');
    }
  });

  it('shows a UTC timestamp on the company’s clock (Beijing by default), not the machine’s', () => {
    expect(formatMinute('2026-11-05T16:07:09.000Z')).toBe('2026-11-06 00:07');
    expect(formatDate('2026-11-26T16:30:00.000Z')).toBe('2026-11-27');
  });

  it('follows the company’s zone, daylight saving included, and reads date inputs on it', () => {
    try {
      setCompanyTimeZone('America/New_York');
      expect(formatMinute('2026-11-05T16:07:09.000Z')).toBe('2026-11-05 11:07'); // EST
      expect(formatMinute('2026-07-05T16:07:09.000Z')).toBe('2026-07-05 12:07'); // EDT
      expect(toLocalInput('2026-07-05T16:07:09.000Z')).toBe('2026-07-05T12:07');
      expect(fromLocalInput('2026-07-05T12:07')).toBe('2026-07-05T16:07:00.000Z');
      expect(fromLocalInput('2026-02-31T12:07')).toBe('2026-02-31T12:07');
      expect(formatDate('2026-11-28')).toBe('2026-11-28');
    } finally {
      setCompanyTimeZone('Asia/Shanghai');
    }
    expect(fromLocalInput('2026-07-05T12:07')).toBe('2026-07-05T04:07:00.000Z');
  });

  it('gives today on the company’s clock', () => {
    expect(companyToday()).toBe(dayIn('Asia/Shanghai'));
    expect(companyToday(1)).toBe(addDays(dayIn('Asia/Shanghai'), 1));
  });
});
