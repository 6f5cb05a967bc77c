import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { listExportJob } from '#server/platform/resource/list-export.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { adminLogRoutes } from './admin-log.routes.ts';
import { adminLogService, loginExport, statisticExport } from './admin-log.service.ts';

/**
 * The administration's logs and statistics (spec §2 admin `home`, `login-log`, `log-statistic`;
 * `/account/online`, `/account/get/user-statistic`; docs/adr/0038).
 */
export function adminLogModule(db: Database, deps: { zoneOf: ZoneOf }) {
  const logs = adminLogService(db, deps.zoneOf);
  const exported = { logins: loginExport(logs), statistic: statisticExport(logs) };
  return defineModule({
    name: 'admin-log',
    jobs: [listExportJob(exported.logins)],
    routes: (app) => adminLogRoutes(app, logs, exported),
  });
}
