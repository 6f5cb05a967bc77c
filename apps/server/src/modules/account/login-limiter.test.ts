import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

describe('login limiter', () => {
  it('locks an account after the allowed failures and frees it when the window passes', () => {
    let t = 0;
    const l = new LoginLimiter({ maxFailuresPerAccount: 2, maxFailuresPerIp: 100, windowMs: 1000 }, () => t);
    l.recordFailure('Alice', '1.1.1.1');
    expect(l.isLocked('alice', '1.1.1.1')).toBe(false);
    l.recordFailure('alice', '2.2.2.2');
    expect(l.isLocked('ALICE', '3.3.3.3')).toBe(true);
    t = 1001;
    expect(l.isLocked('alice', '3.3.3.3')).toBe(false);
  });
  it('locks an address that guesses many accounts', () => {
    const l = new LoginLimiter({ maxFailuresPerAccount: 100, maxFailuresPerIp: 3, windowMs: 1000 }, () => 0);
    for (const name of ['a', 'b', 'c']) l.recordFailure(name, '9.9.9.9');
    expect(l.isLocked('d', '9.9.9.9')).toBe(true);
    expect(l.isLocked('d', '8.8.8.8')).toBe(false);
  });
  it('a success clears the account count', () => {
    const l = new LoginLimiter({ maxFailuresPerAccount: 2, maxFailuresPerIp: 100, windowMs: 1000 }, () => 0);
    l.recordFailure('bob', 'x');
    l.recordSuccess('bob');
    l.recordFailure('bob', 'x');
    expect(l.isLocked('bob', 'y')).toBe(false);
  });
});
