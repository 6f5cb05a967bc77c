import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '#server/platform/core/errors.ts';
import { faultOf } from '../db/faults.ts';
import { TEXT_MIME } from '../excel/columns.ts';

/**
 * Multipart bodies (ADR 0010). Read as a stream, never whole: every byte counts against the route's
 * budget, the request is refused the moment it goes over (or at once when Content-Length says it
 * will), fields and parts are counted, and files are accepted only by a route that declares an
 * `upload`, streamed to disk under its own limits and typed by their content.
 */

/** What an upload route accepts. */
export interface UploadSpec {
  /** Largest accepted file in bytes. */
  maxFileBytes: number;
  /** Most files in one request. */
  maxFiles: number;
  /**
   * MIME types accepted, as detected from the file's first bytes (never its name or declared type);
   * `TEXT_MIME` accepts a file without a signature whose first bytes are text (a CSV).
   */
  types: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Files this route accepts in a multipart body; without it a file part is refused. */
    upload?: UploadSpec;
  }
}

/** A file a request brought, on disk until the reply is sent (then removed unless `keepUpload` moved it). */
export interface UploadedFile {
  filename: string;
  /** Detected from the content. */
  mimetype: string;
  size: number;
  path: string;
}

/** Non-file fields in one multipart body (also bounded by the route's byte budget). */
export const MULTIPART_MAX_FIELDS = 100;
const MAX_HEADER_PAIRS = 20;
/** Longest field name (busboy does not bound names in multipart bodies, so this parser does). */
const MAX_NAME_LENGTH = 100;
const SNIFF_BYTES = 4100;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const tooLarge = (field?: string) => new AppError('PAYLOAD_TOO_LARGE', undefined, field);
const malformed = () => new AppError('PARAM_ERROR', '参数格式不正确');

/** A request's files and the writes still under way (removal waits for them). */
const filesOf = new WeakMap<FastifyRequest, { files: UploadedFile[]; writes: Promise<unknown>[] }>();
const kept = new WeakSet<UploadedFile>();

/** Moves an uploaded file out of the incoming folder so it survives the reply; returns where it went. */
export async function keepUpload(file: UploadedFile, destination: string) {
  await fs.promises.mkdir(path.dirname(destination), { recursive: true });
  await fs.promises.rename(file.path, destination);
  kept.add(file);
  file.path = destination;
  return destination;
}

/** Removes what a request brought and nobody kept (after the reply, or when the client went away). */
async function removeLeftovers(request: FastifyRequest) {
  const received = filesOf.get(request);
  if (!received?.files.length) return;
  filesOf.delete(request);
  const { files, writes } = received;
  await Promise.allSettled(writes);
  await Promise.all(
    files.filter((f) => !kept.has(f)).map((f) => fs.promises.rm(f.path, { force: true }).catch(() => {})),
  );
}

function add(body: Record<string, unknown>, name: string, value: unknown) {
  const current = body[name];
  if (current === undefined) body[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else body[name] = [current, value];
}

/**
 * Bytes with no binary signature that read as text (`TEXT_MIME`: a CSV): no control characters
 * but tab, line breaks and form feed — any encoding's letters (UTF-8, GBK) are above them.
 */
const looksLikeText = (head: Buffer) =>
  head.length > 0 && !head.some((b) => b < 0x20 && !TEXT_CONTROLS.has(b));
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Streams one file to `target`, refusing it past `spec.maxFileBytes` or when its content is not an accepted type. */
async function receiveFile(stream: BusboyFileStream, target: string, spec: UploadSpec, field: string) {
  let head = Buffer.alloc(0);
  let checked: Promise<string> | undefined;
  let size = 0;
  const out = fs.createWriteStream(target, { flags: 'wx' });
  stream.on('limit', () => stream.destroy(tooLarge(field)));
  const sniff = () => {
    checked ??= fileTypeFromBuffer(head).then((t) => {
      const mime = t?.mime ?? (looksLikeText(head) ? TEXT_MIME : undefined);
      if (!mime || !spec.types.includes(mime)) throw new AppError('PARAM_ERROR', '文件类型不支持', field);
      return mime;
    });
    return checked;
  };
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (head.length >= SNIFF_BYTES) return;
    head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
    // A file of the wrong type is refused as soon as its first bytes show it.
    if (head.length >= SNIFF_BYTES) sniff().catch((error: Error) => stream.destroy(error));
  });
  await pipeline(stream, out);
  if (stream.truncated) throw tooLarge(field);
  if (size === 0) throw new AppError('PARAM_ERROR', '文件不能为空', field);
  return { mimetype: await sniff(), size };
}

