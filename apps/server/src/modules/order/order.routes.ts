import { orderCalls as calls } from '@portal/contract';
import { paged } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { OrderService } from './order.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function orderRoutes(app: App, orders: OrderService) {
  serve(app, calls.create, ({ input, caller }) => orders.place(caller, input));
  serve(app, calls.list, async ({ input, caller }) => {
    const r = await orders.list(caller, input);
    return paged(r, r);
  });
  serve(app, calls.counts, ({ caller }) => orders.counts(caller));
  serve(app, calls.get, ({ input, caller }) => orders.detail(caller, input.id));
  serve(app, calls.cancel, ({ input, caller }) => orders.cancel(caller, input.id));
  serve(app, calls.receive, ({ input, caller }) => orders.receive(caller, input.id));

  serve(app, calls.manageList, async ({ input, caller }) => {
    const r = await orders.manageList(caller, input);
    return paged(r, r);
  });
  serve(app, calls.manageGet, ({ input, caller }) => orders.manageDetail(caller, input.id));
  serve(app, calls.confirmPayment, ({ input, caller }) =>
    orders.staff(caller, input.id, 'pay', { note: input.note }),
  );
  serve(app, calls.ship, ({ input: { id, shipping_company, tracking_no }, caller }) =>
    orders.staff(caller, id, 'ship', { shipping_company, tracking_no }),
  );
  serve(app, calls.manageCancel, ({ input, caller }) =>
    orders.staff(caller, input.id, 'cancel', { note: input.note }),
  );
  serve(app, calls.refund, ({ input, caller }) =>
    orders.staff(caller, input.id, 'refund', { note: input.note }),
  );
}
