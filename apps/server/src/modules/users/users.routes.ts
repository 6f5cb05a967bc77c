import { usersCalls as calls, RESOURCE_IMPORT_MAX_BYTES } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import { SHEET_UPLOAD_TYPES } from '#server/platform/excel/index.ts';
import { type App, sendXlsx } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ListExport } from '#server/platform/resource/list-export.ts';
import { serveListExport } from '#server/platform/resource/serve-resource.ts';
import type { UsersService } from './users.service.ts';
import type { UsersImport } from './users-import.ts';

/** Routes stay thin: the declaration (packages/contract users.ts) gives path, schemas and access. */
export function usersRoutes(
  app: App,
  users: UsersService,
  sheets: { imports: UsersImport; exported: ListExport<Parameters<UsersService['list']>[1]> },
) {
  serve(app, calls.list, ({ input, caller }) => users.list(caller, input, pageParams(input)));
  serve(app, calls.options, ({ input, caller }) => users.options(caller, input));
  serve(app, calls.byName, ({ input, caller }) => users.byName(caller, input.username));
  serve(app, calls.get, ({ input, caller }) => users.get(caller, input));
  serve(app, calls.create, ({ input, caller }) => users.create(caller, input));
  serve(app, calls.update, ({ input, caller }) => users.update(caller, input));
  serve(app, calls.setStatus, ({ input, caller }) => users.setStatus(caller, input));
  serve(app, calls.resetPassword, ({ input, caller }) => users.resetPassword(caller, input));
  serve(app, calls.importTemplate, async ({ caller, reply }) =>
    sendXlsx(reply, '人员导入模板.xlsx', await sheets.imports.template(caller)),
  );
  // The import is a job (ADR 0037): the upload is kept as its input; the queue runs it (`jobs`).
  serve(
    app,
    calls.import,
    ({ input, caller }) => {
      const file = input.file as Exclude<typeof input.file, Blob>;
      return sheets.imports.start(app.jobs, caller, { ...input, path: file.path });
    },
    { upload: { maxFileBytes: RESOURCE_IMPORT_MAX_BYTES, maxFiles: 1, types: SHEET_UPLOAD_TYPES } },
  );
  serveListExport(app, sheets.exported, calls.export, calls.exportJob);
}
