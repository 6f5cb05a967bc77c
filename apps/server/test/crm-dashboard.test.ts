import { Codes, DASHBOARD_DAYS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmDashboard, lastDays } from '#server/modules/order/dashboard.ts';
import { dayIn } from '#server/platform/time.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { type Harness, testApp } from './harness.ts';
import { storeOrder } from './orders.ts';

/** The 商城管理 home's figures (/crm/dashboard): per Beijing day, scoped to the company. SQLite and PostgreSQL. */
let h: Harness;
let companyId: number;
let otherId: number;

const DAY = 86_400_000;
// 2026-11-24 10:00 Beijing = 02:00 UTC.
const NOW = Date.parse('2026-11-24T02:00:00Z');

async function order(company: number, created: string, paid: string | null, status: number, amount: number) {
  const user = await h.user(15, company);
  await storeOrder(h, {
    company_id: company,
    order_no: `D${Math.random().toString(36).slice(2, 12)}`,
    user_id: user.id,
    status,
    amount,
    at: created,
    paid_at: paid,
  });
}

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('首页单位');
  otherId = await h.company('别家单位');
});
afterAll(() => h.close());

describe('商城管理 home figures', () => {
  it('days are Beijing days: 23:30 UTC belongs to the next day', () => {
    expect(dayIn('Asia/Shanghai', Date.parse('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(dayIn('Asia/Shanghai', Date.parse('2026-11-23T15:59:00Z'))).toBe('2026-11-23');
    const { days, from } = lastDays('Asia/Shanghai', NOW, 3);
    expect(days.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    expect(from).toBe('2026-11-21T16:00:00.000Z');
  });

  it('counts orders placed and sales paid per day, not refunds, not another company', async () => {
    // Today (Beijing) early morning = yesterday 17:00 UTC: placed and paid today.
    await order(companyId, '2026-11-23T17:00:00.000Z', '2026-11-23T17:05:00.000Z', 2, 10000);
    await order(companyId, '2026-11-24T01:00:00.000Z', null, 1, 5000);
    // Yesterday: placed; paid today.
    await order(companyId, '2026-11-23T03:00:00.000Z', '2026-11-24T00:30:00.000Z', 3, 20000);
    // Refunded: placed today, its sale not counted.
    await order(companyId, '2026-11-24T01:30:00.000Z', '2026-11-24T01:31:00.000Z', 6, 99900);
    // Older than the window.
    await order(companyId, new Date(NOW - 30 * DAY).toISOString(), null, 5, 100);
    await order(otherId, '2026-11-24T01:00:00.000Z', '2026-11-24T01:00:00.000Z', 2, 77700);

    const d = await crmDashboard(modulesDatabase(h.db), companyId, 'Asia/Shanghai', NOW);
    expect(d.days).toHaveLength(DASHBOARD_DAYS);
    expect(d.days.at(-1)).toEqual({ day: '2026-11-24', orders: 3, sales: 30000 });
    expect(d.days.at(-2)).toEqual({ day: '2026-11-23', orders: 1, sales: 0 });
    expect(d.today).toEqual({ orders: 3, sales: 30000 });
    expect(d.waiting).toEqual({ payment: 1, shipment: 1 });
  });

  it('is the shop staff’s: a member, a visitor and roles without orders are refused', async () => {
    const shop = (await h.as(12, companyId)).headers;
    const ok = await h.post('/api/crm/dashboard', {}, shop).then((r) => r.json());
    expect(ok.c).toBe(0);
    expect(ok.d.days).toHaveLength(DASHBOARD_DAYS);
    expect((await h.post('/api/crm/dashboard', {}).then((r) => r.json())).c).toBe(Codes.NOT_LOGGED_IN.c);
    const purchaser = (await h.as(14, companyId)).headers;
    expect((await h.post('/api/crm/dashboard', {}, purchaser).then((r) => r.json())).c).toBe(
      Codes.FORBIDDEN.c,
    );
    const member = (await h.as(15, companyId)).headers;
    expect((await h.post('/api/crm/dashboard', {}, member).then((r) => r.json())).c).toBe(Codes.FORBIDDEN.c);
  });
});
