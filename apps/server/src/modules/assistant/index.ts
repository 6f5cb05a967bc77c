import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { assistantRoutes } from './assistant.routes.ts';
import { assistantService } from './assistant.service.ts';

/** A principal's assistants and what each may do (assistant-set, docs/adr/0038 decision 6). */
export function assistantModule(db: Database, deps: { permissions: PermissionCache }) {
  const service = assistantService(db, deps);
  return defineModule({ name: 'assistant', routes: (app) => assistantRoutes(app, service) });
}
