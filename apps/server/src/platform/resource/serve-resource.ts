import { type Call, RESOURCE_IMPORT_MAX_BYTES, type Resource } from '@portal/contract';
import type { z } from 'zod';
import { SHEET_UPLOAD_TYPES } from '../excel/index.ts';
import { type App, sendXlsx } from '../http/reply.ts';
import { sendPage } from '../http/serializer.ts';
import { serve } from '../http/serve.ts';
import { directExport, type ListExport, resourceExport, startExport } from './list-export.ts';
import type { ImportJobData, ResourceService } from './resource-service.ts';

// The resource block's HTTP side: each declared call served from the service (resource-service.ts,
// which knows nothing of HTTP).

/** How `serveResource` serves some calls when the resource asks (all optional). */
export interface ServeResourceOptions<R extends Resource> {
  /**
   * The list's items as ready JSON (`itemJson(resource.item)`): for a service whose list answers
   * remembered items, each written once while it is remembered, then sent as bytes (`sendPage`).
   */
  listItemJson?: (item: z.output<R['item']>) => Buffer;
  /** The bytes a create or update may send, for a resource with a long text (a news body). */
  writeBodyLimit?: number;
}

/** Serves every call of the declaration from the service (routes stay thin). */
export function serveResource<R extends Resource>(
  app: App,
  resource: R,
  service: ResourceService<R>,
  options: ServeResourceOptions<R> = {},
) {
  const c = resource.calls as Resource['calls'];
  const { listItemJson } = options;
  serve(app, c.list, async ({ input, caller, reply }) => {
    const page = await service.list(caller, input as never);
    return (listItemJson ? sendPage(reply, listItemJson, page as never) : page) as never;
  });
  serve(app, c.get, async ({ input, caller }) => service.get(caller, input.id) as never);
  const writes = options.writeBodyLimit === undefined ? {} : { bodyLimit: options.writeBodyLimit };
  serve(app, c.create, async ({ input, caller }) => service.create(caller, input as never) as never, writes);
  serve(
    app,
    c.update,
    async ({ input, caller }) => {
      const { id, ...fields } = input as { id: number } & Record<string, unknown>;
      return service.update(caller, id, fields as never) as never;
    },
    writes,
  );
  serve(app, c.remove, ({ input, caller }) => service.remove(caller, [input.id]));
  serve(app, c.removeMany, ({ input, caller }) => service.remove(caller, input.ids));
  serve(app, c.select, ({ input, caller }) => service.select(caller, input.keyword));
  serve(app, c.check, ({ input, caller }) => service.check(caller, input as never));
  // The export is the import's sheet (and the list's read-only columns): it imports again as it is.
  // Up to RESOURCE_EXPORT_DIRECT_MAX rows at once; a longer list as a job (the module's `exportJob`).
  const exported = resourceExport(resource, service);
  serveListExport(app, exported, c.export, c.exportJob);
  serve(app, c.importTemplate, async ({ reply }) =>
    sendXlsx(reply, `${resource.label}导入模板.xlsx`, await service.template()),
  );
  // The import is a job (ADR 0037): the call keeps the upload as the job's input and answers the
  // job; the queue runs it, in this process or another, by the module's `jobs` (`importJob`).
  serve(
    app,
    c.import,
    async ({ input, caller }) => {
      const file = input.file as Exclude<typeof input.file, Blob>;
      return app.jobs.add(caller, {
        kind: resource.jobKinds.import,
        title: `导入${resource.label}`,
        data: { mode: input.mode } satisfies ImportJobData,
        inputFile: file.path,
      });
    },
    { upload: { maxFileBytes: RESOURCE_IMPORT_MAX_BYTES, maxFiles: 1, types: SHEET_UPLOAD_TYPES } },
  );
}

/**
 * A list's export served (ADR 0017, 0037): the GET download at once — its dates on the caller's
 * company clock — and, when declared, the job that writes a long one. Every list export is served
 * through it (the resource block's and a module's own lists).
 */
export function serveListExport<I>(app: App, list: ListExport<I>, download: Call, job?: Call) {
  serve(app, download, async ({ input, caller, reply }) => {
    const { filename, body } = await directExport(
      list,
      caller,
      input as I,
      await app.zoneOf(caller.companyId),
    );
    return sendXlsx(reply, filename, body);
  });
  if (job) serve(app, job, ({ input, caller }) => startExport(app.jobs, list, caller, input as I));
}
