import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { listExportJob } from '#server/platform/resource/list-export.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import type { CheckPassword } from '../company-settings/index.ts';
import { usersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { usersService } from './users.service.ts';
import { usersExport, usersImport } from './users-import.ts';

/** A company's people: spec 001 §7's user calls (company-user1_1, docs/adr/0038). */
export function usersModule(
  db: Database,
  deps: { forgetSessions(userId: number): void; checkPassword: CheckPassword; zoneOf: ZoneOf },
) {
  const users = usersService(db, deps);
  // The people's Excel import and export (users-import.ts): an import job, an export job.
  const imports = usersImport(db, deps);
  const exported = usersExport(users, deps.zoneOf);
  return defineModule({
    name: 'users',
    jobs: [imports.job, listExportJob(exported)],
    routes: (app) => usersRoutes(app, users, { imports, exported }),
  });
}

/** A new user in a company's scope (a new company's first manager, modules/group). */
export const insertUser = usersRepository.insert;
/** Whether a user name is some user's already, in any company. */
export const usernameTaken = (db: Database, username: string) =>
  usersRepository.taken(db, 'username', username);
