/** What other modules may use of the cart module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { cartRoutes } from './cart.routes.ts';
import { cartService } from './cart.service.ts';

export { type CartRow, cartRepository } from './cart.repository.ts';
export { CART_MERGE_KEEP_MS, cartUnit } from './cart.service.ts';

/** The member's cart, and the hourly prune of old guest-cart merge keys. */
export function cartModule(db: Database) {
  const service = cartService(db);
  return defineModule({
    name: 'cart',
    routes: (app) => cartRoutes(app, service),
    repeats: [{ name: '清理购物车合并记录', everyMs: 3600_000, run: () => service.pruneMerges() }],
  });
}
