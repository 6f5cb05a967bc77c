import { type CrmDashboard, DASHBOARD_DAYS, ORDER_STATUS } from '@portal/contract';
import { sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** The shop's business day is Beijing time (UTC+8, no daylight saving). */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant in Beijing time. */
export const beijingDay = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);

/** The last `n` Beijing days ending with the one holding `now`, oldest first, and the first one's start (ISO). */
export function lastDays(now: number, n: number) {
  const today = beijingDay(now);
  const startMs = Date.parse(`${today}T00:00:00+08:00`) - (n - 1) * DAY_MS;
  const days = Array.from({ length: n }, (_, i) => beijingDay(startMs + i * DAY_MS));
  return { days, from: new Date(startMs).toISOString() };
}

/**
 * The 商城管理 home's figures: orders placed and sales paid per Beijing day over the last
 * DASHBOARD_DAYS days (a refunded order's sale is not counted), and the orders waiting now. Two
 * grouped queries over the company's orders of those days (indexes of migration 029).
 */
export async function crmDashboard(db: Database, companyId: number, now = Date.now()): Promise<CrmDashboard> {
  const { days, from } = lastDays(now, DASHBOARD_DAYS);
  const dayOf = (column: 'o.created_at' | 'o.paid_at') =>
    dialectOf(db) === 'pg'
      ? sql<string>`to_char((${sql.ref(column)})::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`
      : sql<string>`date(${sql.ref(column)}, '+8 hours')`;
  const scope = inCompany(db, companyId);
  const [placed, paid, waiting] = await Promise.all([
    scope
      .selectFrom('orders', 'o')
      .where('o.created_at', '>=', from)
      .select([dayOf('o.created_at').as('day'), sql<number | string>`count(*)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    scope
      .selectFrom('orders', 'o')
      .where('o.paid_at', '>=', from)
      .where('o.status', '<>', ORDER_STATUS.REFUNDED)
      .select([dayOf('o.paid_at').as('day'), sql<number | string>`sum(o.pay_amount)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    scope
      .selectFrom('orders', 'o')
      .where('o.status', 'in', [ORDER_STATUS.AWAITING_PAYMENT, ORDER_STATUS.PAID])
      .select(['o.status', sql<number | string>`count(*)`.as('n')])
      .groupBy('o.status')
      .execute(),
  ]);
  const orders = new Map(placed.map((r) => [r.day, Number(r.n)]));
  const sales = new Map(paid.map((r) => [r.day, Number(r.n)]));
  const series = days.map((day) => ({ day, orders: orders.get(day) ?? 0, sales: sales.get(day) ?? 0 }));
  const last = series[series.length - 1] ?? { orders: 0, sales: 0 };
  const count = (status: number) => Number(waiting.find((w) => w.status === status)?.n ?? 0);
  return {
    today: { orders: last.orders, sales: last.sales },
    waiting: { payment: count(ORDER_STATUS.AWAITING_PAYMENT), shipment: count(ORDER_STATUS.PAID) },
    days: series,
  };
}
