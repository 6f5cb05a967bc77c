import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import type { CheckPassword } from '../company-settings/index.ts';
import { insertUser, usernameTaken } from '../users/index.ts';
import { groupRoutes } from './group.routes.ts';
import { groupService } from './group.service.ts';

/** Groups of companies (集群) and their companies: spec 001 §7's group calls (docs/adr/0038). */
export function groupModule(db: Database, deps: { checkPassword: CheckPassword }) {
  const groups = groupService(db, { users: { usernameTaken, insert: insertUser }, ...deps });
  return defineModule({ name: 'group', routes: (app) => groupRoutes(app, groups) });
}
