import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type PlatformDatabase } from '../db/database.ts';
import { type Counters, databaseCounters, memoryCounters, redisCounters } from './counters.ts';

/** Redis for this test: REDIS_URL, else a local server when one answers; none on a user's fresh machine. */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const s = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 }, () => {
    s.end();
    resolve(true);
  });
  s.on('error', () => resolve(false));
  s.on('timeout', () => {
    s.destroy();
    resolve(false);
  });
});

const handle = openDatabase({ url: ':memory:' });
let db: PlatformDatabase;
beforeAll(async () => {
  await migrateToLatest(handle);
  db = handle.db;
});
afterAll(() => handle.close());

const stores: [string, () => Counters, boolean][] = [
  ['memory', () => memoryCounters(), true],
  ['database', () => databaseCounters(db), true],
  ['redis', () => redisCounters(redisUrl, databaseCounters(db)), redisReachable],
];

describe.each(stores)('%s counters', (_name, make, available) => {
  const key = () => `test:${Math.random().toString(36).slice(2)}`;

  it.skipIf(!available)(
    'counts in a window, takes one back, resets, and opens a new window after it closes',
    async () => {
      const c = make();
      const k = key();
      expect(await c.hit(k, 60_000)).toBe(1);
      expect(await c.hit(k, 60_000)).toBe(2);
      expect(await c.peek(k)).toBe(2);
      await c.undo(k);
      expect(await c.peek(k)).toBe(1);
      await c.reset(k);
      expect(await c.peek(k)).toBe(0);
      const short = key();
      await c.hit(short, 30);
      await new Promise((r) => setTimeout(r, 60));
      expect(await c.peek(short)).toBe(0);
      expect(await c.hit(short, 30)).toBe(1);
      await c.close();
    },
  );

  it.skipIf(!available)('counts parallel hits exactly once each', async () => {
    const c = make();
    const k = key();
    const counts = await Promise.all(Array.from({ length: 40 }, () => c.hit(k, 60_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await c.close();
  });
});

describe('redis counters without a Redis', () => {
  it('count in the database instead, so limits never fall open', async () => {
    const fallback = databaseCounters(db);
    const c = redisCounters('redis://127.0.0.1:1', fallback);
    const k = 'test:no-redis';
    expect(await c.hit(k, 60_000)).toBe(1);
    expect(await c.hit(k, 60_000)).toBe(2);
    expect(await fallback.peek(k)).toBe(2);
    await c.close();
  });
});
