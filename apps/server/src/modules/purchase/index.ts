import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { listExportJob } from '#server/platform/resource/list-export.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { purchaseRoutes } from './purchase.routes.ts';
import { purchaseExport, purchaseService } from './purchase.service.ts';

export { purchaseStocked } from './purchase.service.ts';

/**
 * Purchase orders to the company's suppliers (`/crm/purchase_index`, `/purchase/*`; ADR 0025):
 * drafts, 下单, receipts that write pending stock-in records, returns out of stock, cancelling and
 * the order's history. Stock is reached only through `modules/stock`.
 */
export function purchaseModule(
  db: Database,
  deps: { goodsChanged: (companyId: number) => void; zoneOf: ZoneOf },
) {
  const purchases = purchaseService(db, deps);
  const exported = purchaseExport(purchases);
  return defineModule({
    name: 'purchase',
    jobs: [listExportJob(exported)],
    routes: (app) => purchaseRoutes(app, purchases, exported),
  });
}
