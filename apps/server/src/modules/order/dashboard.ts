import { type CrmDashboard, DASHBOARD_DAYS, ORDER_STATUS } from '@portal/contract';
import { sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { zoneDayOf, zoneDays } from '#server/platform/db/zone-days.ts';
import { addDays, dayIn } from '#server/platform/time.ts';

/** The last `n` days of the zone ending with the one holding `now`, oldest first, and when the first begins (ISO). */
export function lastDays(zone: string, now: number, n: number) {
  const today = dayIn(zone, now);
  const { days, from } = zoneDays(zone, addDays(today, 1 - n), today);
  return { days, from };
}

/**
 * The 商城管理 home's figures: orders placed and sales paid per day of the company's zone over the
 * last DASHBOARD_DAYS days (a refunded order's sale is not counted), and the orders waiting now.
 * Two grouped queries over the company's orders of those days (indexes of migration 029).
 */
export async function crmDashboard(
  db: Database,
  companyId: number,
  zone: string,
  now = Date.now(),
): Promise<CrmDashboard> {
  const { days: starts, from } = lastDays(zone, now, DASHBOARD_DAYS);
  const days = starts.map((d) => d.day);
  const dayOf = (column: 'o.created_at' | 'o.paid_at') => zoneDayOf(column, starts);
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
