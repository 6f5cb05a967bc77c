import { fileCalls as calls } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/platform/core/errors.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import { type FileService, ONE_STORED_FILE } from './file.service.ts';

type Opened = NonNullable<Awaited<ReturnType<FileService['image']>>>;

/**
 * A stored file as its own response, unable to run anything: pictures inline, every other file
 * downloaded (`attachment`); `nosniff` is on every reply (app.ts); a sandboxing CSP in case it is
 * opened directly. `cache` says who may keep it.
 */
export function sendStored(request: FastifyRequest, reply: FastifyReply, file: Opened, cache: string) {
  const inline = file.kind === 'image';
  reply
    .header('cache-control', cache)
    .header('etag', file.etag)
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
  if (request.headers['if-none-match'] === file.etag) {
    file.body.destroy();
    return reply.code(304).send();
  }
  return reply
    .header('content-type', file.mime)
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .send(file.body);
}

/** The file calls of spec §7 (`/file/*`) and the two addresses files are read at. */
export function fileRoutes(app: App, files: FileService) {
  serve(
    app,
    calls.upload,
    ({ input, caller }) =>
      files.upload(caller, input.file as Exclude<typeof input.file, Blob>, input.kind ?? 'any'),
    ONE_STORED_FILE,
  );
  serve(app, calls.list, ({ input, caller }) => files.list(caller, input));
  serve(app, calls.update, ({ input, caller }) => files.rename(caller, input.id, input.name));
  serve(app, calls.remove, ({ input, caller }) => files.remove(caller, [input.id]));
  serve(app, calls.removeMany, ({ input, caller }) => files.remove(caller, input.ids));
  serve(app, calls.content, async ({ input, caller, request, reply }) =>
    sendStored(
      request,
      reply,
      await files.content(caller, input.id, input.thumb === '1'),
      'private, max-age=300',
    ),
  );
  serve(app, calls.image, async ({ input, request, reply }) => {
    const image = await files.image(input.key);
    if (!image) throw new AppError('NOT_FOUND', '图片不存在或已被删除');
    // Public by its key, but not for long: a deleted image stops showing within the hour.
    return sendStored(request, reply, image, 'public, max-age=3600');
  });
}
