import { describe, expect, it } from 'vitest';
import { formatRemaining, secondsLeft, secondsUntil } from './countdown.ts';

describe('secondsLeft', () => {
  it('counts whole seconds up, never below zero', () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_001)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 90_000)).toBe(0);
  });
});

describe('secondsUntil', () => {
  it('reads an ISO time', () => {
    const now = Date.parse('2025-01-01T10:00:00Z');
    expect(secondsUntil('2025-01-01T10:30:00Z', now)).toBe(1800);
    expect(secondsUntil('2025-01-01T09:30:00Z', now)).toBe(0);
    expect(secondsUntil('', now)).toBe(0);
    expect(secondsUntil('not a time', now)).toBe(0);
  });
});

describe('formatRemaining', () => {
  it('shows minutes and seconds, or hours and minutes', () => {
    expect(formatRemaining(0)).toBe('0秒');
    expect(formatRemaining(45)).toBe('45秒');
    expect(formatRemaining(60)).toBe('1分00秒');
    expect(formatRemaining(29 * 60 + 5)).toBe('29分05秒');
    expect(formatRemaining(3600 + 2 * 60 + 59)).toBe('1小时02分');
    expect(formatRemaining(23 * 3600 + 59 * 60)).toBe('23小时59分');
    // A bank transfer waits days.
    expect(formatRemaining(72 * 3600 - 1)).toBe('2天23小时');
    expect(formatRemaining(24 * 3600)).toBe('1天0小时');
    expect(formatRemaining(-5)).toBe('0秒');
  });
});
