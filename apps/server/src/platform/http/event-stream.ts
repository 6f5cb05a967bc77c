import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { App } from './reply.ts';

/** A comment line every so often keeps proxies and the browser from closing a quiet stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser's EventSource opens it again (after `retry`): the
 * session and the permission are checked again each time, so a logout or a withdrawn permission
 * stops the stream within this time.
 */
export const STREAM_MAX_MS = 5 * 60_000;
/** How long the browser waits before it connects again (the `retry:` field). */
export const STREAM_RETRY_MS = 3000;

export interface EventStreamOptions {
  heartbeatMs?: number;
  maxMs?: number;
}

/**
 * Server-Sent Events (`text/event-stream`) for a declared `file: true` GET: `eventStreams(app)`
 * gives `stream(reply, start)`, where `start(send)` begins listening and answers how to stop.
 * Each message is one `data:` line of JSON. Streams end when the client goes, after `maxMs`, and
 * before the server closes (so `app.close()` never waits on an open page).
 */
export function eventStreams(app: App, options: EventStreamOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? STREAM_HEARTBEAT_MS;
  const maxMs = options.maxMs ?? STREAM_MAX_MS;
  const open = new Set<(drop?: boolean) => void>();
  app.addHook('preClose', async () => {
    // The server is closing: end each stream and drop its connection, which would otherwise still
    // be busy when the server closes its idle ones (the browser connects again, to another process).
    for (const end of [...open]) end(true);
  });

  return function stream(reply: FastifyReply, start: (send: (data: unknown) => void) => () => void) {
    const body = new PassThrough();
    const write = (text: string) => {
      if (!body.writableEnded) body.write(text);
    };
    const send = (data: unknown) => write(`data: ${JSON.stringify(data)}\n\n`);
    let stop: (() => void) | undefined;
    const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
    const expiry = setTimeout(() => end(), maxMs);
    function end(drop = false) {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      stop?.();
      body.end();
      if (drop) reply.raw.destroy();
    }
    open.add(end);
    reply.raw.once('close', () => end());
    write(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);
    stop = start(send);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(body);
  };
}