/** Registers the multipart parser and the removal of a request's leftover files after its reply. */
export function registerMultipart(app: FastifyInstance, { incomingDir }: { incomingDir: string }) {
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    const budgetOf = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    const spec = request.routeOptions.config?.upload;
    const budget = budgetOf + (spec ? spec.maxFiles * spec.maxFileBytes : 0);
    // Refused before a byte is read when the request says it will be too large.
    if (Number(request.headers['content-length']) > budget) return done(tooLarge());

    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: request.headers as { 'content-type': string },
        limits: {
          fieldSize: budgetOf,
          fields: MULTIPART_MAX_FIELDS,
          files: spec?.maxFiles ?? 0,
          fileSize: spec?.maxFileBytes ?? 0,
          parts: MULTIPART_MAX_FIELDS + (spec?.maxFiles ?? 0),
          headerPairs: MAX_HEADER_PAIRS,
        },
      });
    } catch {
      return done(malformed()); // no or a bad boundary
    }

    const body: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    const pending: Promise<unknown>[] = [];
    const streams: BusboyFileStream[] = [];
    filesOf.set(request, { files, writes: pending });
    let received = 0;
    let settled = false;

    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      payload.off('data', count);
      payload.unpipe(bb);
      if (error) {
        // Stop reading: the reply closes the connection, the rest never enters memory.
        payload.pause();
        for (const stream of streams) stream.destroy(error);
        bb.removeAllListeners();
        bb.on('error', () => {});
        bb.destroy();
        return done(error);
      }
      done(null, body);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > budget) finish(tooLarge());
    };

    bb.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (name.length > MAX_NAME_LENGTH) return finish(tooLarge());
      if (valueTruncated) return finish(tooLarge(name));
      if (!FORBIDDEN_KEYS.has(name)) add(body, name, value);
    });
    bb.on('file', (name, stream, filename) => {
      if (name.length > MAX_NAME_LENGTH) {
        stream.resume();
        return finish(tooLarge());
      }
      if (!spec) {
        stream.resume();
        return finish(new AppError('PARAM_ERROR', '此接口不接受文件', name));
      }
      streams.push(stream);
      stream.on('error', () => {}); // its failure is the write's, answered below
      const target = path.join(incomingDir, randomUUID());
      const file: UploadedFile = {
        filename: path.basename(filename ?? '').slice(-200),
        mimetype: '',
        size: 0,
        path: target,
      };
      files.push(file);
      const received = fs.promises
        .mkdir(incomingDir, { recursive: true })
        .then(() => receiveFile(stream, target, spec, name))
        .then(({ mimetype, size }) => {
          file.mimetype = mimetype;
          file.size = size;
          if (!FORBIDDEN_KEYS.has(name)) add(body, name, file);
        });
      received.catch((error: unknown) => {
        stream.resume();
        // A full disk is answered as such (10503, named in the log), not as a malformed body.
        finish(error instanceof AppError || faultOf(error) ? (error as Error) : malformed());
      });
      pending.push(received);
    });
    bb.on('filesLimit', () => finish(spec ? tooLarge() : new AppError('PARAM_ERROR', '此接口不接受文件')));
    bb.on('fieldsLimit', () => finish(tooLarge()));
    bb.on('partsLimit', () => finish(tooLarge()));
    bb.on('error', () => finish(malformed())); // ends early, broken boundary or headers
    bb.on('finish', () => {
      Promise.all(pending).then(
        () => finish(null),
        () => {}, // each failure already finished the request
      );
    });
    payload.on('error', () => finish(malformed()));
    payload.on('data', count);
    payload.pipe(bb);
  });

  app.addHook('onResponse', removeLeftovers);
  app.addHook('onRequestAbort', removeLeftovers);
}

/** The incoming-files folder under the data folder. */
export const incomingDirOf = (dataDir: string) => path.join(dataDir, 'uploads', '.incoming');
