import { customerResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob, resourceService } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { companyChangeRoutes } from './company-change.routes.ts';
import { companyChangeService } from './company-change.service.ts';
import { customerStore } from './customer.store.ts';
import { peopleRoutes } from './people.routes.ts';
import { peopleService } from './people.service.ts';

/**
 * The company's people in the shop back office (issue 12, ADR 0020): members, business customers
 * (a declared resource), the company profile and its change requests (ADR 0029), login records and
 * one user.
 */
export function crmPeopleModule(
  db: Database,
  deps: { forgetSessions(userId: number): void; zoneOf: ZoneOf },
) {
  const people = peopleService(db, deps);
  const customers = resourceService(db, customerResource, customerStore);
  const changes = companyChangeService(db);
  return defineModule({
    name: 'crm-people',
    jobs: [importJob(customerResource, customers), exportJob(customerResource, customers)],
    routes: (app) => {
      serveResource(app, customerResource, customers);
      peopleRoutes(app, people);
      companyChangeRoutes(app, changes);
    },
  });
}
