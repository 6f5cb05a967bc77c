import { adminLogCalls as c } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, sendXlsx } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import { directExport, startExport } from '#server/platform/resource/list-export.ts';
import type { AdminLogService, loginExport, statisticExport } from './admin-log.service.ts';

/** Routes stay thin: the declaration (packages/contract admin-log.ts) gives path, schemas and access. */
export function adminLogRoutes(
  app: App,
  logs: AdminLogService,
  exported: { logins: ReturnType<typeof loginExport>; statistic: ReturnType<typeof statisticExport> },
) {
  serve(app, c.home, ({ input, caller }) => logs.home(caller, input));
  serve(app, c.logins, ({ input, caller }) => logs.logins(caller, input, pageParams(input)));
  serve(app, c.export, async ({ input, caller, reply }) => {
    const { filename, body } = await directExport(
      exported.logins,
      caller,
      input,
      await app.zoneOf(caller.companyId),
    );
    return sendXlsx(reply, filename, body);
  });
  serve(app, c.exportJob, ({ input, caller }) => startExport(app.jobs, exported.logins, caller, input));
  serve(app, c.online, ({ input, caller }) => logs.online(caller, input, pageParams(input)));
  serve(app, c.userStatistic, ({ input, caller }) => logs.userStatistic(caller, input));
  serve(app, c.statisticExport, async ({ input, caller, reply }) => {
    const { filename, body } = await directExport(
      exported.statistic,
      caller,
      input,
      await app.zoneOf(caller.companyId),
    );
    return sendXlsx(reply, filename, body);
  });
  serve(app, c.operations, ({ input, caller }) => logs.operations(caller, input, pageParams(input)));
}
