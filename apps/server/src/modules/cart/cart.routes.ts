import { cartCalls as calls } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CartService } from './cart.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function cartRoutes(app: App, carts: CartService) {
  serve(app, calls.list, ({ caller }) => carts.list(caller));
  serve(app, calls.add, ({ input, caller }) =>
    carts.add(caller, input.goods_id, input.quantity, input.sku_id),
  );
  serve(app, calls.update, ({ input: { id, quantity, selected }, caller }) =>
    carts.update(caller, id, { quantity, selected }),
  );
  serve(app, calls.select, ({ input, caller }) => carts.select(caller, input.ids, input.selected));
  serve(app, calls.remove, ({ input, caller }) => carts.remove(caller, input.ids));
  serve(app, calls.merge, ({ input, caller }) => carts.merge(caller, input.key, input.items));
}
