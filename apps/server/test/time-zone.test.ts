import { Codes, DASHBOARD_DAYS } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGoods } from '../src/seed/seed.ts';
import { readXlsx } from './excel.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';
import { storeOrder } from './orders.ts';

/**
 * The company's clock (issue 35 item 1; docs/adr/0039): order numbers, day-based figures and the
 * zone the pages show dates in follow the company's `time_zone` setting (default Asia/Shanghai),
 * whatever the zone the server process runs in (`process.env.TZ`, which Node honours at once).
 */
let h: Harness;
let beijing: number;
let newYork: number;
let newYorkCode: string;
type Who = Awaited<ReturnType<Harness['as']>>;
let beijingShop: Who;
let newYorkShop: Who;
let newYorkManager: Who;

const { get, post } = jsonCalls(() => h.app);
const savedTz = process.env.TZ;

beforeAll(async () => {
  h = await testApp();
  beijing = await h.company('北京时间单位');
  newYork = await h.company('纽约时间单位');
  newYorkCode = (
    await h.db.selectFrom('companies').select('code').where('id', '=', newYork).executeTakeFirstOrThrow()
  ).code;
  [beijingShop, newYorkShop, newYorkManager] = await Promise.all([
    h.as(12, beijing),
    h.as(12, newYork),
    h.as(3, newYork),
  ]);
  const set = await post('/company/settings/system', { time_zone: 'America/New_York' }, newYorkManager);
  expect(set.c).toBe(0);
});
afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = savedTz;
});
afterAll(() => h.close());

