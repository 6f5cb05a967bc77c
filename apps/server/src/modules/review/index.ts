/** What other modules may use of the review module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { reviewRoutes } from './review.routes.ts';
import { reviewService } from './review.service.ts';

export { reviewRepository } from './review.repository.ts';

/** Goods reviews and the shop's replies. */
export function reviewModule(db: Database) {
  const service = reviewService(db);
  return defineModule({ name: 'review', routes: (app) => reviewRoutes(app, service) });
}
