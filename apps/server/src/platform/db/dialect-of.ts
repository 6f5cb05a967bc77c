import { type Kysely, PostgresAdapter } from 'kysely';
import type { Dialect } from './database.ts';

/** Which database a Kysely instance (or a transaction of one) talks to. */
export const dialectOf = <T>(db: Kysely<T>): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'pg' : 'sqlite';
