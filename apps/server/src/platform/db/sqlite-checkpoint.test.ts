import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { SQLite, type SqliteDatabase } from './sqlite.ts';
import { startCheckpointer } from './sqlite-checkpoint.ts';

/**
 * The WAL is copied into the database file by a thread of its own, not by the commit on the event
 * loop (issue 33: a 50,000-row import's commit checkpointed for 253 ms, every request waiting).
 * What shows where the copy happened: the database file grows when the WAL is checkpointed into
 * it, so right after a large commit it has not grown yet, and it grows once the thread ran.
 */

/** Resolves when `done` holds, checked every 10 ms for at most `ms`. */
async function until(done: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Rows enough that the WAL passes SQLite's automatic checkpoint (1,000 pages of 4 KB). */
const ROWS = 3_000;
const PAYLOAD = 'x'.repeat(2_000);

describe('SQLite checkpoints off the event loop', () => {
  let dir: string;
  let file: string;
  let writer: SqliteDatabase | undefined;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-checkpoint-'));
    file = path.join(dir, 'db.sqlite');
  });

  afterEach(() => {
    writer?.close();
    writer = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const size = () => fs.statSync(file).size;

  it('leaves the WAL to the thread: the commit does not copy it, the nudged thread does', async () => {
    writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (id integer primary key, v text not null)');
    const checkpointer = startCheckpointer(file, writer);
    try {
      const before = size();
      const insert = writer.prepare('insert into t (v) values (?)');
      writer.transaction(() => {
        for (let i = 0; i < ROWS; i++) insert.run(PAYLOAD);
      })();
      // Synchronously after the commit: the thread has not been told yet, so only the commit
      // itself could have copied the WAL (as SQLite's automatic checkpoint does by default).
      expect(size()).toBe(before);
      checkpointer.nudge();
      // The whole of it (the file grows as the thread writes the pages).
      await until(() => size() > ROWS * PAYLOAD.length);
    } finally {
      await checkpointer.stop();
    }
  });

  it('is nudged by every release of the writer: a transaction through the platform handle', async () => {
    const handle = openDatabase({ url: file });
    const db = handle.db as unknown as Kysely<{ t: { id?: number; v: string } }>;
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(db);
      const before = size();
      await db.transaction().execute(async (trx) => {
        for (let at = 0; at < ROWS; at += 100)
          await trx
            .insertInto('t')
            .values(Array.from({ length: 100 }, () => ({ v: PAYLOAD })))
            .execute();
      });
      expect(before).toBeLessThan(ROWS * PAYLOAD.length);
      await until(() => size() > ROWS * PAYLOAD.length);
      const { n } = await db
        .selectFrom('t')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(n).toBe(ROWS);
    } finally {
      await handle.close();
    }
  });

  it('gives the checkpoint back to the writer when the thread cannot run, and says so', async () => {
    writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    const warnings: string[] = [];
    // A file the thread cannot open (fileMustExist): its connection fails as it starts.
    const checkpointer = startCheckpointer(path.join(dir, 'missing.sqlite'), writer, (m) => warnings.push(m));
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await until(() => warnings.length > 0);
    expect(warnings[0]).toMatch(/^SQLite 检查点线程出错（.+），改由写连接自行检查点$/);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    checkpointer.nudge();
    await checkpointer.stop();
  });
});
