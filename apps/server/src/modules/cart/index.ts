/** What other modules may use of the cart module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { cartRoutes } from './cart.routes.ts';
import { cartService } from './cart.service.ts';

export { type CartRow, cartRepository } from './cart.repository.ts';
export { cartUnit } from './cart.service.ts';

/** The member's cart. */
export function cartModule(db: Database) {
  const service = cartService(db);
  return defineModule({ name: 'cart', routes: (app) => cartRoutes(app, service) });
}
