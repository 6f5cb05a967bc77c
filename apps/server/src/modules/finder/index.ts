import { PERSON_SEARCH_PER_MINUTE } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { callLimit } from '#server/platform/limits/rate-limit.ts';
import { defineModule } from '#server/platform/module.ts';
import { finderRoutes } from './finder.routes.ts';
import { finderService } from './finder.service.ts';

/** App versions, person and project search. */
export function finderModule(db: Database, deps: { counters: Counters }) {
  // Person search: at most PERSON_SEARCH_PER_MINUTE calls per IP and minute.
  const searchLimit = callLimit(deps.counters, {
    name: 'search',
    max: PERSON_SEARCH_PER_MINUTE,
    windowMs: 60_000,
  });
  const finder = finderService(db, { searchLimit });
  return defineModule({ name: 'finder', routes: (app) => finderRoutes(app, finder) });
}
