import { z } from 'zod';
import { postCalls } from './call.ts';
import { form } from './fields.ts';

/** Days the 商城管理 home charts (today and the days before it). */
export const DASHBOARD_DAYS = 14;

const int = z.number().int();

/** One business day (Beijing time) of the shop: orders placed, and sales paid that day (cents). */
export const dashboardDaySchema = z.object({ day: z.string(), orders: int, sales: int });
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const crmDashboardSchema = z.object({
  /** Today (Beijing time). */
  today: z.object({ orders: int, sales: int }),
  /** Orders waiting now: for payment, for shipping. */
  waiting: z.object({ payment: int, shipment: int }),
  /** The last DASHBOARD_DAYS days, oldest first, ending today (days without orders are zeros). */
  days: z.array(dashboardDaySchema),
});
export type CrmDashboard = z.infer<typeof crmDashboardSchema>;

const post = postCalls(['order']);

/** The 商城管理 home's figures (ours: the specification names no call for it). */
export const dashboardCalls = {
  crm: post(
    '/crm/dashboard',
    '商城管理首页：今日订单与销售额、待处理订单、近14天走势',
    'view_order',
    form({}),
    crmDashboardSchema,
  ),
};
