import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { usersRoutes } from './users.routes.ts';
import { usersService } from './users.service.ts';

/** A company's people: spec 001 §7's user calls (company-user1_1, docs/adr/0038). */
export function usersModule(db: Database, deps: { forgetSessions(userId: number): void }) {
  const users = usersService(db, deps);
  return defineModule({ name: 'users', routes: (app) => usersRoutes(app, users) });
}
