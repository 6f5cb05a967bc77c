import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database.ts';

/**
 * Reads beside a long write (issue 33): on a database file, a read outside a transaction runs on
 * the reader connection while a transaction holds the writer. With one connection behind one
 * lock (Kysely's own driver) each of these reads would wait for the transaction that awaits it:
 * the test would never end.
 */
describe('SQLite reads beside an open transaction', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let db: Kysely<{ t: { id: number; v: string } }>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-reader-'));
    handle = openDatabase({ url: path.join(dir, 'db.sqlite') });
    db = handle.db as unknown as typeof db;
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    await db.insertInto('t').values({ id: 1, v: '已提交' }).execute();
  });

  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a read at once with what was committed, not what the transaction wrote', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 2, v: '未提交' }).execute();
      const outside = await db.selectFrom('t').select('v').orderBy('id').execute();
      const raw = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
      const inside = await trx.selectFrom('t').select('v').orderBy('id').execute();
      return { outside, raw: raw.rows[0]?.n, inside };
    });
    expect(seen.outside.map((r) => r.v)).toEqual(['已提交']);
    expect(seen.raw).toBe(1);
    expect(seen.inside.map((r) => r.v)).toEqual(['已提交', '未提交']);
    expect((await db.selectFrom('t').select('v').orderBy('id').execute()).map((r) => r.v)).toEqual([
      '已提交',
      '未提交',
    ]);
  });

  it('keeps a write outside the transaction until the transaction ends, in order', async () => {
    const order: string[] = [];
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      later = db
        .insertInto('t')
        .values({ id: 3, v: '之后' })
        .returning('id')
        .execute()
        .then(() => order.push('外部写入'));
      // The read is answered while the write outside still waits for the writer.
      await db.selectFrom('t').selectAll().execute();
      await trx.updateTable('t').set({ v: '改过' }).where('id', '=', 1).execute();
      order.push('事务结束');
    });
    await later;
    expect(order).toEqual(['事务结束', '外部写入']);
    expect((await db.selectFrom('t').select('v').orderBy('id').execute()).map((r) => r.v)).toEqual([
      '改过',
      '之后',
    ]);
  });

  it('changes the schema through the writer after the reader has read it (a migration)', async () => {
    await sql`create index t_v on t (v)`.execute(db);
    await db.selectFrom('t').select('v').where('v', '=', '已提交').execute();
    await sql`drop index t_v`.execute(db);
    await sql`create index t_v on t (v, id)`.execute(db);
    await db.schema.alterTable('t').addColumn('w', 'text').execute();
    expect((await sql`select id, w from t`.execute(db)).rows).toEqual([{ id: 1, w: null }]);
  });

  it('rolls a failed transaction back and lets the next one have the writer', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 4, v: '回滚' }).execute();
        throw new Error('拒绝');
      }),
    ).rejects.toThrow('拒绝');
    await db.transaction().execute((trx) => trx.insertInto('t').values({ id: 5, v: '下一个' }).execute());
    expect((await db.selectFrom('t').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 5]);
  });
});
