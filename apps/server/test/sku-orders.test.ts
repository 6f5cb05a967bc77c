import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeGoods } from '#server/modules/catalogue/index.ts';
import { createCategory, createGoods } from '#server/seed/seed.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { type Harness, testApp } from './harness.ts';
import { countOrders, expireByHand } from './orders.ts';

/**
 * The shop sells specifications (docs/shop.md "Specifications"): the goods page answers them, the
 * cart and orders take a `sku_id` for a goods that has them, the specification's price is charged,
 * its stock and the goods' total move together (never below 0, also under many orders at once),
 * and a cancel or refund gives it back to the same specification. Refused: no specification, one of
 * another goods, a stopped or deleted one. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let categoryId: number;

type Body = Record<string, unknown>;
type Member = Awaited<ReturnType<Harness['member']>>;

const adminCall = (url: string, body: Body = {}, headers: Record<string, string> = admin) =>
  h.app
    .inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    })
    .then((r) => r.json());

const detail = (id: number, headers: Record<string, string> = {}) =>
  h.app
    .inject({
      method: 'GET',
      url: `/api/goods/staff/shopgoods/detail/?id=${id}&company_id=${companyId}`,
      headers,
    })
    .then((r) => r.json());

let codeSeq = 0;
/** A goods in the shop, on sale, with specifications 红色 / 蓝色 (the stock given, ¥50 / ¥60). */
async function shirt(stock: [number, number] = [5, 7]) {
  codeSeq += 1;
  const made = await adminCall('/goods/create', {
    code: `SKU-${codeSeq}-${Date.now()}`,
    name: `规格T恤${codeSeq}`,
    category_id: categoryId,
    goods_type: 'normal',
    unit: '件',
    status: 1,
    images: [],
    skus: [
      { specs: [{ name: '颜色', value: '红色' }], price: 5000, stock: stock[0] },
      { specs: [{ name: '颜色', value: '蓝色' }], price: 6000, stock: stock[1] },
    ],
  });
  expect(made.c, JSON.stringify(made)).toBe(0);
  const id = made.d.id as number;
  expect((await adminCall('/goods/push/to/shop', { ids: [id], on_sale: 1 })).c).toBe(0);
  const skus = (await adminCall('/goods/detail/list', { goods_id: id })).d.results as {
    id: number;
    spec_text: string;
  }[];
  const red = skus.find((s) => s.spec_text === '红色')?.id as number;
  const blue = skus.find((s) => s.spec_text === '蓝色')?.id as number;
  return { id, red, blue };
}

const stockOf = async (goodsId: number) => {
  const g = await h.db
    .selectFrom('goods')
    .select(['stock', 'sales'])
    .where('id', '=', goodsId)
    .executeTakeFirstOrThrow();
  const skus = await h.db
    .selectFrom('goods_skus')
    .select(['id', 'stock'])
    .where('goods_id', '=', goodsId)
    .orderBy('id')
    .execute();
  return { goods: g.stock, sales: g.sales, skus: Object.fromEntries(skus.map((s) => [s.id, s.stock])) };
};

const orderCount = (userId: number) => countOrders(h, userId);

const buyNow = (m: Member, items: string, extra: Body = {}) =>
  m.call('/order/create', {
    items,
    consignee_id: m.consigneeId,
    payment_method: 'cod',
    ...(extra as Record<string, string>),
  });

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('规格商城单位');
  admin = (await h.as(12, companyId)).headers;
  categoryId = (await createCategory(h.db, companyId, '服装', null)).id;
});
afterAll(() => h.close());

