import { MEMBER_ROLE, PROMOTION_TICKET_MAX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/platform/time.ts';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';
import { countOrders } from './orders.ts';

let h: Harness;
let companyId: number;
let otherCompany: number;
let current: number;
let ended: number;
let draft: number;
let others: number;
const cars: Record<string, number> = {};
let adult: number;
let child: number;

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

async function goods(cid: number, name: string, price: number, stock: number, maxPerOrder = 0) {
  return createGoods(h.db, cid, {
    name,
    price,
    stock,
    unit: maxPerOrder ? '张' : '辆',
    max_per_order: maxPerOrder,
  });
}

async function promotion(
  cid: number,
  title: string,
  v: { start?: number; end?: number; status?: number } = {},
) {
  const now = nowIso();
  return (
    await h.db
      .insertInto('promotions')
      .values({
        company_id: cid,
        title,
        theme: 'car',
        banner: '/demo/promotion/banner.svg',
        intro: '简介',
        starts_at: iso(v.start ?? -1),
        ends_at: iso(v.end ?? 30),
        status: v.status ?? 1,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const item = (
  promotionId: number,
  cid: number,
  goodsId: number,
  kind: 'car' | 'ticket',
  mileage: number | null,
) =>
  h.db
    .insertInto('promotion_items')
    .values({ promotion_id: promotionId, company_id: cid, goods_id: goodsId, kind, mileage, sort: 0 })
    .execute();

const call = async (
  url: string,
  form: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) => (await h.post(`/api${url}`, form, headers)).json();

const stockOf = async (id: number) =>
  (await h.db.selectFrom('goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const orderCount = (userId: number) => countOrders(h, userId);

/** A member with one address (harness.member). */
const member = (cid = companyId) => h.member(cid);

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('车展单位');
  otherCompany = await h.company('别家车行');
  current = await promotion(companyId, '新能源汽车嘉年华');
  ended = await promotion(companyId, '去年车展', { start: -60, end: -1 });
  draft = await promotion(companyId, '草稿活动', { status: 0 });
  others = await promotion(otherCompany, '别家车展');
  for (const [name, price, mileage] of [
    ['微型车', 1_280_000, 170],
    ['小型车', 2_680_000, 400],
    ['紧凑车', 4_580_000, 480],
    ['中型车', 5_980_000, 780],
  ] as const) {
    cars[name] = await goods(companyId, name, price, 2);
    await item(current, companyId, cars[name], 'car', mileage);
  }
  const offSale = await goods(companyId, '已售出', 3_000_000, 0);
  await h.db.updateTable('goods').set({ on_sale: 0 }).where('id', '=', offSale).execute();
  await item(current, companyId, offSale, 'car', 300);
  adult = await goods(companyId, '成人票', 8000, 500, PROMOTION_TICKET_MAX);
  child = await goods(companyId, '儿童票', 4000, 500, PROMOTION_TICKET_MAX);
  await item(current, companyId, adult, 'ticket', null);
  await item(current, companyId, child, 'ticket', null);
  await item(others, otherCompany, await goods(otherCompany, '别家车', 2_000_000, 1), 'car', 300);
});
afterAll(() => h.close());

describe('promotion list and detail', () => {
  it('lists only the running promotions of the tenant, by POST and GET', async () => {
    const r = await call('/shop/promotion/list', { company_id: companyId });
    expect(r.c).toBe(0);
    expect(r.d.results.map((p: { id: number }) => p.id)).toEqual([current]);
    expect(r.d.paging).toMatchObject({ count: 1, cur_page: 1 });
    expect(r.d.results[0]).toMatchObject({ title: '新能源汽车嘉年华', theme: 'car' });
    const g = (
      await h.app.inject({ method: 'GET', url: `/api/shop/promotion/list?company_id=${otherCompany}` })
    ).json();
    expect(g.d.results.map((p: { id: number }) => p.id)).toEqual([others]);
  });

  it('answers a promotion with its cars (on sale, cheapest first) and tickets', async () => {
    const r = await call('/shop/promotion', { id: current, company_id: companyId });
    expect(r.c).toBe(0);
    expect(r.d.title).toBe('新能源汽车嘉年华');
    expect(r.d.car_total).toBe(4);
    expect(r.d.cars.map((c: { name: string }) => c.name)).toEqual(['微型车', '小型车', '紧凑车', '中型车']);
    expect(r.d.cars[0]).toMatchObject({ goods_id: cars.微型车, price: 1_280_000, mileage: 170, stock: 2 });
    expect(r.d.tickets).toEqual([
      expect.objectContaining({
        goods_id: adult,
        name: '成人票',
        price: 8000,
        stock: 500,
        unit: '张',
        max_per_order: 12,
      }),
      expect.objectContaining({ goods_id: child, name: '儿童票', price: 4000, max_per_order: 12 }),
    ]);
  });

  it('filters the cars by price (cents) and mileage (km) on the server', async () => {
    const names = async (f: Record<string, number>) =>
      (await call('/shop/promotion', { id: current, company_id: companyId, ...f })).d.cars.map(
        (c: { name: string }) => c.name,
      );
    // The page's defaults: ¥18,000–48,000 and 200–700 km.
    expect(
      await names({ price_min: 1_800_000, price_max: 4_800_000, mileage_min: 200, mileage_max: 700 }),
    ).toEqual(['小型车', '紧凑车']);
    expect(await names({ price_min: 4_580_000, price_max: 4_580_000 })).toEqual(['紧凑车']);
    expect(await names({ mileage_min: 700 })).toEqual(['中型车']);
    expect(await names({ price_max: 1_000_000 })).toEqual([]);
    const get = (
      await h.app.inject({
        method: 'GET',
        url: `/api/shop/promotion?id=${current}&company_id=${companyId}&mileage_max=200`,
      })
    ).json();
    expect(get.d.cars.map((c: { name: string }) => c.name)).toEqual(['微型车']);
  });

  it('does not show an ended, draft, unknown or other company’s promotion: 21201', async () => {
    for (const id of [ended, draft, others, 999_999]) {
      const r = await call('/shop/promotion', { id, company_id: companyId });
      expect(r).toEqual({ c: 21201, m: '活动不存在或已结束' });
    }
    // A logged-in member reads the company the page names; without one, their own company.
    const m = await h.as(MEMBER_ROLE, companyId);
    expect((await call('/shop/promotion', { id: others, company_id: otherCompany }, m.headers)).d.title).toBe(
      '别家车展',
    );
    expect((await call('/shop/promotion', { id: others }, m.headers)).c).toBe(21201);
    expect(
      (await call('/shop/promotion/list', { company_id: otherCompany }, m.headers)).d.results,
    ).toHaveLength(1);
    expect(
      (await call('/shop/promotion/list', { company_id: otherCompany }, m.headers)).d.results[0].id,
    ).toBe(others);
    expect((await call('/shop/promotion/list', {}, m.headers)).d.results[0].id).toBe(current);
  });

  it('answers a ticket type with the limit the cart enforces (the stored max_per_order)', async () => {
    const limitOf = async () =>
      (await call('/shop/promotion', { id: current, company_id: companyId })).d.tickets.find(
        (t: { goods_id: number }) => t.goods_id === child,
      ).max_per_order;
    try {
      for (const stored of [5, 20, 0]) {
        await h.db.updateTable('goods').set({ max_per_order: stored }).where('id', '=', child).execute();
        expect(await limitOf()).toBe(stored);
      }
    } finally {
      await h.db
        .updateTable('goods')
        .set({ max_per_order: PROMOTION_TICKET_MAX })
        .where('id', '=', child)
        .execute();
    }
  });

  it('answers bad input with the field’s message', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ price_min: 4_000_000, price_max: 1_000_000 }, 'price_max', '最高价格不能低于最低价格'],
      [{ mileage_min: 700, mileage_max: 200 }, 'mileage_max', '最长续航不能低于最短续航'],
      [{ price_min: -1 }, 'price_min', '最低价格不能小于0'],
      [{ mileage_max: 'abc' }, 'mileage_max', '最长续航必须是整数'],
      [{ price_max: '1e9' }, 'price_max', '最高价格必须是整数'],
      [{ mileage_min: 10_001 }, 'mileage_min', '最短续航不能大于10000'],
    ];
    for (const [form, field, m] of cases) {
      expect(await call('/shop/promotion', { id: current, company_id: companyId, ...form })).toEqual({
        c: 10001,
        m,
        field,
      });
    }
    expect(await call('/shop/promotion', { company_id: companyId })).toEqual({
      c: 10001,
      m: '活动不能为空',
      field: 'id',
    });
    expect((await call('/shop/promotion', { id: 'x' })).m).toBe('活动必须是整数');
    expect((await call('/shop/promotion/list', { page_size: 1000 })).c).toBe(10001);
  });
});

describe('tickets: at most 12 of a type per order', () => {
  it('refuses 13 at buy-now with 21202 and orders nothing; 12 is ordered', async () => {
    const m = await member();
    const before = await stockOf(adult);
    const buy = (quantity: number) =>
      call(
        '/order/create',
        { goods_id: adult, quantity, consignee_id: m.consigneeId, payment_method: 'cod' },
        m.headers,
      );
    const refused = await buy(13);
    expect(refused).toMatchObject({ c: 21202, m: '「成人票」每单最多购买12张', field: 'quantity' });
    expect(await orderCount(m.user.id)).toBe(0);
    expect(await stockOf(adult)).toBe(before);

    const placed = await buy(12);
    expect(placed.c).toBe(0);
    expect(placed.d.order.items).toEqual([
      expect.objectContaining({ goods_id: adult, quantity: 12, amount: 96_000 }),
    ]);
    expect(await stockOf(adult)).toBe(before - 12);
  });

  it('keeps the cart at 12 a type, and orders the ticket lines of the cart', async () => {
    const m = await member();
    expect((await call('/cart/add', { goods_id: adult, quantity: 13 }, m.headers)).c).toBe(21202);
    const added = await call('/cart/add', { goods_id: adult, quantity: 12 }, m.headers);
    expect(added.c).toBe(0);
    expect((await call('/cart/add', { goods_id: adult, quantity: 1 }, m.headers)).c).toBe(21202);
    const line = added.d.results[0];
    expect((await call('/cart/update', { id: line.id, quantity: 13 }, m.headers)).c).toBe(21202);
    expect((await call('/cart/update', { id: line.id, quantity: 2 }, m.headers)).c).toBe(0);
    const withChild = await call('/cart/add', { goods_id: child, quantity: 1 }, m.headers);
    // A guest cart merged at login is lowered to the limit.
    const merged = await call(
      '/cart/merge',
      { key: 'guest-cart-limit-01', items: JSON.stringify([{ goods_id: child, quantity: 20 }]) },
      m.headers,
    );
    expect(merged.d.adjusted).toEqual([
      { goods_id: child, name: '儿童票', quantity: 12, reason: 'limit', limit: 12 },
    ]);
    await call(
      '/cart/update',
      { id: withChild.d.results.find((l: { goods_id: number }) => l.goods_id === child).id, quantity: 1 },
      m.headers,
    );

    const cartIds = (await call('/cart/list', {}, m.headers)).d.results
      .map((l: { id: number }) => l.id)
      .join(',');
    const placed = await call(
      '/order/create',
      { cart_ids: cartIds, consignee_id: m.consigneeId, payment_method: 'cod' },
      m.headers,
    );
    expect(placed.c).toBe(0);
    expect(placed.d.order.status_name).toBe('待付款');
    expect(
      placed.d.order.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity]).sort(),
    ).toEqual([
      ['儿童票', 1],
      ['成人票', 2],
    ]);
    expect(placed.d.order.goods_amount).toBe(2 * 8000 + 4000);
  });

  it('refuses an order of cart lines above the limit (a limit set after they went in)', async () => {
    const m = await member();
    const car = cars.微型车 as number;
    const added = await call('/cart/add', { goods_id: car, quantity: 2 }, m.headers);
    await h.db.updateTable('goods').set({ max_per_order: 1 }).where('id', '=', car).execute();
    const r = await call(
      '/order/create',
      {
        cart_ids: String(added.d.results[0].id),
        consignee_id: m.consigneeId,
        payment_method: 'cod',
      },
      m.headers,
    );
    expect(r).toMatchObject({ c: 21202, m: '「微型车」每单最多购买1辆' });
    expect(await orderCount(m.user.id)).toBe(0);
    expect(await stockOf(car)).toBe(2);
    await h.db.updateTable('goods').set({ max_per_order: 0 }).where('id', '=', car).execute();
  });
});

