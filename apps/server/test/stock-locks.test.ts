import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeGoods } from '../src/modules/catalogue/index.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { createGoods } from '../src/seed/seed.ts';
import { dialectUnderTest, type Harness, testApp } from './harness.ts';
import { holdRows, waitForLockWaiters } from './row-locks.ts';

/**
 * Writes that touch several goods rows take them in ascending goods id, whatever order the order's
 * lines came in, and last before the commit (docs/ARCHITECTURE.md, "Writes that touch stock";
 * issue 10). On PostgreSQL the row locks are looked at directly.
 */
let h: Harness;
let companyId: number;
let staff: Awaited<ReturnType<Harness['as']>>;
const START = 1000;

const stockOf = async (id: number) =>
  await h.db.selectFrom('goods').select(['stock', 'sales']).where('id', '=', id).executeTakeFirstOrThrow();

type Member = Awaited<ReturnType<Harness['member']>>;
const buy = (m: Member, ids: number[]) =>
  m.call('/order/create', {
    items: JSON.stringify(ids.map((goods_id) => ({ goods_id, quantity: 1 }))),
    consignee_id: m.consigneeId,
    payment_method: 'cod',
  });
const staffCall = async (url: string, id: number) =>
  (await h.post(`/api${url}`, { id }, staff.headers)).json();

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('锁顺序单位');
  staff = await h.as(12, companyId);
});
afterAll(() => h.close());

const goodsPair = async () => {
  const a = await createGoods(h.db, companyId, { name: '甲商品', price: 100, stock: START });
  const b = await createGoods(h.db, companyId, { name: '乙商品', price: 200, stock: START });
  return [a, b].sort((x, y) => x - y) as [number, number];
};

describe('changeGoods', () => {
  it('merges lines of the same goods, refuses the whole change when one row is short, stops sales at 0', async () => {
    const [a, b] = await goodsPair();
    const now = new Date().toISOString();
    // As its callers do: a short row throws, and the whole transaction rolls back (a too).
    const refused = await h.db
      .transaction()
      .execute(async (trx) => {
        const short = await changeGoods(
          modulesDatabase(trx),
          companyId,
          [
            { goods_id: b, stock: -START },
            { goods_id: a, stock: -1 },
            { goods_id: b, stock: -1 },
          ],
          { now },
        );
        if (short !== undefined) throw new Error(`short ${short}`);
      })
      .catch((error: Error) => error.message);
    expect(refused).toBe(`short ${b}`);
    expect(await stockOf(a)).toEqual({ stock: START, sales: 0 });
    await h.db.transaction().execute((trx) =>
      changeGoods(
        modulesDatabase(trx),
        companyId,
        [
          { goods_id: a, stock: -2, sales: -5 },
          { goods_id: a, stock: 1 },
        ],
        { now },
      ),
    );
    expect(await stockOf(a)).toEqual({ stock: START - 1, sales: 0 });
  });

  it('changes nothing of another company', async () => {
    const [a] = await goodsPair();
    const other = await h.company('别家');
    const short = await h.db.transaction().execute((trx) =>
      changeGoods(modulesDatabase(trx), other, [{ goods_id: a, stock: -1 }], {
        now: new Date().toISOString(),
      }),
    );
    expect(short).toBe(a);
    await h.db.transaction().execute((trx) =>
      changeGoods(modulesDatabase(trx), other, [{ goods_id: a, stock: 5, sales: 5 }], {
        now: new Date().toISOString(),
      }),
    );
    expect(await stockOf(a)).toEqual({ stock: START, sales: 0 });
  });
});

describe('orders meeting on the same goods', () => {
  it('many orders, cancellations and payments at once over the same goods in both orders: none fails, stock and sales stay right', async () => {
    const [a, b] = await goodsPair();
    const members = await Promise.all(Array.from({ length: 6 }, () => h.member(companyId)));
    const placed = await Promise.all(members.flatMap((m) => [buy(m, [a, b]), buy(m, [b, a])]));
    for (const p of placed) expect(p.c, JSON.stringify(p)).toBe(0);
    const ids = placed.map((p) => p.d.order.id as number);
    // Half are cancelled by their members and half paid, while as many new orders come in.
    const moves = await Promise.all([
      ...ids.map((id, i) =>
        i % 2 === 0
          ? (members[Math.floor(i / 2)] as Member).call('/order/cancel', { id })
          : staffCall('/order/pay/confirm', id),
      ),
      ...members.map((m, i) => buy(m, i % 2 ? [a, b] : [b, a])),
    ]);
    for (const r of moves) expect(r.c, JSON.stringify(r)).toBe(0);
    // 12 orders placed, 6 cancelled, 6 paid, 6 more placed: 12 of each goods held, 6 sold.
    expect(await stockOf(a)).toEqual({ stock: START - 12, sales: 6 });
    expect(await stockOf(b)).toEqual({ stock: START - 12, sales: 6 });
  });

  it.skipIf(dialectUnderTest !== 'pg')(
    'a cancellation takes its goods rows in goods-id order even when its lines came the other way',
    async () => {
      const [a, b] = await goodsPair();
      const m = await h.member(companyId);
      // Lines in descending goods id: the order's lines are stored b, a.
      const order = await buy(m, [b, a]);
      expect(order.c).toBe(0);
      // Another transaction holds b.
      const holder = await holdRows(h.db, (trx) =>
        sql`select id from goods where id = ${b} for update`.execute(trx),
      );
      const cancel = m.call('/order/cancel', { id: order.d.order.id });
      // Wait until the cancellation waits for b.
      await waitForLockWaiters(h.db, 1, 'update "goods"%');
      // By then it holds a, the lower id: taking a without waiting is refused (55P03).
      const probe = await sql`select id from goods where id = ${a} for update nowait`.execute(h.db).then(
        () => 'free',
        (error: { code?: string }) => error.code,
      );
      await holder.release();
      expect((await cancel).c).toBe(0);
      expect(probe).toBe('55P03');
      expect((await stockOf(a)).stock).toBe(START);
      expect((await stockOf(b)).stock).toBe(START);
    },
    30_000,
  );
});