/** Places a one-line cash-on-delivery order at the instant `iso`: its number. */
async function orderAt(companyId: number, iso: string) {
  const m = await h.member(companyId);
  const goods = await createGoods(h.db, companyId, {
    name: '时钟测试商品',
    price: 1000,
    stock: 10,
    unit: '件',
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    const placed = await m.call('/order/create', {
      items: JSON.stringify([{ goods_id: goods, quantity: 1 }]),
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    return placed.d.order.order_no as string;
  } finally {
    vi.useRealTimers();
  }
}

describe('order numbers carry the company’s day', () => {
  it('an order placed at 00:05 Beijing time is numbered with that Beijing day, the server in UTC or elsewhere', async () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai']) {
      process.env.TZ = tz;
      // 2026-11-27 16:05 UTC is 2026-11-28 00:05 in Beijing.
      const no = await orderAt(beijing, '2026-11-27T16:05:00.000Z');
      expect(no.slice(0, 12), `server in ${tz}`).toBe('202611280005');
      expect(no).toMatch(/^\d{20}$/);
    }
  });

  it('a company set to another zone numbers its orders with its own day', async () => {
    process.env.TZ = 'UTC';
    // 2026-11-28 03:30 UTC: 11:30 on the 28th in Beijing, 22:30 on the 27th in New York (EST).
    expect((await orderAt(newYork, '2026-11-28T03:30:00.000Z')).slice(0, 12)).toBe('202611272230');
    expect((await orderAt(beijing, '2026-11-28T03:30:00.000Z')).slice(0, 12)).toBe('202611281130');
    // In July New York keeps daylight saving time (UTC−4).
    expect((await orderAt(newYork, '2026-07-01T03:30:00.000Z')).slice(0, 12)).toBe('202606302330');
  });
});

describe('day-based figures count the company’s days', () => {
  it('the 商城管理 home puts an order on the day of the company’s clock', async () => {
    process.env.TZ = 'UTC';
    // Companies of their own: no other order of this file in their figures.
    const [bj, ny] = [await h.company('北京看板'), await h.company('纽约看板')];
    const nyManager = await h.as(3, ny);
    expect((await post('/company/settings/system', { time_zone: 'America/New_York' }, nyManager)).c).toBe(0);
    const [bjShop, nyShop] = [await h.as(12, bj), await h.as(12, ny)];
    // 03:30 UTC on the 28th: the 28th in Beijing, the 27th in New York.
    const at = '2026-11-28T03:30:00.000Z';
    for (const companyId of [bj, ny])
      await storeOrder(h, {
        company_id: companyId,
        user_id: 1,
        order_no: `TZ${companyId}`,
        status: 1,
        amount: 500,
        at,
      });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T04:00:00.000Z'));
    const b = (await post('/crm/dashboard', {}, bjShop)).d;
    const n = (await post('/crm/dashboard', {}, nyShop)).d;
    vi.useRealTimers();
    expect(b.days).toHaveLength(DASHBOARD_DAYS);
    expect(b.days.at(-1)).toMatchObject({ day: '2026-11-28', orders: 1 });
    expect(b.today.orders).toBe(1);
    expect(n.days).toHaveLength(DASHBOARD_DAYS);
    expect(n.days.at(-1)).toMatchObject({ day: '2026-11-27', orders: 1 });
  });
});

describe('exports write the company’s clock', () => {
  it('a time cell and the file’s day are the company’s wall clock, the server in UTC', async () => {
    process.env.TZ = 'UTC';
    const made = async (who: Who, name: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-28T03:30:00.000Z'));
      try {
        expect((await post('/goods/brand/add', { name, status: 1 }, who)).c).toBe(0);
        const res = await h.app.inject({
          method: 'GET',
          url: `/api/goods/brand/export?keyword=${encodeURIComponent(name)}`,
          headers: who.headers,
        });
        expect(res.statusCode).toBe(200);
        const { rows } = await readXlsx(res.rawPayload);
        const header = rows[0] as string[];
        const cell = (rows[1] as unknown[])[header.indexOf('更新时间')];
        return { cell, disposition: decodeURIComponent(String(res.headers['content-disposition'])) };
      } finally {
        vi.useRealTimers();
      }
    };
    // 03:30 UTC: 11:30 in Beijing on the 28th, 22:30 in New York on the 27th (a sheet has no zone:
    // the date cell holds the wall clock).
    const b = await made(beijingShop, '北京时间品牌');
    expect(b.cell).toEqual(new Date('2026-11-28T11:30:00.000Z'));
    expect(b.disposition).toContain('品牌-20261128.xlsx');
    const n = await made(newYorkShop, '纽约时间品牌');
    expect(n.cell).toEqual(new Date('2026-11-27T22:30:00.000Z'));
    expect(n.disposition).toContain('品牌-20261127.xlsx');
  });
});

describe('the time_zone setting and who reads it', () => {
  it('is Beijing time by default and refuses a zone not offered, beside its field', async () => {
    const manager = await h.as(3, beijing);
    expect((await get('/company/settings/system', manager)).d.values.time_zone).toBe('Asia/Shanghai');
    const bad = await post('/company/settings/system', { time_zone: 'Mars/Olympus' }, manager);
    expect(bad).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '时区不正确', field: 'time_zone' });
    expect((await get('/company/settings/system', manager)).d.values.time_zone).toBe('Asia/Shanghai');
  });

  it('a logged-in user reads their own company’s zone; a visitor is refused', async () => {
    expect((await get('/company/settings/time-zone', newYorkShop)).d).toEqual({
      time_zone: 'America/New_York',
    });
    expect((await get('/company/settings/time-zone', beijingShop)).d).toEqual({ time_zone: 'Asia/Shanghai' });
    expect((await get('/company/settings/time-zone')).c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('the public site’s company carries its zone (the pages show its dates on it)', async () => {
    const site = await get(`/system/staff/company/?_key=${newYorkCode}`);
    expect(site.d.results[0]).toMatchObject({ id: newYork, time_zone: 'America/New_York' });
    const fallback = await get('/system/staff/company/?_key=no-such-tenant');
    expect(fallback.d.results[0].time_zone).toBe('Asia/Shanghai');
  });
});
