import { companySettingsCalls as calls } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import type { CompanySettingsService } from './company-settings.service.ts';

/** Routes stay thin: the declaration (packages/contract company-settings.ts) gives path, schemas and access. */
export function companySettingsRoutes(app: App, service: CompanySettingsService, zoneOf: ZoneOf) {
  serve(app, calls.system, ({ input, caller }) => service.get(caller, 'system', input));
  serve(app, calls.setSystem, ({ input, caller }) => service.set(caller, 'system', input));
  serve(app, calls.crm, ({ input, caller }) => service.get(caller, 'crm', input));
  serve(app, calls.setCrm, ({ input, caller }) => service.set(caller, 'crm', input));
  serve(app, calls.passwordRule, ({ input, caller }) => service.passwordRule(caller, input));
  serve(app, calls.timeZone, async ({ caller }) => ({ time_zone: await zoneOf(caller.companyId) }));
}
