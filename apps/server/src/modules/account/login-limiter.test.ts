import { describe, expect, it } from 'vitest';
import { memoryCounters } from '#server/platform/limits/counters.ts';
import { type Familiarity, loginLimiter } from './login-limiter.ts';

const limits = {
  maxFailuresPerAccount: 3,
  maxFailuresPerIp: 10,
  maxStrangerFailuresPerAccount: 5,
  windowMs: 1000,
};
const stranger: Familiarity = { kind: 'stranger' };

describe('login limiter', () => {
  const make = () => {
    let t = 0;
    return {
      l: loginLimiter(
        memoryCounters(() => t),
        limits,
      ),
      later: (ms: number) => (t += ms),
    };
  };
  const fail = async (
    l: ReturnType<typeof make>['l'],
    n: number,
    account: string,
    ip: string,
    f = stranger,
  ) => {
    let admitted = 0;
    for (let i = 0; i < n; i++) if (await l.admit(account, ip, f)) admitted++;
    return admitted;
  };

  it('locks an account at one address after its failures, not the same account at another', async () => {
    const { l } = make();
    expect(await fail(l, 5, 'Alice', '1.1.1.1')).toBe(3);
    expect(await l.admit('alice', '1.1.1.1', stranger)).toBeNull();
    expect(await l.admit('ALICE', '2.2.2.2', stranger)).not.toBeNull();
  });

  it('frees the pair when the window has passed', async () => {
    const { l, later } = make();
    await fail(l, 3, 'bob', '1.1.1.1');
    later(1000);
    expect(await l.admit('bob', '1.1.1.1', stranger)).not.toBeNull();
  });

  it('locks an address that guesses many accounts', async () => {
    const { l } = make();
    for (const name of ['a', 'b', 'c', 'd', 'e']) await fail(l, 2, name, '9.9.9.9');
    expect(await l.admit('f', '9.9.9.9', stranger)).toBeNull();
    expect(await l.admit('f', '8.8.8.8', stranger)).not.toBeNull();
  });

  it('locks strangers out of an account guessed from many addresses, but not its known browser or address', async () => {
    const { l } = make();
    for (const ip of ['1.0.0.1', '1.0.0.2', '1.0.0.3']) await fail(l, 3, 'carol', ip);
    expect(await l.admit('carol', '1.0.0.4', stranger)).toBeNull();
    expect(await l.admit('carol', '1.0.0.4', { kind: 'device', device: 'd1' })).not.toBeNull();
    expect(await l.admit('carol', '5.5.5.5', { kind: 'address' })).not.toBeNull();
  });

  it('a success takes its attempt back and clears its pair', async () => {
    const { l } = make();
    await fail(l, 2, 'dan', '1.1.1.1');
    const attempt = await l.admit('dan', '1.1.1.1', stranger);
    await attempt?.succeeded();
    expect(await fail(l, 3, 'dan', '1.1.1.1')).toBe(3);
  });
});
