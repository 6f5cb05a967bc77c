import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from 'kysely';
import type { SqliteStatement } from './sqlite.ts';
import type { Checkpointer } from './sqlite-checkpoint.ts';

/** A SQLite connection as the driver uses it: a statement (from the statement cache) per SQL text. */
export interface StatementSource {
  prepare(sqlText: string): SqliteStatement;
  close(): void;
}

/**
 * SQLite with its reads beside its writes (issue 33, docs/adr/0037-long-work.md): Kysely's own
 * SQLite driver has one connection behind one lock, so while a transaction is open (an import of
 * 50,000 goods writes in batches, awaiting between them) every other query of every request waits
 * for it. Here a transaction, and a single statement that writes, take the one writer connection
 * under the lock, as before; a statement outside a transaction that only reads (better-sqlite3's
 * `stmt.readonly`) runs at once on a second, read-only connection. In WAL mode that reader sees
 * what was committed when the statement starts and never what an open transaction has written,
 * and it waits for no writer (SQLite's WAL: readers and one writer do not block each other).
 *
 * Statements run to their end synchronously (better-sqlite3), so one reader serves every request
 * of the process. A database only in memory has no second connection that could see it: `reader`
 * is then absent and everything takes the writer, as Kysely's driver does.
 */
export class SqliteWithReaderDialect extends SqliteDialect {
  readonly #writer: StatementSource;
  readonly #reader: StatementSource | undefined;
  readonly #checkpointer: Checkpointer | undefined;

  /** `checkpointer`: told whenever the writer was used (sqlite-checkpoint.ts), stopped before it closes. */
  constructor(writer: StatementSource, reader: StatementSource | undefined, checkpointer?: Checkpointer) {
    // The parent's config is used only by its createDriver, which this class replaces.
    super({ database: {} as never });
    this.#writer = writer;
    this.#reader = reader;
    this.#checkpointer = checkpointer;
  }

  override createDriver(): Driver {
    return new SqliteWithReaderDriver(this.#writer, this.#reader, this.#checkpointer);
  }
}

class SqliteWithReaderDriver implements Driver {
  readonly #lock: WriterLock;
  readonly #writer: StatementSource;
  readonly #reader: StatementSource | undefined;
  readonly #checkpointer: Checkpointer | undefined;

  constructor(writer: StatementSource, reader: StatementSource | undefined, checkpointer?: Checkpointer) {
    this.#writer = writer;
    this.#reader = reader;
    this.#checkpointer = checkpointer;
    this.#lock = new WriterLock(() => checkpointer?.nudge());
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#writer, this.#reader, this.#lock);
  }

  async beginTransaction(connection: DatabaseConnection) {
    const routed = connection as RoutedConnection;
    await routed.holdWriter();
    await routed.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as RoutedConnection).releaseWriter();
  }

  async destroy() {
    await this.#checkpointer?.stop();
    this.#reader?.close();
    this.#writer.close();
  }
}

/** Kysely's connection of one query, or of one transaction (which holds the writer until released). */
class RoutedConnection implements DatabaseConnection {
  #holding = false;

  constructor(
    private readonly writer: StatementSource,
    private readonly reader: StatementSource | undefined,
    private readonly lock: WriterLock,
  ) {}

  async holdWriter() {
    await this.lock.acquire();
    this.#holding = true;
  }

  releaseWriter() {
    if (!this.#holding) return;
    this.#holding = false;
    this.lock.release();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#holding) return run<R>(this.writer, query);
    const stmt = this.reader && READS.test(query.sql) ? preparedOn(this.reader, query.sql) : undefined;
    if (stmt?.readonly && stmt.reader) return { rows: stmt.all(query.parameters) as R[] };
    await this.lock.acquire();
    try {
      return run<R>(this.writer, query);
    } finally {
      this.lock.release();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only select queries');
    // An iterator keeps its connection busy between rows: the writer's, under the lock, so that
    // neither the reader's other statements nor another transaction meet it half read.
    const holding = this.#holding;
    if (!holding) await this.lock.acquire();
    try {
      for (const row of this.writer.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      if (!holding) this.lock.release();
    }
  }
}

/** What may be a read: the rest (DDL above all) is never prepared on the reader. */
const READS = /^\s*(select|with|values)\b/i;

/**
 * The statement on the reader, or none when it cannot be prepared there: its schema may be older
 * than the writer's for a moment (after a migration), and the writer then answers, rightly.
 */
function preparedOn(reader: StatementSource, sqlText: string): SqliteStatement | undefined {
  try {
    return reader.prepare(sqlText);
  } catch {
    return undefined;
  }
}

function run<R>(source: StatementSource, query: CompiledQuery): QueryResult<R> {
  const stmt = source.prepare(query.sql);
  if (stmt.reader) return { rows: stmt.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(query.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * The writer's lock: one transaction or writing statement at a time, in the order they asked.
 * `released` runs each time the writer is given up (the checkpointer's nudge).
 */
class WriterLock {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly released: () => void) {}

  async acquire() {
    const before = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await before;
    this.#release = release;
  }

  release() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
    this.released();
  }
}
