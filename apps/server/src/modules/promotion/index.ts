import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { promotionRoutes } from './promotion.routes.ts';
import { promotionService } from './promotion.service.ts';

/** Promotions (tickets, cars): lists and detail, managed by the shop. */
export function promotionModule(db: Database) {
  const promotions = promotionService(db);
  return defineModule({ name: 'promotion', routes: (app) => promotionRoutes(app, promotions) });
}
