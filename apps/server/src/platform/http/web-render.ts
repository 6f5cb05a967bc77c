import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './reply.ts';

/**
 * The web build's renderer of public pages (apps/web/src/entry-server.tsx, built into
 * apps/web/dist-ssr; docs/adr/0009-server-rendered-public-pages.md). Declared here by shape: the
 * server does not depend on the web package.
 */
interface PageRenderer {
  renderPage(req: {
    url: string;
    hostname: string;
    cookie: string | undefined;
    template: string;
    call: (url: string, init: RequestInit) => Promise<Response>;
    signal: AbortSignal;
  }): Promise<string | null>;
}

/** A render that takes longer than this is dropped and the browser renders the page instead. */
const RENDER_TIMEOUT_MS = 3000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The renderer next to the web build (`<dist>/../dist-ssr/entry-server.js`), when it was built. */
export async function loadPageRenderer(app: App, dist: string): Promise<PageRenderer | null> {
  const file = path.join(path.dirname(path.resolve(dist)), 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) {
    app.log.info({ file }, 'no page renderer built; public pages render in the browser');
    return null;
  }
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** The page's API calls, answered in-process as the visitor's own requests (same address, host). */
function callsOf(app: App, request: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    const body = init.body instanceof URLSearchParams ? init.body.toString() : undefined;
    if (body !== undefined) headers.set('content-type', 'application/x-www-form-urlencoded');
    if (request.headers.host) headers.set('host', request.headers.host);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url,
      headers: Object.fromEntries(headers),
      remoteAddress: request.ip,
      ...(body !== undefined ? { payload: body } : {}),
    });
    return new Response(res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * Renders the page for this request and sends it (compressed as the browser accepts), or answers
 * false when the page is left to the browser: not a server-rendered page, a visitor with a session,
 * or a render that failed or took too long (logged).
 */
export async function sendRenderedPage(
  app: App,
  renderer: PageRenderer,
  template: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  let html: string | null;
  try {
    html = await renderer.renderPage({
      url: request.url,
      hostname: request.hostname.replace(/:\d+$/, ''),
      cookie: request.headers.cookie,
      template,
      call: callsOf(app, request),
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
  } catch (err) {
    request.log.warn({ err, url: request.url }, 'page render failed; the browser renders it');
    return false;
  }
  if (html === null) return false;
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
    await reply.header('content-encoding', 'br').send(await brotli(html, { params }));
  } else if (/\bgzip\b/.test(accepts)) {
    await reply.header('content-encoding', 'gzip').send(await gzip(html));
  } else {
    await reply.send(html);
  }
  return true;
}
