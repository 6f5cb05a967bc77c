import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { transferRepository } from './transfer.repository.ts';
import { transferRoutes } from './transfer.routes.ts';
import { transferService } from './transfer.service.ts';

/** Requests of a kind waiting on a company's side (the administrator's home counts them). */
export const pendingTransfers = transferRepository.pendingFor;

/** A person's move to another company or group (company-change, group-change; docs/adr/0038). */
export function transferModule(
  db: Database,
  deps: { permissions: PermissionCache; forgetSessions(userId: number): void },
) {
  const service = transferService(db, deps);
  return defineModule({ name: 'transfer', routes: (app) => transferRoutes(app, service) });
}
