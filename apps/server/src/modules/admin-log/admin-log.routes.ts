import { adminLogCalls as c } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import { serveListExport } from '#server/platform/resource/serve-resource.ts';
import type { AdminLogService, loginExport, statisticExport } from './admin-log.service.ts';

/** Routes stay thin: the declaration (packages/contract admin-log.ts) gives path, schemas and access. */
export function adminLogRoutes(
  app: App,
  logs: AdminLogService,
  exported: { logins: ReturnType<typeof loginExport>; statistic: ReturnType<typeof statisticExport> },
) {
  serve(app, c.home, ({ input, caller }) => logs.home(caller, input));
  serve(app, c.logins, ({ input, caller }) => logs.logins(caller, input, pageParams(input)));
  serveListExport(app, exported.logins, c.export, c.exportJob);
  serve(app, c.online, ({ input, caller }) => logs.online(caller, input, pageParams(input)));
  serve(app, c.userStatistic, ({ input, caller }) => logs.userStatistic(caller, input));
  serveListExport(app, exported.statistic, c.statisticExport);
  serve(app, c.operations, ({ input, caller }) => logs.operations(caller, input, pageParams(input)));
}