describe('staff writes (change_promotion)', () => {
  const fields = {
    title: '春季车展',
    intro: '到店试驾',
    banner: '/demo/promotion/banner.svg',
    starts_at: '2020-01-01 00:00:00',
    ends_at: '2099-12-31 23:59:59',
  };

  it('creates, updates, adds a car and a ticket type, and the public page shows them', async () => {
    const shop = await h.as(12, companyId);
    const created = await call('/shop/promotion/create', fields, shop.headers);
    expect(created.c).toBe(0);
    expect(created.d).toMatchObject({ title: '春季车展', status: 1, starts_at: '2019-12-31T16:00:00.000Z' });
    const id = created.d.id as number;

    const updated = await call(
      '/shop/promotion/update',
      { id, ...fields, title: '春季新能源车展' },
      shop.headers,
    );
    expect(updated.d.title).toBe('春季新能源车展');

    const car = await goods(companyId, '展车', 3_000_000, 1);
    const ticket = await goods(companyId, '车展门票', 5000, 100);
    expect(
      (
        await call(
          '/shop/promotion/add',
          { promotion_id: id, goods_id: car, kind: 'car', mileage: 520 },
          shop.headers,
        )
      ).c,
    ).toBe(0);
    expect(
      (
        await call(
          '/shop/promotion/add',
          { promotion_id: id, goods_id: ticket, kind: 'ticket' },
          shop.headers,
        )
      ).c,
    ).toBe(0);
    // No limit of its own before: a ticket type takes at most 12 per order from now on.
    const t2 = await goods(companyId, '车展夜场票', 5000, 100);
    await call('/shop/promotion/add', { promotion_id: id, goods_id: t2, kind: 'ticket' }, shop.headers);
    expect(
      (await h.db.selectFrom('goods').select('max_per_order').where('id', '=', t2).executeTakeFirstOrThrow())
        .max_per_order,
    ).toBe(12);
    expect(
      (
        await call(
          '/shop/promotion/add',
          { promotion_id: id, goods_id: car, kind: 'car', mileage: 1 },
          shop.headers,
        )
      ).m,
    ).toBe('「展车」已在活动中');

    const shown = await call('/shop/promotion', { id, company_id: companyId });
    expect(shown.d.cars.map((c: { name: string; mileage: number }) => [c.name, c.mileage])).toEqual([
      ['展车', 520],
    ]);
    expect(shown.d.tickets.map((t: { name: string }) => t.name)).toEqual(['车展门票', '车展夜场票']);
    const audits = await h.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity', '=', 'promotion')
      .where('entity_id', '=', id)
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);

    expect((await call('/shop/promotion/delete', { id }, shop.headers)).d).toEqual({ deleted: 1 });
    expect((await call('/shop/promotion', { id, company_id: companyId })).c).toBe(21201);
    expect((await call('/shop/promotion/delete', { id }, shop.headers)).c).toBe(21201);
  });

  it('takes ISO times with Z or an offset, and YYYY-MM-DD HH:mm:ss as China time', async () => {
    const shop = await h.as(12, companyId);
    const r = await call(
      '/shop/promotion/create',
      { ...fields, starts_at: '2030-03-07T10:00:00+08:00', ends_at: '2030-03-08T00:00Z', status: 0 },
      shop.headers,
    );
    expect(r.d).toMatchObject({ starts_at: '2030-03-07T02:00:00.000Z', ends_at: '2030-03-08T00:00:00.000Z' });
    await call('/shop/promotion/delete', { id: r.d.id }, shop.headers);
  });

  it('adds a goods once, also when two adds race', async () => {
    const shop = await h.as(12, companyId);
    const created = await call('/shop/promotion/create', { ...fields, status: 0 }, shop.headers);
    const id = created.d.id as number;
    const ticket = await goods(companyId, '并发门票', 5000, 100);
    const add = () =>
      call('/shop/promotion/add', { promotion_id: id, goods_id: ticket, kind: 'ticket' }, shop.headers);
    const results = await Promise.all([add(), add(), add()]);
    expect(results.filter((r) => r.c === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.c !== 0)) {
      expect(r).toEqual({ c: 10001, m: '「并发门票」已在活动中', field: 'goods_id' });
    }
    const rows = await h.db
      .selectFrom('promotion_items')
      .select('id')
      .where('promotion_id', '=', id)
      .where('goods_id', '=', ticket)
      .execute();
    expect(rows).toHaveLength(1);
    await call('/shop/promotion/delete', { id }, shop.headers);
  });

  it('refuses anonymous callers, members and other companies, and bad input, changing nothing', async () => {
    const shop = await h.as(12, companyId);
    const member = await h.as(MEMBER_ROLE, companyId);
    expect((await call('/shop/promotion/create', fields)).c).toBe(10003);
    expect((await call('/shop/promotion/create', fields, member.headers)).c).toBe(10004);
    expect((await call('/shop/promotion/delete', { id: current }, member.headers)).c).toBe(10004);

    const stranger = await h.as(12, otherCompany);
    expect((await call('/shop/promotion/update', { id: current, ...fields }, stranger.headers)).c).toBe(
      21201,
    );
    expect(
      (await call('/shop/promotion/selected/delete', { ids: `${current},${others}` }, stranger.headers)).c,
    ).toBe(21201);
    expect(
      (
        await call(
          '/shop/promotion/add',
          { promotion_id: others, goods_id: adult, kind: 'ticket' },
          stranger.headers,
        )
      ).c,
    ).toBe(20201);
    expect((await call('/shop/promotion', { id: current, company_id: companyId })).d.title).toBe(
      '新能源汽车嘉年华',
    );
    expect((await call('/shop/promotion/list', { company_id: otherCompany })).d.results).toHaveLength(1);

    const bad: [Record<string, string | number>, string, string][] = [
      [{ ...fields, title: '' }, 'title', '活动名称不能为空'],
      [{ ...fields, title: '长'.repeat(51) }, 'title', '活动名称不能超过50个字符'],
      [{ ...fields, starts_at: '明天' }, 'starts_at', '开始时间格式不正确'],
      // Only ISO with Z or an offset, or YYYY-MM-DD HH:mm:ss (China time): nothing read in server time.
      [{ ...fields, starts_at: '2024' }, 'starts_at', '开始时间格式不正确'],
      [{ ...fields, starts_at: 'March 7 2030' }, 'starts_at', '开始时间格式不正确'],
      [{ ...fields, starts_at: '2030-03-07' }, 'starts_at', '开始时间格式不正确'],
      [{ ...fields, starts_at: '2030-03-07T10:00:00' }, 'starts_at', '开始时间格式不正确'],
      [{ ...fields, starts_at: '2030-02-31 00:00:00' }, 'starts_at', '开始时间格式不正确'],
      [{ ...fields, ends_at: '2099-12-31 24:00:00' }, 'ends_at', '结束时间格式不正确'],
      [{ ...fields, ends_at: '2019-01-01 00:00:00' }, 'ends_at', '结束时间必须晚于开始时间'],
      [{ ...fields, status: 3 }, 'status', '发布只能是0或1'],
    ];
    const before = await h.db.selectFrom('promotions').select('id').execute();
    for (const [form, field, m] of bad) {
      expect(await call('/shop/promotion/create', form, shop.headers)).toEqual({ c: 10001, m, field });
    }
    expect(
      await call(
        '/shop/promotion/add',
        { promotion_id: current, goods_id: adult, kind: 'car' },
        shop.headers,
      ),
    ).toEqual({ c: 10001, m: '续航里程不能为空', field: 'mileage' });
    expect(
      (
        await call(
          '/shop/promotion/add',
          { promotion_id: current, goods_id: adult, kind: 'bus' },
          shop.headers,
        )
      ).m,
    ).toBe('类型只能是汽车或门票');
    expect(await h.db.selectFrom('promotions').select('id').execute()).toHaveLength(before.length);
  });
});
