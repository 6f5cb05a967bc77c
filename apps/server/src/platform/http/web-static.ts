import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './reply.ts';
import { loadPageRenderer, pageSender, templateOf } from './web-render.ts';

/**
 * The page may run only its own scripts and talk only to its own server. Styles allow inline:
 * antd writes its CSS-in-JS into <style> elements at run time.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

/** The request's path, decoded; null when it does not decode or holds a NUL byte. */
function decodedPath(url: string) {
  try {
    const decoded = decodeURIComponent(url.split('?')[0] ?? '/');
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/** Whether `file` is a file; a name too long (or otherwise impossible) is no file. */
function isFile(file: string) {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/**
 * Serves the built web app: files under `dist`, and `index.html` for every other non-API path so
 * history routing works — or, for a public page the server renders, that page's HTML
 * (web-render.ts); with status 404 for a path that names no page (the renderer knows the routes).
 * Hashed assets are cached for a year, pages never.
 */
export async function registerWebStatic(app: App, dist: string) {
  const root = path.resolve(dist);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ dist: root }, 'web app is not built; serving the API only');
    return;
  }
  // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts).
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  const renderer = await loadPageRenderer(app, root);
  const sendRendered = renderer && pageSender(app, renderer, templateOf(path.join(root, 'index.html')));
  app.get('/*', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodedPath(request.url);
    // A path that does not decode or carries a NUL byte names no page or file.
    if (urlPath === null || urlPath.startsWith('/api/')) return reply.callNotFound();
    const file = path.resolve(root, `.${urlPath}`);
    if (file.startsWith(`${root}${path.sep}`) && isFile(file)) {
      const immutable = urlPath.startsWith('/assets/');
      return reply.sendFile(path.relative(root, file), {
        maxAge: immutable ? 365 * 24 * 3600_000 : 0,
        immutable,
      });
    }
    reply.header('cache-control', 'no-cache');
    reply.header('content-security-policy', CSP);
    // A path that names no page gets the app (its 页面不存在 page) with the status that says so.
    if (renderer?.isKnownPath && !renderer.isKnownPath(urlPath)) {
      reply.code(404);
      return reply.sendFile('index.html', { cacheControl: false });
    }
    if (sendRendered && (await sendRendered(request, reply))) return reply;
    return reply.sendFile('index.html', { cacheControl: false });
  });
}
