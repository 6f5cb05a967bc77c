import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { rolePermissionRoutes } from './role-permission.routes.ts';
import { rolePermissionService } from './role-permission.service.ts';

/** What each role of a company may do (inner-permission, docs/adr/0038 decision 5). */
export function rolePermissionModule(db: Database, deps: { permissions: PermissionCache }) {
  const service = rolePermissionService(db, deps);
  return defineModule({ name: 'role-permission', routes: (app) => rolePermissionRoutes(app, service) });
}
