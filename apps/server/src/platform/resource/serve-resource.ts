import { Readable } from 'node:stream';
import { RESOURCE_IMPORT_MAX_BYTES, type Resource } from '@portal/contract';
import type { z } from 'zod';
import { SHEET_UPLOAD_TYPES, writeWorkbook } from '../excel/index.ts';
import { type App, exportFilename, sendXlsx } from '../http/reply.ts';
import { sendPage } from '../http/serializer.ts';
import { serve } from '../http/serve.ts';
import type { ResourceService } from './resource-service.ts';

// The resource block's HTTP side: each declared call served from the service (resource-service.ts,
// which knows nothing of HTTP).

/**
 * The export's rows with each picked column's value as the word the list shows (`excel.choices`
 * read backwards: 1 → 启用), so a sheet reads as the screen does and imports again as it is.
 */
async function* inWords(resource: Resource, rows: AsyncIterable<Record<string, unknown>>) {
  const choices = (resource.excel?.choices ?? {}) as Record<string, Record<string, string | number>>;
  const words = Object.entries(choices).map(
    ([key, map]) =>
      [key, new Map(Object.entries(map).map(([word, value]) => [String(value), word]))] as const,
  );
  if (words.length === 0) return yield* rows;
  for await (const row of rows) {
    const out = { ...row };
    for (const [key, byValue] of words) {
      const word = byValue.get(String(row[key]));
      if (word !== undefined) out[key] = word;
    }
    yield out;
  }
}

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
  serve(app, c.export, async ({ input, caller, reply }) => {
    const columns = Object.entries(resource.columns as Record<string, string>).map(([key, label]) => ({
      key,
      label,
    }));
    return sendXlsx(
      reply,
      exportFilename(resource.label),
      writeWorkbook(columns, inWords(resource, service.rows(caller, input as never)), resource.label),
    );
  });
  serve(app, c.importTemplate, async ({ reply }) =>
    sendXlsx(reply, `${resource.label}导入模板.xlsx`, await service.template()),
  );
  serve(
    app,
    c.import,
    async ({ input, caller, reply }) => {
      const file = input.file as Exclude<typeof input.file, Blob>;
      const out = await service.importSheet(caller, file.path, input.mode);
      if (!(out instanceof Readable)) return out;
      return sendXlsx(reply, `${resource.label}导入错误行.xlsx`, out);
    },
    { upload: { maxFileBytes: RESOURCE_IMPORT_MAX_BYTES, maxFiles: 1, types: SHEET_UPLOAD_TYPES } },
  );
}