describe('changeGoods with specifications', () => {
  const change = (deltas: Parameters<typeof changeGoods>[2], forSale = true) =>
    h.db
      .transaction()
      .execute(async (trx) => {
        const short = await changeGoods(modulesDatabase(trx), companyId, deltas, {
          forSale,
          now: new Date().toISOString(),
        });
        if (short !== undefined) throw new Error(`short ${short}`);
      })
      .then(
        () => 'ok',
        (error: Error) => error.message,
      );

  it('moves a specification and the goods total together, merged; refuses a short one, one of another goods, a stopped one when selling; sku_id 0 is none', async () => {
    const g = await shirt([3, 4]);
    const other = await shirt();
    expect(
      await change([
        { goods_id: g.id, sku_id: g.red, stock: -1 },
        { goods_id: g.id, sku_id: g.blue, stock: -2 },
        { goods_id: g.id, sku_id: g.red, stock: -1 },
      ]),
    ).toBe('ok');
    expect(await stockOf(g.id)).toMatchObject({ goods: 3, skus: { [g.red]: 1, [g.blue]: 2 } });
    // Short on the specification though the goods total has enough: nothing changes.
    expect(await change([{ goods_id: g.id, sku_id: g.red, stock: -2 }])).toBe(`short ${g.id}`);
    // A specification of another goods is not this goods'.
    expect(await change([{ goods_id: g.id, sku_id: other.red, stock: -1 }])).toBe(`short ${g.id}`);
    expect(await stockOf(g.id)).toMatchObject({ goods: 3, skus: { [g.red]: 1, [g.blue]: 2 } });
    expect(await stockOf(other.id)).toMatchObject({ goods: 12 });
    // Stopped: not sold, but stock still comes back to it.
    await h.db.updateTable('goods_skus').set({ on_sale: 0 }).where('id', '=', g.blue).execute();
    expect(await change([{ goods_id: g.id, sku_id: g.blue, stock: -1 }])).toBe(`short ${g.id}`);
    expect(await change([{ goods_id: g.id, sku_id: g.blue, stock: 2 }], false)).toBe('ok');
    expect(await stockOf(g.id)).toMatchObject({ goods: 5, skus: { [g.red]: 1, [g.blue]: 4 } });
    // 0 (or null) names no specification: the goods alone.
    const plain = await createGoods(h.db, companyId, { name: '无规格零', price: 100, stock: 3 });
    expect(
      await change([
        { goods_id: plain, sku_id: 0, stock: -1 },
        { goods_id: plain, sku_id: null, stock: -1 },
      ]),
    ).toBe('ok');
    expect((await stockOf(plain)).goods).toBe(1);
  });
});

describe('the goods page', () => {
  it('answers the specifications on sale with their values, price and stock; not stopped or deleted ones', async () => {
    const g = await shirt();
    const d = await detail(g.id);
    expect(d.c).toBe(0);
    expect(d.d).toMatchObject({ price: 5000, stock: 12, sku_count: 2 });
    expect(d.d.skus).toEqual([
      { id: g.red, specs: [{ name: '颜色', value: '红色' }], spec_text: '红色', price: 5000, stock: 5 },
      { id: g.blue, specs: [{ name: '颜色', value: '蓝色' }], spec_text: '蓝色', price: 6000, stock: 7 },
    ]);
    await h.db.updateTable('goods_skus').set({ on_sale: 0 }).where('id', '=', g.blue).execute();
    expect((await detail(g.id)).d.skus.map((s: { id: number }) => s.id)).toEqual([g.red]);

    const plain = await createGoods(h.db, companyId, { name: '无规格商品', price: 100, stock: 3 });
    expect((await detail(plain)).d).toMatchObject({ skus: [], sku_count: 0, price: 100, stock: 3 });
  });
});

