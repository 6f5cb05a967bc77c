import type { Database } from '../../platform/db/database.ts';
import type { App } from '../../platform/http/reply.ts';
import { feedbackRoutes, supplierRoutes } from './feedback.routes.ts';
import { feedbackService } from './feedback.service.ts';
import { formLimit } from './form-limit.ts';
import { supplierService } from './supplier.service.ts';

/** The visitor forms' calls, sharing one per-IP limit of submissions. */
export function registerFeedback(app: App, db: Database) {
  const limit = formLimit();
  supplierRoutes(app, supplierService(db, limit));
  feedbackRoutes(app, feedbackService(db, limit));
}
