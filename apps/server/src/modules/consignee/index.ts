/** What other modules may use of the consignee module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { consigneeRoutes } from './consignee.routes.ts';
import { consigneeService } from './consignee.service.ts';

export { consigneeRepository } from './consignee.repository.ts';

/** Members' delivery addresses. */
export function consigneeModule(db: Database) {
  const service = consigneeService(db);
  return defineModule({ name: 'consignee', routes: (app) => consigneeRoutes(app, service) });
}
