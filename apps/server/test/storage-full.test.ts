import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createGoods } from '../src/seed/seed.ts';
import { dialectUnderTest, type Harness, testApp } from './harness.ts';

/**
 * A full disk (issue 10): SQLite is held to the pages it has (`max_page_count`, which fails writes
 * with SQLITE_FULL as a full disk does). Orders keep coming: each is either acknowledged and kept,
 * or answered 10503 with nothing of it written, and the operator's log names the cause.
 */
describe.skipIf(dialectUnderTest !== 'sqlite')('a full disk', () => {
  let h: Harness;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const log: string[] = [];

  beforeAll(async () => {
    h = await testApp();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        log.push(String(chunk));
        cb();
      },
    });
    app = await buildApp({
      database: h.database,
      config: { ...loadConfig({ DATA_DIR: '/tmp/portal-test' }), webDist: undefined },
      logger: { level: 'warn', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await sql`pragma max_page_count = 1073741823`.execute(h.db);
    await app.close();
    await h.close();
  });

  it('answers 10503, writes nothing of a refused order, keeps every acknowledged one, and tells the log', async () => {
    const companyId = await h.company('磁盘单位');
    const goods = await createGoods(h.db, companyId, { name: '满盘商品', price: 100, stock: 100_000 });
    const m = await h.member(companyId);
    const order = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { ...m.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({
          goods_id: goods,
          quantity: 1,
          consignee_id: m.consigneeId,
          payment_method: 'cod',
          remark: '备注'.repeat(90),
        }),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(h.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]?.page_count}`).execute(h.db);

    const answers = [];
    for (let i = 0; i < 500; i++) {
      const a = await order();
      answers.push(a);
      if (a.body.c !== 0) break;
    }
    const refused = answers.at(-1);
    expect(refused).toEqual({ status: 503, body: { c: 10503, m: '服务暂时不可用，请稍后再试' } });
    const acknowledged = answers.filter((a) => a.body.c === 0).map((a) => a.body.d.order.id);
    const orders = await h.db.selectFrom('orders').select('id').where('user_id', '=', m.user.id).execute();
    expect(orders.map((o) => o.id).sort()).toEqual(acknowledged.sort());
    const items = await h.db
      .selectFrom('order_items')
      .select(sql<number>`count(*)`.as('n'))
      .where('goods_id', '=', goods)
      .executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(acknowledged.length);
    const { stock } = await h.db
      .selectFrom('goods')
      .select('stock')
      .where('id', '=', goods)
      .executeTakeFirstOrThrow();
    expect(stock).toBe(100_000 - acknowledged.length);
    expect(log.join('')).toContain('磁盘空间已满（SQLITE_FULL）');

    // Space again: the next order goes through, without a restart.
    await sql`pragma max_page_count = 1073741823`.execute(h.db);
    expect((await order()).body.c).toBe(0);
  });
});
