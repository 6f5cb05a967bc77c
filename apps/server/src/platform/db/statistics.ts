import { sql } from 'kysely';
import type { Database } from './database.ts';
import { dialectOf } from './dialect-of.ts';

/**
 * PostgreSQL: ANALYZE `table` when its statistics count fewer rows than `atLeast` — a table that
 * was (nearly) empty when last analyzed and has just been filled inside a long transaction (a
 * 50,000-goods import), where autovacuum cannot see the rows yet. Without it the planner takes the
 * table's indexes for empty and, for the import's uniqueness query, walked every goods of the
 * company by `company_id` alone (32 ms per 100 codes at 19,400 goods instead of 0.1 ms), so the
 * import grew with the square of its rows (ADR 0017 "Cost"). ANALYZE may run in a transaction and
 * counts the rows that transaction wrote; the new statistics are the transaction's until it
 * commits. SQLite: nothing (its planner has no such statistics until `ANALYZE`, and does not need
 * them for these queries).
 */
export async function freshStatistics(db: Database, table: string, atLeast: number) {
  if (dialectOf(db) !== 'pg') return;
  const { rows } = await sql<{ reltuples: number }>`
    select reltuples from pg_class where oid = to_regclass(${table})`.execute(db);
  if (Number(rows[0]?.reltuples ?? 0) >= atLeast) return;
  await sql`analyze ${sql.table(table)}`.execute(db);
}
