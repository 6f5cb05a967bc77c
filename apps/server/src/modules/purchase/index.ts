import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { purchaseRoutes } from './purchase.routes.ts';
import { purchaseService } from './purchase.service.ts';

/**
 * Purchase orders to the company's suppliers (`/crm/purchase_index`, `/purchase/*`; ADR 0025):
 * drafts, 下单, receipts that write pending stock-in records, returns out of stock, cancelling and
 * the order's history. Stock is reached only through `modules/stock`.
 */
export function purchaseModule(db: Database, deps: { goodsChanged: (companyId: number) => void }) {
  return defineModule({
    name: 'purchase',
    routes: (app) => purchaseRoutes(app, purchaseService(db, deps)),
  });
}
