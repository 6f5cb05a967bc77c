import { type CallInput, purchaseCalls as c } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ListExport } from '#server/platform/resource/list-export.ts';
import { serveListExport } from '#server/platform/resource/serve-resource.ts';
import type { PurchaseService } from './purchase.service.ts';

/** `/purchase/*` (ADR 0025): one service call per route. */
export function purchaseRoutes(
  app: App,
  purchases: PurchaseService,
  exported: ListExport<CallInput<typeof c.export>>,
) {
  serve(app, c.list, ({ input, caller }) => purchases.list(caller, input));
  serve(app, c.detail, ({ input, caller }) => purchases.detail(caller, input.id));
  serve(app, c.add, ({ input, caller }) => purchases.add(caller, input));
  serve(app, c.update, ({ input, caller }) => purchases.update(caller, input.id, input));
  serve(app, c.submit, ({ input, caller }) => purchases.submit(caller, input.id));
  serve(app, c.cancel, ({ input, caller }) => purchases.cancel(caller, input.id, input.reason));
  serve(app, c.remove, ({ input, caller }) => purchases.remove(caller, input.id));
  serve(app, c.receive, ({ input, caller }) => purchases.receive(caller, input));
  serve(app, c.return, ({ input, caller }) => purchases.returnGoods(caller, input));
  serveListExport(app, exported, c.export, c.exportJob);
}
