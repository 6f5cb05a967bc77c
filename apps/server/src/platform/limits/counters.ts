import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { PlatformDatabase } from '../db/database.ts';

/**
 * Fixed-window counters shared by every server process (ADR 0010): the login lock-out, the limits
 * on SMS codes, registration and password recovery, visitor forms and person search all count
 * here. `hit` is one atomic step (count and read back together), so parallel requests can never
 * all pass a check before any of them is counted.
 *
 * - `databaseCounters`: the default — the `rate_counters` table of the portal's own database
 *   (SQLite or PostgreSQL), so counts survive a restart and are shared by processes on one
 *   PostgreSQL;
 * - `redisCounters`: when `REDIS_URL` is set (keys expire by themselves); if Redis does not answer,
 *   the call counts in the database instead, so limits never fall open;
 * - `memoryCounters`: unit tests with a clock of their own.
 */
export interface Counters {
  /** Counts one under `key` in its window (opening a window of `windowMs` when none is open) and answers the count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the key's open window; 0 when none is open. */
  peek(key: string): Promise<number>;
  /** Takes one back (an attempt that turned out not to count). */
  undo(key: string): Promise<void>;
  /** Forgets the key (a success that clears earlier failures). */
  reset(key: string): Promise<void>;
  /** Drops closed windows (the database store; the others expire by themselves). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

export function databaseCounters(db: PlatformDatabase, now: () => number = Date.now): Counters {
  return {
    async hit(key, windowMs) {
      const t = now();
      // One statement: insert, or restart a closed window, or add one — and answer the count.
      const { rows } = await sql<{ count: number }>`
        insert into rate_counters (key, count, reset_at) values (${key}, 1, ${t + windowMs})
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= ${t} then 1 else rate_counters.count + 1 end,
          reset_at = case when rate_counters.reset_at <= ${t} then ${t + windowMs} else rate_counters.reset_at end
        returning count`.execute(db);
      return Number(rows[0]?.count ?? 1);
    },
    async peek(key) {
      const row = await db
        .selectFrom('rate_counters')
        .select('count')
        .where('key', '=', key)
        .where('reset_at', '>', now())
        .executeTakeFirst();
      return row?.count ?? 0;
    },
    async undo(key) {
      await db
        .updateTable('rate_counters')
        .set({ count: sql`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_counters').where('key', '=', key).execute();
    },
    async sweep() {
      await db.deleteFrom('rate_counters').where('reset_at', '<=', now()).execute();
    },
    async close() {},
  };
}

const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;
const UNDO = `if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis under `portal:limit:`; any call Redis does not answer in time is counted by `fallback`. */
export function redisCounters(
  url: string,
  fallback: Counters,
  warn: (err: unknown) => void = () => {},
): Counters {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  });
  redis.on('error', warn);
  const k = (key: string) => `portal:limit:${key}`;
  const guarded =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>, instead: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await run(...args);
      } catch (err) {
        warn(err);
        return instead(...args);
      }
    };
  return {
    hit: guarded(
      async (key: string, windowMs: number) => Number(await redis.eval(HIT, 1, k(key), windowMs)),
      fallback.hit,
    ),
    peek: guarded(async (key: string) => Number((await redis.get(k(key))) ?? 0), fallback.peek),
    undo: guarded(async (key: string) => {
      await redis.eval(UNDO, 1, k(key));
    }, fallback.undo),
    reset: guarded(async (key: string) => {
      await redis.del(k(key));
    }, fallback.reset),
    // Keys expire in Redis; the fallback's table is swept for what it counted while Redis was away.
    sweep: () => fallback.sweep(),
    async close() {
      redis.disconnect();
    },
  };
}

/** In-process counters with a clock of their own: for unit tests, never for a running server. */
export function memoryCounters(now: () => number = Date.now): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const open = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > now() ? w : undefined;
  };
  return {
    async hit(key, windowMs) {
      const w = open(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return w.count;
    },
    async peek(key) {
      return open(key)?.count ?? 0;
    },
    async undo(key) {
      const w = open(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async sweep() {
      for (const [key, w] of windows) if (w.resetAt <= now()) windows.delete(key);
    },
    async close() {},
  };
}
