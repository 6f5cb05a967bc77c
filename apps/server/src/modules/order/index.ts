/** What other modules may use of the order module, and its definition for app.ts. */
import { dashboardCalls, orderCalls } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { serve } from '#server/platform/http/serve.ts';
import { defineModule } from '#server/platform/module.ts';
import { listExportJob } from '#server/platform/resource/list-export.ts';
import { serveListExport } from '#server/platform/resource/serve-resource.ts';
import { crmDashboard } from './dashboard.ts';
import { orderRoutes } from './order.routes.ts';
import { type OrderDeps, orderService } from './order.service.ts';
import { orderExport } from './order-export.ts';
import { orderPaymentService } from './order-payment.service.ts';

export { orderRepository } from './order.repository.ts';

/** Orders: placing, the state machine, paying (receipts, online), and the expiry of unpaid orders. */
export function orderModule(db: Database, deps: OrderDeps) {
  const orders = orderService(db, deps);
  const payments = orderPaymentService(db, deps, orders);
  const exported = orderExport(db, deps.zoneOf);
  return defineModule({
    name: 'order',
    // The order list's export when it is long (ADR 0037).
    jobs: [listExportJob(exported)],
    routes: (app) => {
      orderRoutes(app, orders, payments, deps.streamMaxMs);
      serveListExport(app, exported, orderCalls.manageExport, orderCalls.manageExportJob);
      serve(app, dashboardCalls.crm, async ({ caller }) =>
        crmDashboard(db, caller.companyId, await deps.zoneOf(caller.companyId)),
      );
    },
    // Unpaid orders past their time are cancelled every minute (and once at start).
    repeats: [{ name: '取消超时未付款订单', everyMs: 60_000, run: () => orders.expireDue() }],
  });
}
