import fs from 'node:fs';
import path from 'node:path';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';
import type { CompanyTable } from './scope.ts';
import { SQLite, type SqliteDatabase, type SqliteStatement } from './sqlite.ts';
import { startCheckpointer } from './sqlite-checkpoint.ts';
import { SqliteWithReaderDialect } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'pg';

/**
 * Every table: the platform's handle (migrations, scope.ts, seeds, the test harness, benchmarks).
 * Modules never hold it; `app.ts` gives them `modulesDatabase(db)`.
 */
export type PlatformDatabase = Kysely<DB>;

/**
 * The handle a module holds (ADR 0012): Kysely over the shared and platform tables only, so
 * `db.selectFrom('goods')` does not compile in a module. Company tables are reached through
 * `inCompany` / `acrossCompanies` (platform/db/scope.ts), whose builders see every table (joins from
 * a scoped row), or through `unscoped(db, reason)`, a named exemption. A transaction on it
 * (`db.transaction().execute((trx) => …)`) keeps the restriction.
 */
export type Database = Kysely<Omit<DB, CompanyTable>>;

/** The modules' view of the platform's handle (the same connection, a narrower type). */
export const modulesDatabase = (db: PlatformDatabase): Database => db as unknown as Database;

export interface DatabaseHandle {
  db: PlatformDatabase;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL, or a SQLite file path, or ':memory:'. */
  url: string;
  /**
   * SQLite ':memory:' only: start from this database image (a database file's bytes) instead of an
   * empty database — the API tests' migrated template (apps/server/test/template.ts).
   */
  image?: Buffer;
  poolSize?: number;
  /**
   * PostgreSQL: told when a connection fails outside a query (the database restarted, a failover,
   * `pg_terminate_backend`). The connection is dropped and the next query opens a new one.
   */
  onConnectionError?: (error: Error) => void;
  /** Told of a fault of the database's own background work (SQLite's checkpoint thread). */
  warn?: (message: string) => void;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; our counts are small, read them as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  if (isPostgresUrl(opts.url)) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // A database that does not answer fails the request instead of holding it forever, and a
      // connection to a server that vanished (failover) is found out by TCP keep-alive.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // An 'error' event nobody listens to ends the process. The pool emits one when an idle
    // connection dies; a connection in use (in a transaction, between its statements) emits its
    // own, and its next statement fails and the pool drops it when it is released.
    const report = (error: Error) => opts.onConnectionError?.(error);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'pg', close: () => db.destroy() };
  }
  if (opts.url !== ':memory:') fs.mkdirSync(path.dirname(opts.url), { recursive: true });
  if (opts.image && opts.url !== ':memory:') throw new Error('a database image opens only in memory');
  const sqlite = new SQLite(opts.image ?? opts.url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads outside a transaction on a connection of their own, so that a long write waits for no
  // reader and no reader for it (sqlite-driver.ts); a database in memory has only the one.
  let reader: SqliteDatabase | undefined;
  let checkpointer: ReturnType<typeof startCheckpointer> | undefined;
  if (!opts.image && opts.url !== ':memory:') {
    reader = new SQLite(opts.url, { readonly: true });
    reader.pragma('busy_timeout = 5000');
    // The WAL copied into the file off the event loop, not inside a commit (sqlite-checkpoint.ts).
    checkpointer = startCheckpointer(opts.url, sqlite, opts.warn);
  }
  const dialect = new SqliteWithReaderDialect(
    withStatementCache(sqlite),
    reader && withStatementCache(reader),
    checkpointer,
  );
  const db = new Kysely<DB>({ dialect });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * A statement longer than this (a batch's many-row insert: an import's 200 goods, their stock
 * moves) is prepared for its one use and not kept: its compiled program is about half a megabyte
 * of native memory, outside V8's heap, and a batch's text rarely repeats (ADR 0017 "Memory").
 */
const LONG_SQL = 4096;

/**
 * Kysely prepares every query anew; preparing cost more than running our small queries (measured:
 * 17% of a list request). Statements are reused per SQL text, bounded, least recently used out.
 */
function withStatementCache(sqlite: SqliteDatabase, max = 500) {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      if (sqlText.length > LONG_SQL) return sqlite.prepare(sqlText);
      let stmt = cache.get(sqlText);
      if (stmt) {
        cache.delete(sqlText);
      } else {
        stmt = sqlite.prepare(sqlText);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly set: Record<string, Migration>) {}
  async getMigrations() {
    return this.set;
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new StaticProvider(migrations(handle.dialect)) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
