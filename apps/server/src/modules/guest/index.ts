import type { CompanyService } from '#server/modules/company/index.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { defineModule } from '#server/platform/module.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { guestRoutes } from './guest.routes.ts';
import { guestService } from './guest.service.ts';

/** Visitors of the public pages: `/guest/welcome` records a first visit, `/guest/recent` shows them to staff. */
export function guestModule(
  db: Database,
  deps: { companies: Pick<CompanyService, 'active'>; counters: Counters; zoneOf: ZoneOf },
) {
  const guests = guestService(db, deps);
  return defineModule({ name: 'guest', routes: (app) => guestRoutes(app, guests) });
}
