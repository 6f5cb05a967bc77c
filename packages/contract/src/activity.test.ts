import { describe, expect, it } from 'vitest';
import { activityScore, OBSERVATION_CATEGORY } from './activity.ts';

const now = new Date('2026-05-10T12:00:00Z');
const at = (start: string, end: string, category = OBSERVATION_CATEGORY) =>
  activityScore({ start_time: start, end_time: end, category }, now);

describe('activity timing score (spec §4)', () => {
  it('3: in progress when now is between start and end (inclusive)', () => {
    expect(at('2026-05-10T00:00:00Z', '2026-05-11T00:00:00Z')).toBe(3);
    expect(at('2026-05-10T12:00:00Z', '2026-05-10T12:00:00Z')).toBe(3);
  });
  it('2: not yet started', () => {
    expect(at('2026-05-11T00:00:00Z', '2026-05-12T00:00:00Z')).toBe(2);
  });
  it('1: ended', () => {
    expect(at('2026-05-01T00:00:00Z', '2026-05-02T00:00:00Z')).toBe(1);
  });
  it('0: an impossible range (starts after now, ended before now)', () => {
    expect(at('2026-05-11T00:00:00Z', '2026-05-09T00:00:00Z')).toBe(0);
  });
  it('any other category is always 3', () => {
    expect(at('2026-05-01T00:00:00Z', '2026-05-02T00:00:00Z', '业务实训')).toBe(3);
  });
});
