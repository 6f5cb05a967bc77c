import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { versionedCache } from '../src/platform/db/versioned-cache.ts';
import { type Harness, testApp } from './harness.ts';

let h: Harness;
let company: number;
beforeAll(async () => {
  h = await testApp();
  company = await h.company('缓存单位');
});
afterAll(() => h.close());

describe('versionedCache', () => {
  it('does not keep a value whose load began before a write this process committed (forget)', async () => {
    let stored = 'old';
    let release: () => void = () => {};
    let started: () => void = () => {};
    const loadStarted = new Promise<void>((r) => (started = r));
    let slow = true;
    const cache = versionedCache(
      'test-race',
      async () => {
        const value = stored;
        if (slow) {
          const held = new Promise<void>((r) => (release = r));
          started();
          await held;
        }
        return value;
      },
      { recheckMs: 60_000 },
    );
    const db = h.db as unknown as Database;
    const first = cache.get(db, company);
    // The write commits while the first load is on its way, then the cache is told.
    await loadStarted;
    stored = 'new';
    cache.forget(company);
    slow = false;
    release();
    expect(await first).toBe('old');
    // Without the forget's generation the old value would stay for the whole recheck time.
    expect(await cache.get(db, company)).toBe('new');
  });
});
