import { describe, expect, it } from 'vitest';
import { idleWords } from './BusinessBoardPage.tsx';

describe('how long a team has been idle, in words', () => {
  it('reads in seconds, minutes, hours', () => {
    expect(idleWords(0)).toBe('0秒');
    expect(idleWords(59)).toBe('59秒');
    expect(idleWords(60)).toBe('1分钟');
    expect(idleWords(12 * 60 + 30)).toBe('12分钟');
    expect(idleWords(2 * 3600)).toBe('2小时');
    expect(idleWords(2 * 3600 + 5 * 60)).toBe('2小时5分钟');
  });
});
