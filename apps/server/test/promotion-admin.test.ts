import { Codes, MEMBER_ROLE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * The back office's promotion calls (ours, beside the specification's /shop/promotion/*): the list
 * of every state, one promotion with all its goods, and taking a goods out. SQLite, and
 * PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let shop: Record<string, string>;
let stranger: Record<string, string>;

type Form = Record<string, string | number>;
const call = (url: string, form: Form, headers: Record<string, string> = shop) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());
const fields = (over: Form = {}): Form => ({
  title: '春季车展',
  intro: '到店试驾',
  starts_at: '2020-01-01 00:00:00',
  ends_at: '2099-12-31 23:59:59',
  status: 1,
  ...over,
});

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('活动单位');
  shop = (await h.as(12, companyId)).headers;
  stranger = (await h.as(12, await h.company('别家单位'))).headers;
});
afterAll(() => h.close());

describe('promotions in the back office', () => {
  it('lists every state with counts, searches and filters, reads one with all its goods, takes one out', async () => {
    const running = (await call('/shop/promotion/create', fields({ title: '新能源车展' }))).d.id as number;
    const draft = (await call('/shop/promotion/create', fields({ title: '秋季草稿', status: 0 }))).d
      .id as number;
    const ended = (
      await call('/shop/promotion/create', fields({ title: '去年车展', ends_at: '2021-01-01 00:00:00' }))
    ).d.id as number;
    const gone = (await call('/shop/promotion/create', fields({ title: '已删车展' }))).d.id as number;
    await call('/shop/promotion/delete', { id: gone });

    const car = await createGoods(h.db, companyId, { name: '展车', price: 3_000_000, stock: 1 });
    const offSale = await createGoods(h.db, companyId, {
      name: '下架展车',
      price: 2_000_000,
      stock: 1,
      on_sale: 0,
    });
    const ticket = await createGoods(h.db, companyId, { name: '门票', price: 5000, stock: 100 });
    for (const [goods_id, kind] of [
      [car, 'car'],
      [offSale, 'car'],
      [ticket, 'ticket'],
    ] as const)
      expect(
        (await call('/shop/promotion/add', { promotion_id: running, goods_id, kind, mileage: 500 })).c,
      ).toBe(0);

    const all = await call('/shop/promotion/admin/list', {});
    expect(all.d.paging).toMatchObject({ count: 3 });
    expect(all.d.results.map((p: { id: number }) => p.id).sort()).toEqual([running, draft, ended].sort());
    expect(all.d.results.find((p: { id: number }) => p.id === running)).toMatchObject({
      status: 1,
      car_count: 2,
      ticket_count: 1,
    });
    expect(
      (await call('/shop/promotion/admin/list', { status: 0 })).d.results.map((p: { id: number }) => p.id),
    ).toEqual([draft]);
    expect((await call('/shop/promotion/admin/list', { keyword: '去年' })).d.results).toHaveLength(1);
    expect((await call('/shop/promotion/admin/list', { page: 2, page_size: 2 })).d.results).toHaveLength(1);

    const one = await call('/shop/promotion/admin/get', { id: running });
    expect(one.d.items.map((i: { name: string; on_sale: number }) => [i.name, i.on_sale])).toEqual([
      ['展车', 1],
      ['下架展车', 0],
      ['门票', 1],
    ]);
    const itemId = one.d.items[1].id as number;
    expect(await call('/shop/promotion/item/delete', { id: itemId })).toEqual({ c: 0, d: { deleted: 1 } });
    expect((await call('/shop/promotion/item/delete', { id: itemId })).c).toBe(Codes.NOT_FOUND.c);
    expect((await call('/shop/promotion/admin/get', { id: running })).d.items).toHaveLength(2);
    expect((await call('/shop/promotion/admin/get', { id: gone })).c).toBe(Codes.PROMOTION_NOT_FOUND.c);
    expect((await call('/shop/promotion/admin/list', { status: 3 })).c).toBe(Codes.PARAM_ERROR.c);

    // Another company's staff, a member and an anonymous visitor are refused; nothing changes.
    const item = (await call('/shop/promotion/admin/get', { id: running })).d.items[0].id as number;
    expect((await call('/shop/promotion/admin/get', { id: running }, stranger)).c).toBe(
      Codes.PROMOTION_NOT_FOUND.c,
    );
    expect((await call('/shop/promotion/item/delete', { id: item }, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await call('/shop/promotion/admin/list', {}, stranger)).d.results).toEqual([]);
    const member = (await h.as(MEMBER_ROLE, companyId)).headers;
    for (const [url, form] of [
      ['/shop/promotion/admin/list', {}],
      ['/shop/promotion/admin/get', { id: running }],
      ['/shop/promotion/item/delete', { id: item }],
    ] as const) {
      expect((await call(url, form, member)).c, url).toBe(Codes.FORBIDDEN.c);
      expect((await h.post(`/api${url}`, form)).json().c, url).toBe(Codes.NOT_LOGGED_IN.c);
    }
    expect((await call('/shop/promotion/admin/get', { id: running })).d.items).toHaveLength(2);
  });
});
