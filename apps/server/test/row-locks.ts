import { sql } from 'kysely';
import type { PlatformDatabase } from '../src/platform/db/database.ts';

/**
 * PostgreSQL tests of the order writers lock rows in: rows held by a transaction of its own, and
 * waiting until other sessions wait for them (deadlocks only show when both sides have started).
 */

/** Locks rows in a transaction of its own (`lock`), held until the answer's `release`. */
export async function holdRows(
  db: PlatformDatabase,
  lock: (trx: PlatformDatabase) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let holding = () => {};
  const isHolding = new Promise<void>((r) => {
    holding = r;
  });
  const holder = db.transaction().execute(async (trx) => {
    await lock(trx);
    holding();
    await held;
  });
  await isHolding;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}

/** Waits (20 s at most) until `n` sessions of this database wait for a lock, in a query like `query`. */
export async function waitForLockWaiters(db: PlatformDatabase, n: number, query = '%'): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where wait_event_type = 'Lock' and query like ${query} and datname = current_database()`.execute(db);
    if ((waiting.rows[0]?.n ?? 0) >= n) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions ever waited for a lock`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