describe('orders of a specification', () => {
  it('charges the specification, takes its stock and the goods total; the order line names it; a cancel gives it back', async () => {
    const g = await shirt();
    const m = await h.member(companyId);
    const placed = await buyNow(m, `${g.id}:${g.blue}x2@6000`);
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    expect(placed.d.order).toMatchObject({ goods_amount: 12000, pay_amount: 12000 });
    expect(placed.d.order.items).toEqual([
      expect.objectContaining({ goods_id: g.id, sku_id: g.blue, sku_text: '蓝色', price: 6000, quantity: 2 }),
    ]);
    expect(placed.d.price_changes).toEqual([]);
    expect(await stockOf(g.id)).toMatchObject({ goods: 10, skus: { [g.red]: 5, [g.blue]: 5 } });

    const listed = await m.call('/order/list', {});
    expect(listed.d.results[0].items[0]).toMatchObject({ sku_id: g.blue, sku_text: '蓝色' });
    const staffView = await adminCall('/order/manage/detail', { id: placed.d.order.id });
    expect(staffView.d.items[0]).toMatchObject({ sku_id: g.blue, sku_text: '蓝色' });

    expect((await m.call('/order/cancel', { id: placed.d.order.id })).c).toBe(0);
    expect(await stockOf(g.id)).toMatchObject({ goods: 12, skus: { [g.red]: 5, [g.blue]: 7 } });
  });

  it('one goods by goods_id + sku_id; a price seen before is told as changed; paid then refunded gives stock back to the same specification', async () => {
    const g = await shirt();
    const m = await h.member(companyId);
    const placed = await m.call('/order/create', {
      goods_id: g.id,
      sku_id: g.red,
      quantity: 3,
      expected_price: 4500,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    expect(placed.d.price_changes).toEqual([
      {
        goods_id: g.id,
        sku_id: g.red,
        name: expect.stringContaining('（红色）'),
        old_price: 4500,
        new_price: 5000,
      },
    ]);
    expect(await stockOf(g.id)).toMatchObject({ goods: 9, skus: { [g.red]: 2, [g.blue]: 7 } });
    const id = placed.d.order.id;
    expect((await adminCall('/order/pay/confirm', { id })).c).toBe(0);
    expect((await stockOf(g.id)).sales).toBe(3);
    expect((await adminCall('/order/refund', { id, note: '不合适' })).c).toBe(0);
    expect(await stockOf(g.id)).toMatchObject({ goods: 12, sales: 0, skus: { [g.red]: 5, [g.blue]: 7 } });
  });

  it('an unpaid order past its time is expired by the sweep and gives the stock back to its specification', async () => {
    const g = await shirt([3, 4]);
    const m = await h.member(companyId);
    const placed = await buyNow(m, `${g.id}:${g.blue}x3`);
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    expect(await stockOf(g.id)).toMatchObject({ goods: 4, skus: { [g.red]: 3, [g.blue]: 1 } });
    // The sweep the order module's timer runs, by hand (as shop.test.ts does).
    expect(await expireByHand(h, placed.d.order.id)).toBeGreaterThanOrEqual(1);
    expect((await m.call('/order/detail', { id: placed.d.order.id })).d.status).toBe(5);
    expect(await stockOf(g.id)).toMatchObject({ goods: 7, skus: { [g.red]: 3, [g.blue]: 4 } });
  });

  it('two specifications of one goods in one order, each from its own stock', async () => {
    const g = await shirt([2, 2]);
    const m = await h.member(companyId);
    const placed = await buyNow(m, `${g.id}:${g.red}x2,${g.id}:${g.blue}x1`);
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    expect(placed.d.order.goods_amount).toBe(2 * 5000 + 6000);
    expect(await stockOf(g.id)).toMatchObject({ goods: 1, skus: { [g.red]: 0, [g.blue]: 1 } });
    // The red one is sold out now, though the goods still has stock.
    const again = await buyNow(m, `${g.id}:${g.red}x1`);
    expect(again.c).toBe(Codes.STOCK_NOT_ENOUGH.c);
    expect(again.m).toContain('红色');
    expect(await stockOf(g.id)).toMatchObject({ goods: 1, skus: { [g.red]: 0, [g.blue]: 1 } });
  });

  it('10 orders at once of a specification with stock 3: exactly 3 are placed, its stock ends at 0, never below', async () => {
    const g = await shirt([3, 4]);
    const members = await Promise.all(Array.from({ length: 10 }, () => h.member(companyId)));
    const results = await Promise.all(members.map((m) => buyNow(m, `${g.id}:${g.red}x1`)));
    const ok = results.filter((r) => r.c === 0);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((x) => x.c !== 0))
      expect(r.c, JSON.stringify(r)).toBe(Codes.STOCK_NOT_ENOUGH.c);
    expect(await stockOf(g.id)).toMatchObject({ goods: 4, skus: { [g.red]: 0, [g.blue]: 4 } });
  });

  it('refuses a goods with specifications without one, one of another goods, a stopped or deleted one, and one on a goods without any; nothing changes', async () => {
    const g = await shirt();
    const other = await shirt();
    const plain = await createGoods(h.db, companyId, { name: '无规格', price: 100, stock: 3 });
    const m = await h.member(companyId);
    const before = await stockOf(g.id);

    const missing = await buyNow(m, `${g.id}x1`);
    expect(missing).toMatchObject({ c: Codes.GOODS_SKU_REQUIRED.c });
    expect(missing.m).toContain('请选择');
    const missingOne = await m.call('/order/create', {
      goods_id: g.id,
      quantity: 1,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(missingOne).toMatchObject({ c: Codes.GOODS_SKU_REQUIRED.c, field: 'sku_id' });

    expect((await buyNow(m, `${g.id}:${other.red}x1`)).c).toBe(Codes.NOT_FOUND.c);
    expect((await buyNow(m, `${plain}:${g.red}x1`)).c).toBe(Codes.NOT_FOUND.c);

    await h.db.updateTable('goods_skus').set({ on_sale: 0 }).where('id', '=', g.blue).execute();
    const stopped = await buyNow(m, `${g.id}:${g.blue}x1`);
    expect(stopped.c).toBe(Codes.GOODS_UNAVAILABLE.c);
    expect(stopped.m).toContain('蓝色');
    expect(stopped.m).toContain('停售');

    await h.db.updateTable('goods_skus').set({ del_flag: 1 }).where('id', '=', g.red).execute();
    expect((await buyNow(m, `${g.id}:${g.red}x1`)).c).toBe(Codes.NOT_FOUND.c);

    // The same specification twice in one text is refused by the contract.
    expect((await buyNow(m, `${other.id}:${other.red}x1,${other.id}:${other.red}x2`)).c).toBe(
      Codes.PARAM_ERROR.c,
    );

    expect(await stockOf(g.id)).toEqual(before);
    expect(await orderCount(m.user.id)).toBe(0);
  });

  it('another company cannot order the specification; a visitor is asked to log in', async () => {
    const g = await shirt();
    const outsider = await h.member(await h.company('别家单位'));
    expect((await buyNow(outsider, `${g.id}:${g.red}x1`)).c).toBe(Codes.GOODS_UNAVAILABLE.c);
    const anonymous = await h.post('/api/order/create', {
      items: `${g.id}:${g.red}x1`,
      consignee_id: 1,
      payment_method: 'cod',
    });
    expect(anonymous.json().c).toBe(Codes.NOT_LOGGED_IN.c);
    const outsiderCart = await outsider.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 1 });
    expect(outsiderCart.c).toBe(Codes.GOODS_UNAVAILABLE.c);
    expect(await stockOf(g.id)).toMatchObject({ goods: 12, skus: { [g.red]: 5, [g.blue]: 7 } });
  });
});

describe('the cart of specifications', () => {
  it('one line per goods and specification, priced and stocked by it; checked out into an order naming it', async () => {
    const g = await shirt([5, 7]);
    const m = await h.member(companyId);
    const refused = await m.call('/cart/add', { goods_id: g.id, quantity: 1 });
    expect(refused).toMatchObject({ c: Codes.GOODS_SKU_REQUIRED.c, field: 'sku_id' });
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 1 })).c).toBe(0);
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.blue, quantity: 2 })).c).toBe(0);
    const cart = await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 1 });
    expect(cart.c).toBe(0);
    expect(cart.d.results).toEqual([
      expect.objectContaining({
        sku_id: g.blue,
        sku_text: '蓝色',
        price: 6000,
        stock: 7,
        quantity: 2,
        available: 1,
      }),
      expect.objectContaining({
        sku_id: g.red,
        sku_text: '红色',
        price: 5000,
        stock: 5,
        quantity: 2,
        available: 1,
      }),
    ]);
    expect(cart.d.selected_amount).toBe(2 * 6000 + 2 * 5000);
    // Over the specification's stock (not the goods' total).
    const over = await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 4 });
    expect(over.c).toBe(Codes.STOCK_NOT_ENOUGH.c);
    expect(over.m).toContain('红色');
    const redLine = cart.d.results.find((l: { sku_id: number }) => l.sku_id === g.red);
    expect((await m.call('/cart/update', { id: redLine.id, quantity: 6 })).c).toBe(Codes.STOCK_NOT_ENOUGH.c);

    const placed = await m.call('/order/create', {
      cart_ids: cart.d.results.map((l: { id: number }) => l.id),
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    expect(
      placed.d.order.items.map((i: { sku_text: string; quantity: number; price: number }) => [
        i.sku_text,
        i.quantity,
        i.price,
      ]),
    ).toEqual([
      ['红色', 2, 5000],
      ['蓝色', 2, 6000],
    ]);
    expect(await stockOf(g.id)).toMatchObject({ goods: 8, skus: { [g.red]: 3, [g.blue]: 5 } });
    expect((await m.call('/cart/list')).d.results).toEqual([]);
  });

  it('a line whose specification is stopped cannot be checked out; a foreign specification is refused', async () => {
    const g = await shirt();
    const other = await shirt();
    const m = await h.member(companyId);
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: other.red, quantity: 1 })).c).toBe(
      Codes.NOT_FOUND.c,
    );
    const cart = await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 1 });
    await h.db.updateTable('goods_skus').set({ on_sale: 0 }).where('id', '=', g.red).execute();
    const list = await m.call('/cart/list');
    expect(list.d.results[0]).toMatchObject({ sku_id: g.red, available: 0 });
    expect(list.d.selected_amount).toBe(0);
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 1 })).c).toBe(
      Codes.GOODS_UNAVAILABLE.c,
    );
    const placed = await m.call('/order/create', {
      cart_ids: [cart.d.results[0].id],
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(placed.c).toBe(Codes.GOODS_UNAVAILABLE.c);
    expect(await stockOf(g.id)).toMatchObject({ goods: 12, skus: { [g.red]: 5 } });
  });

  it('merges a guest cart with specifications; a line of a goods with specifications but none chosen is dropped', async () => {
    const g = await shirt([5, 1]);
    const m = await h.member(companyId);
    const merged = await m.call('/cart/merge', {
      key: 'guest-cart-sku-lines',
      items: JSON.stringify([
        { goods_id: g.id, sku_id: g.red, quantity: 2, price: 5000 },
        { goods_id: g.id, sku_id: g.blue, quantity: 3 },
        { goods_id: g.id, quantity: 1 },
      ]),
    });
    expect(merged.c, JSON.stringify(merged)).toBe(0);
    expect(merged.d.adjusted).toEqual([
      expect.objectContaining({
        sku_id: g.blue,
        quantity: 1,
        reason: 'stock',
        name: expect.stringContaining('蓝色'),
      }),
      expect.objectContaining({ quantity: 0, reason: 'unavailable' }),
    ]);
    expect(
      merged.d.results.map((l: { sku_id: number; quantity: number }) => [l.sku_id, l.quantity]).sort(),
    ).toEqual(
      [
        [g.red, 2],
        [g.blue, 1],
      ].sort(),
    );
  });
});
