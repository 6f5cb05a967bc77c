import { stockCalls, stockInputResource, warehouseResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { serve } from '#server/platform/http/serve.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob, listExportJob } from '#server/platform/resource/list-export.ts';
import { importJob, resourceService } from '#server/platform/resource/resource-service.ts';
import { serveListExport, serveResource } from '#server/platform/resource/serve-resource.ts';
import { type StockDeps, stockService } from './stock.service.ts';
import { stockMovesExport } from './stock-moves-export.ts';
import { warehouseStore } from './warehouse.store.ts';

export { type LineGoods, lineGoods, lineGoodsOf, stockGoods, stockGoodsOfLines } from './stock-goods.ts';
export { approvedSupplier } from './stock-input.store.ts';
export {
  bookMoves,
  defaultWarehouse,
  type MoveLine,
  moveToSku,
  openingStock,
  returnOrder,
  type ShippedLine,
  type StockActor,
  shipOrder,
  takeOut,
} from './stock-ledger.ts';
export {
  checkedByLine,
  purchaseInputs,
  type ReceivedLine,
  type ReturnedLine,
  returnToSupplier,
  writePurchaseInputs,
} from './stock-purchase.ts';
export { warehouseInUse } from './warehouse.store.ts';

/**
 * The company's stock (`/crm/stock_manager`; ADR 0022): warehouses and stock-in records on the
 * resource block, the check of a record, levels, the ledger, adjustments, warnings and
 * `/goods/push/to/stock`.
 */
export function stockModule(db: Database, deps: StockDeps) {
  const stock = stockService(db, deps);
  const warehouses = resourceService(db, warehouseResource, warehouseStore);
  const moves = stockMovesExport(db, deps.zoneOf);
  return defineModule({
    name: 'stock',
    jobs: [
      importJob(warehouseResource, warehouses),
      exportJob(warehouseResource, warehouses),
      importJob(stockInputResource, stock.inputs),
      exportJob(stockInputResource, stock.inputs),
      listExportJob(moves),
    ],
    routes: (app) => {
      serveResource(app, warehouseResource, warehouses);
      serveResource(app, stockInputResource, stock.inputs);
      const c = stockCalls;
      serve(app, c.approve, ({ input, caller }) => stock.check(caller, input.id));
      serve(app, c.approveRule, ({ caller }) => stock.approveRule(caller));
      serve(app, c.levels, ({ input, caller }) => stock.levels(caller, input));
      serve(app, c.moves, ({ input, caller }) => stock.moves(caller, input));
      serveListExport(app, moves, c.movesExport, c.movesExportJob);
      serve(app, c.adjust, ({ input, caller }) => stock.adjust(caller, input));
      serve(app, c.warn, ({ input, caller }) => stock.warn(caller, input.id, input.warn_quantity));
      serve(app, c.push, ({ input, caller }) => stock.push(caller, input));
      serve(app, c.suppliers, ({ input, caller }) => stock.suppliers(caller, input.keyword));
    },
  });
}
