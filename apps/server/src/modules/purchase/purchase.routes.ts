import { purchaseCalls as c, PURCHASE_EXPORT_COLUMNS } from '@portal/contract';
import { writeWorkbook } from '#server/platform/excel/index.ts';
import { type App, exportFilename, sendXlsx } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { PurchaseService } from './purchase.service.ts';

const exportColumns = Object.entries(PURCHASE_EXPORT_COLUMNS).map(([key, label]) => ({ key, label }));

/** `/purchase/*` (ADR 0025): one service call per route. */
export function purchaseRoutes(app: App, purchases: PurchaseService) {
  serve(app, c.list, ({ input, caller }) => purchases.list(caller, input));
  serve(app, c.detail, ({ input, caller }) => purchases.detail(caller, input.id));
  serve(app, c.add, ({ input, caller }) => purchases.add(caller, input));
  serve(app, c.update, ({ input, caller }) => purchases.update(caller, input.id, input));
  serve(app, c.submit, ({ input, caller }) => purchases.submit(caller, input.id));
  serve(app, c.cancel, ({ input, caller }) => purchases.cancel(caller, input.id, input.reason));
  serve(app, c.remove, ({ input, caller }) => purchases.remove(caller, input.id));
  serve(app, c.receive, ({ input, caller }) => purchases.receive(caller, input));
  serve(app, c.return, ({ input, caller }) => purchases.returnGoods(caller, input));
  serve(app, c.export, async ({ input, caller, reply }) =>
    sendXlsx(
      reply,
      exportFilename('采购单'),
      writeWorkbook(exportColumns, purchases.rows(caller, input), '采购单'),
    ),
  );
}
