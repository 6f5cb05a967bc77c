import type { CompanySettings } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { settingsReader } from './company-settings.reader.ts';
import { companySettingsRoutes } from './company-settings.routes.ts';
import { companySettingsService, passwordChecker } from './company-settings.service.ts';

export type { SettingsOf } from './company-settings.reader.ts';
export type { CheckPassword } from './company-settings.service.ts';

/**
 * A company's settings (system-set, crm-set; docs/adr/0038 "Company settings"): the calls, and the
 * reader other modules are given — `settingsOf(companyId)` and `checkPassword`.
 */
export function companySettingsModule(
  db: Database,
  deps: { defaults?: Partial<CompanySettings>; recheckMs?: number } = {},
) {
  const reader = settingsReader(db, deps);
  const service = companySettingsService(db, reader);
  /** The company's time zone (`time_zone`): what platform/time.ts's helpers take. */
  const zoneOf = (companyId: number, conn?: Database) => reader.of(companyId, conn).then((s) => s.time_zone);
  return defineModule({
    name: 'company-settings',
    settingsOf: reader.of,
    zoneOf,
    checkPassword: passwordChecker(reader),
    routes: (app) => companySettingsRoutes(app, service, zoneOf),
  });
}
