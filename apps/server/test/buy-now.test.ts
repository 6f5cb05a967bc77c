import { BUY_NOW_MAX_LINES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/** Buy-now of several lines (`items` of `/order/create`): one order, the cart untouched. */

let h: Harness;
let companyId: number;
let otherCompany: number;
let adult: number;
let child: number;
let family: number;
let tea: number;
let foreign: number;

type Line = { goods_id: number; quantity: number; price?: number };
type Member = Awaited<ReturnType<typeof member>>;

const goods = (cid: number, name: string, price: number, stock: number, maxPerOrder = 0) =>
  createGoods(h.db, cid, { name, price, stock, unit: '张', max_per_order: maxPerOrder });

const stockOf = async (id: number) =>
  (await h.db.selectFrom('goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

/** A member with one address (harness.member). */
const member = (cid = companyId) => h.member(cid);

/** `/order/create` with `items` (a JSON array unless a string is given) and nothing else to choose. */
const buy = (m: Member, items: Line[] | string, extra: Record<string, string | number> = {}) =>
  m.call('/order/create', {
    items: typeof items === 'string' ? items : JSON.stringify(items),
    consignee_id: m.consigneeId,
    payment_method: 'cod',
    ...extra,
  });

/** What a refused call must leave as it was: stocks, the member's orders and cart. */
async function snapshot(m: Member) {
  const orders = await h.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', m.user.id)
    .executeTakeFirstOrThrow();
  return {
    stocks: await Promise.all([adult, child, family, tea, foreign].map(stockOf)),
    orders: Number(orders.n),
    cart: (await m.call('/cart/list')).d,
  };
}

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('购票单位');
  otherCompany = await h.company('别家单位');
  adult = await goods(companyId, '成人票', 8000, 500, 12);
  child = await goods(companyId, '儿童票', 4000, 500, 12);
  family = await goods(companyId, '家庭套票', 20000, 3, 12);
  tea = await goods(companyId, '龙井茶', 3000, 50);
  foreign = await goods(otherCompany, '别家门票', 5000, 500, 12);
});
afterAll(() => h.close());

describe('buy-now of several lines', () => {
  it('orders two lines in one order, takes each stock, and leaves the cart as it was', async () => {
    const m = await member();
    // Something in the cart first: it must stay there, selected, with its quantity.
    expect((await m.call('/cart/add', { goods_id: tea, quantity: 2 })).c).toBe(0);
    const cartBefore = (await m.call('/cart/list')).d;
    const [a0, c0, t0] = await Promise.all([stockOf(adult), stockOf(child), stockOf(tea)]);

    const placed = await buy(m, [
      { goods_id: adult, quantity: 2, price: 8000 },
      { goods_id: child, quantity: 1, price: 4000 },
    ]);
    expect(placed.c).toBe(0);
    expect(placed.d.price_changes).toEqual([]);
    expect(placed.d.order).toMatchObject({ status: 1, goods_amount: 20000, pay_amount: 20000 });
    expect(
      placed.d.order.items.map((i: Line & { amount: number }) => [i.goods_id, i.quantity, i.amount]),
    ).toEqual([
      [adult, 2, 16000],
      [child, 1, 4000],
    ]);
    expect(await stockOf(adult)).toBe(a0 - 2);
    expect(await stockOf(child)).toBe(c0 - 1);
    expect(await stockOf(tea)).toBe(t0);
    expect((await m.call('/cart/list')).d).toEqual(cartBefore);
    expect(cartBefore.results).toEqual([
      expect.objectContaining({ goods_id: tea, quantity: 2, selected: 1 }),
    ]);
  });

  it('takes the compact form `<id>x<qty>[@<price>]`, charges a changed price and says so', async () => {
    const m = await member();
    await h.db.updateTable('goods').set({ price: 9000 }).where('id', '=', adult).execute();
    try {
      const placed = await buy(m, `${adult}x1@8000,${child}x3`);
      expect(placed.c).toBe(0);
      expect(placed.d.price_changes).toEqual([
        { goods_id: adult, name: '成人票', old_price: 8000, new_price: 9000 },
      ]);
      expect(placed.d.order.goods_amount).toBe(9000 + 3 * 4000);
      expect(placed.d.order.events[0].note).toBe('价格变动：成人票');
    } finally {
      await h.db.updateTable('goods').set({ price: 8000 }).where('id', '=', adult).execute();
    }
  });

  it('applies a coupon to the amount of all the lines', async () => {
    const m = await member();
    const now = new Date().toISOString();
    const coupon = (
      await h.db
        .insertInto('coupons')
        .values({
          company_id: companyId,
          name: '满150减20',
          code: '',
          amount: 2000,
          min_amount: 15000,
          start_time: new Date(Date.now() - 3600_000).toISOString(),
          end_time: new Date(Date.now() + 86_400_000).toISOString(),
          total: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const placed = await buy(
      m,
      [
        { goods_id: adult, quantity: 1 },
        { goods_id: child, quantity: 2 },
      ],
      { coupon_id: coupon },
    );
    expect(placed.d.order).toMatchObject({ goods_amount: 16000, discount_amount: 2000, pay_amount: 14000 });
  });

  it('refuses a bad list with the documented answer and changes nothing', async () => {
    const m = await member();
    await m.call('/cart/add', { goods_id: tea, quantity: 1 });
    const before = await snapshot(m);
    const many = Array.from({ length: BUY_NOW_MAX_LINES + 1 }, (_, i) => ({
      goods_id: 100_000 + i,
      quantity: 1,
    }));
    const cases: [Line[] | string, Record<string, unknown>][] = [
      [
        [
          { goods_id: adult, quantity: 1 },
          { goods_id: adult, quantity: 2 },
        ],
        { c: 10001, m: '同一商品只能出现一次', field: 'items' },
      ],
      [`${adult}x1,${adult}x1`, { c: 10001, m: '同一商品只能出现一次', field: 'items' }],
      [[{ goods_id: adult, quantity: 0 }], { c: 10001, m: '数量不能小于1', field: 'items' }],
      [`${adult}x0`, { c: 10001, m: '数量不能小于1', field: 'items' }],
      [[{ goods_id: adult, quantity: -2 }], { c: 10001, m: '数量不能小于1', field: 'items' }],
      [`${adult}x-2`, { c: 10001, m: '购买商品格式不正确', field: 'items' }],
      [[{ goods_id: adult, quantity: 1.5 }], { c: 10001, m: '数量必须是整数', field: 'items' }],
      [[{ goods_id: adult, quantity: 1000 }], { c: 10001, m: '数量不能大于999', field: 'items' }],
      [[{ goods_id: 0, quantity: 1 }], { c: 10001, m: '商品不能小于1', field: 'items' }],
      [many, { c: 10001, m: `一次最多购买${BUY_NOW_MAX_LINES}种商品`, field: 'items' }],
      ['', { c: 10001, m: '请选择要购买的商品', field: 'items' }],
      ['[]', { c: 10001, m: '请选择要购买的商品', field: 'items' }],
      ['[{"goods_id":', { c: 10001, m: '购买商品格式不正确', field: 'items' }],
      ['{"goods_id":1}', { c: 10001, m: '购买商品格式不正确', field: 'items' }],
      ['abc', { c: 10001, m: '购买商品格式不正确', field: 'items' }],
      [
        [
          { goods_id: adult, quantity: 1 },
          { goods_id: 99_999_999, quantity: 1 },
        ],
        { c: 20201, m: '商品已下架或不存在' },
      ],
      [
        [
          { goods_id: adult, quantity: 1 },
          { goods_id: foreign, quantity: 1 },
        ],
        { c: 20201, m: '商品已下架或不存在' },
      ],
      [
        [
          { goods_id: child, quantity: 1 },
          { goods_id: adult, quantity: 13 },
        ],
        { c: 21202, m: '「成人票」每单最多购买12张', field: 'quantity' },
      ],
    ];
    for (const [items, answer] of cases) {
      const r = await buy(m, items);
      expect({ items, r }).toEqual({ items, r: answer });
    }
    // Cart lines and buy-now lines together: one way only.
    const cartId = before.cart.results[0].id;
    expect(await buy(m, [{ goods_id: adult, quantity: 1 }], { cart_ids: cartId })).toEqual({
      c: 10001,
      m: '购物车结算与立即购买不能同时提交',
      field: 'items',
    });
    expect(await buy(m, [{ goods_id: adult, quantity: 1 }], { goods_id: child, quantity: 1 })).toMatchObject({
      c: 10001,
      field: 'items',
    });
    expect(await snapshot(m)).toEqual(before);
  });

  it('refuses goods gone off sale', async () => {
    const m = await member();
    await h.db.updateTable('goods').set({ on_sale: 0 }).where('id', '=', tea).execute();
    try {
      const before = await snapshot(m);
      const r = await buy(m, [
        { goods_id: adult, quantity: 1 },
        { goods_id: tea, quantity: 1 },
      ]);
      expect(r).toEqual({ c: 20201, m: '「龙井茶」已下架' });
      expect(await snapshot(m)).toEqual(before);
    } finally {
      await h.db.updateTable('goods').set({ on_sale: 1 }).where('id', '=', tea).execute();
    }
  });

  it('stock short on one line orders nothing and takes no stock', async () => {
    const m = await member();
    await m.call('/cart/add', { goods_id: tea, quantity: 1 });
    const before = await snapshot(m);
    // The adult line comes first (lower id): its stock is taken, then given back by the rollback.
    const r = await buy(m, [
      { goods_id: adult, quantity: 2 },
      { goods_id: family, quantity: 4 },
    ]);
    expect(r).toEqual({ c: 20202, m: '「家庭套票」库存不足，仅剩3件', field: 'quantity' });
    expect(await snapshot(m)).toEqual(before);
    const lines = await h.db.selectFrom('order_items').select('id').where('goods_id', '=', family).execute();
    expect(lines).toEqual([]);
  });

  it('two members racing for the last pieces: one order, never negative stock', async () => {
    const last = await goods(companyId, '限量套票', 20000, 2, 12);
    const [a, b] = await Promise.all([member(), member()]);
    const lines = [
      { goods_id: child, quantity: 1 },
      { goods_id: last, quantity: 2 },
    ];
    const replies = await Promise.all([buy(a, lines), buy(b, lines)]);
    expect(replies.map((r) => r.c).sort()).toEqual([0, 20202]);
    expect(await stockOf(last)).toBe(0);
  });

  it('needs a login and keeps the single-goods buy-now working', async () => {
    const anon = await h.post('/api/order/create', {
      items: JSON.stringify([{ goods_id: adult, quantity: 1 }]),
      consignee_id: 1,
      payment_method: 'cod',
    });
    expect(anon.json().c).toBe(10003);

    const m = await member();
    const one = await m.call('/order/create', {
      goods_id: child,
      quantity: 2,
      expected_price: 4000,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(one.c).toBe(0);
    expect(one.d.order.items).toEqual([expect.objectContaining({ goods_id: child, quantity: 2 })]);
  });

  it('takes a JSON body with a real array', async () => {
    const m = await member();
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { ...m.headers, 'content-type': 'application/json' },
      payload: {
        items: [
          { goods_id: adult, quantity: 1 },
          { goods_id: child, quantity: 1 },
        ],
        consignee_id: m.consigneeId,
        payment_method: 'cod',
      },
    });
    expect(r.json().c).toBe(0);
    expect(r.json().d.order.items).toHaveLength(2);
  });
});
