import { describe, expect, it } from 'vitest';
import { centsToYuan, formatYuan, yuanToCents } from './format.ts';

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

  it('goes back with centsToYuan', () => {
    expect(centsToYuan(1250)).toBe(12.5);
    expect(yuanToCents(centsToYuan(1999))).toBe(1999);
  });
});
