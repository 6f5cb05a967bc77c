import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './reply.ts';

/**
 * The web build's renderer of public pages (apps/web/src/entry-server.tsx, built into
 * apps/web/dist-ssr; docs/adr/0009-server-rendered-public-pages.md). Declared here by shape: the
 * server does not depend on the web package.
 */
export interface PageRenderer {
  renderPage(req: {
    url: string;
    hostname: string;
    cookie: string | undefined;
    template: string;
    call: (url: string, init: RequestInit) => Promise<Response>;
    signal: AbortSignal;
  }): Promise<string | null>;
  /** Whether a path names a page of the app (older builds lack it: every path is then a page). */
  isKnownPath?(pathname: string): boolean;
}

/** A render that takes longer than this is dropped and the browser renders the page instead. */
const RENDER_TIMEOUT_MS = 3000;
/**
 * Renders running at once (a render is about 20–30 ms of CPU). Beyond this the page is sent for
 * the browser to render: under load visitors get a working page a little later, never a queue.
 */
const MAX_RENDERS = 4;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * index.html as built, read again when the build changes it (a rebuild while the server runs must
 * not leave rendered pages pointing at script files that are gone).
 */
export function templateOf(file: string): () => string {
  let seen = -1;
  let text = '';
  return () => {
    const mtime = fs.statSync(file).mtimeMs;
    if (mtime !== seen) {
      text = fs.readFileSync(file, 'utf8');
      seen = mtime;
    }
    return text;
  };
}

/**
 * The renderer next to the web build (`<dist>/../dist-ssr/entry-server.cjs`), when it was built.
 * CommonJS, required: tsx's loader (the server runs under it) leaves a .cjs file as it is, where it
 * would rewrite an ES module's every chunk at a cost of about 270 MB of resident memory (ADR 0009).
 */
export async function loadPageRenderer(app: App, dist: string): Promise<PageRenderer | null> {
  const file = path.join(path.dirname(path.resolve(dist)), 'dist-ssr', 'entry-server.cjs');
  if (!fs.existsSync(file)) {
    app.log.info({ file }, 'no page renderer built; public pages render in the browser');
    return null;
  }
  return createRequire(import.meta.url)(file) as PageRenderer;
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
 * A render is reused for this long after it started, and while it runs: a burst of requests for
 * one page costs one render a second. (With SQLite a render runs to its end without giving way to
 * other requests, so only reuse, not sharing a running render, relieves a busy page.)
 */
const REUSE_MS = 1000;
const MAX_REUSABLE = 500;

type Encoding = 'br' | 'gzip';

/** A rendered page and its compressed forms, each made once when first asked for. */
interface RenderedPage {
  html: string;
  encoded(encoding: Encoding): Promise<Buffer>;
}

function renderedPage(html: string): RenderedPage {
  const made = new Map<Encoding, Promise<Buffer>>();
  return {
    html,
    encoded(encoding) {
      let bytes = made.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzip(html);
        made.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/** Renders a request's page, or reuses a recent render of the same page for the same visitor state. */
function renderingOf(app: App, renderer: PageRenderer, template: () => string) {
  const recent = new Map<string, { at: number; page: Promise<RenderedPage | null> }>();
  let running = 0;
  return (request: FastifyRequest): Promise<RenderedPage | null> => {
    const now = Date.now();
    const hostname = request.hostname.replace(/:\d+$/, '');
    const key = `${hostname}\n${request.url}\n${request.headers.cookie ?? ''}`;
    const hit = recent.get(key);
    if (hit && now - hit.at < REUSE_MS) return hit.page;
    if (running >= MAX_RENDERS) return Promise.resolve(null);
    if (recent.size >= MAX_REUSABLE)
      for (const [k, v] of recent) if (now - v.at >= REUSE_MS) recent.delete(k);
    running += 1;
    const page = renderer
      .renderPage({
        url: request.url,
        hostname,
        cookie: request.headers.cookie,
        template: template(),
        call: callsOf(app, request),
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      })
      .then((html) => (html === null ? null : renderedPage(html)))
      .finally(() => {
        running -= 1;
      });
    // A failed render is not reused: the next request tries again.
    page.catch(() => recent.delete(key));
    if (recent.size < MAX_REUSABLE) recent.set(key, { at: now, page });
    return page;
  };
}

/**
 * The page sender: renders the page for a request and sends it (compressed as the browser accepts),
 * or answers false when the page is left to the browser — not a server-rendered page, a visitor with
 * a session, MAX_RENDERS already running, or a render that failed or took too long (logged).
 */
export function pageSender(app: App, renderer: PageRenderer, template: () => string) {
  const render = renderingOf(app, renderer, template);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    let page: RenderedPage | null;
    try {
      page = await render(request);
    } catch (err) {
      request.log.warn({ err, url: request.url }, 'page render failed; the browser renders it');
      return false;
    }
    if (page === null) return false;
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding: Encoding | null = /\bbr\b/.test(accepts)
      ? 'br'
      : /\bgzip\b/.test(accepts)
        ? 'gzip'
        : null;
    reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding) await reply.header('content-encoding', encoding).send(await page.encoded(encoding));
    else await reply.send(page.html);
    return true;
  };
}
