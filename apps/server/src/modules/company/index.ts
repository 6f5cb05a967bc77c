/** What other modules may use of the company module, and its definition for app.ts. */
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { companyRoutes } from './company.routes.ts';
import { companyService } from './company.service.ts';

export type { CompanyService } from './company.service.ts';
export { toCompany } from './company.service.ts';

/** Companies (tenants) and their shops as the public site sees them. */
export function companyModule(db: Database, deps: { zoneOf: ZoneOf }) {
  const companies = companyService(db);
  return defineModule({
    name: 'company',
    companies,
    routes: (app) => companyRoutes(app, companies, deps.zoneOf),
  });
}
