import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const session = (userId: number, expiresAt = '2999-01-01T00:00:00Z') => ({
  userId,
  companyId: 1,
  role: 12,
  username: `u${userId}`,
  sessionId: `s${userId}`,
  expiresAt,
  mustChangePassword: false,
});

describe('session cache', () => {
  it('answers within the time to live, then asks the database again', () => {
    let t = 1000;
    const c = new SessionCache(500, 10, () => t);
    c.set('a', session(1));
    expect(c.get('a')?.userId).toBe(1);
    t = 1501;
    expect(c.get('a')).toBeUndefined();
  });
  it('never answers an expired session', () => {
    const c = new SessionCache(60_000, 10, () => Date.parse('2026-01-01T00:00:01Z'));
    c.set('a', session(1, '2026-01-01T00:00:00Z'));
    expect(c.get('a')).toBeUndefined();
  });
  it('forgets one session or all of a user’s at once', () => {
    const c = new SessionCache(60_000);
    c.set('a', session(1));
    c.set('b', session(1));
    c.set('c', session(2));
    c.forget('s2');
    expect(c.get('c')).toBeUndefined();
    c.forgetUser(1);
    expect([c.get('a'), c.get('b')]).toEqual([undefined, undefined]);
  });
  it('keeps nothing when disabled', () => {
    const c = new SessionCache(0);
    c.set('a', session(1));
    expect(c.get('a')).toBeUndefined();
  });
});
