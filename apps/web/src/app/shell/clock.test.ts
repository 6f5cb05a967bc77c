import { describe, expect, it } from 'vitest';
import { formatClock } from './clock.ts';

describe('formatClock', () => {
  it('pads time and date and names the weekday in Chinese', () => {
    // 2024-03-04 is a Monday; 01:05 UTC is 09:05 in Beijing (the default zone), whatever the machine's.
    expect(formatClock(new Date('2024-03-04T01:05:07Z'))).toEqual({
      time: '09:05:07',
      weekday: '星期一',
      date: '2024年03月04日',
    });
  });

  it('names Sunday 星期日 and keeps 24-hour time', () => {
    expect(formatClock(new Date('2023-12-31T15:59:59Z'))).toEqual({
      time: '23:59:59',
      weekday: '星期日',
      date: '2023年12月31日',
    });
  });

  it('covers every weekday', () => {
    const names = Array.from(
      { length: 7 },
      (_, i) => formatClock(new Date(Date.UTC(2024, 2, 4 + i, 4))).weekday,
    );
    expect(names).toEqual(['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']);
  });

  it('reads the company’s clock, not the machine’s: New York is still on Sunday evening', () => {
    expect(formatClock(new Date('2024-03-04T01:05:07Z'), 'America/New_York')).toEqual({
      time: '20:05:07',
      weekday: '星期日',
      date: '2024年03月03日',
    });
  });
});
