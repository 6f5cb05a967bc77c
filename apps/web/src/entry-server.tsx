/**
 * The server's renderer of public pages (docs/adr/0009-server-rendered-public-pages.md). Built by
 * `vite build --ssr` into apps/web/dist-ssr and loaded by the app server, which calls `renderPage`
 * for a page request and sends the document it returns, or index.html when it returns null.
 *
 * The same React tree as the browser's (App.tsx), with a static router, a query client that waits
 * for every enabled query (so the HTML has the data), and antd's styles collected into the head.
 * The browser then hydrates it (main.tsx) with the fetched data from the `ssr-data` block.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { DEFAULT_TIME_ZONE } from '@portal/contract/constants';
import {
  type DefaultError,
  type DefaultedQueryObserverOptions,
  dehydrate,
  QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { buildRoutes, type RouteHandle } from './app/routeObjects.tsx';
import { NOT_FOUND_PAGE } from './app/routes/table.ts';
import { isApiError, setTransport, type Transport, TransportError } from './shared/api/client.ts';
import { USER_COOKIE } from './shared/session.ts';
import { SsrContext, type SsrRequestContext } from './shared/ssr.ts';
import { SSR_DATA_ID } from './shared/ssrData.ts';
import { setTimeZoneSource } from './shared/timeZone.ts';
import { companyQuery } from './shared/useCompany.ts';

export interface RenderRequest {
  /** Path and query, e.g. `/goodsDetail?id=1`. */
  url: string;
  hostname: string;
  /** The request's Cookie header: a visitor with a session gets the browser-rendered page. */
  cookie: string | undefined;
  /** index.html as built: the document the rendered page goes into. */
  template: string;
  /** Answers the page's API calls (the server runs them in-process). */
  call: Transport;
  /** Aborts a render that takes too long; the server then sends index.html. */
  signal: AbortSignal;
}

const ROOT_PLACEHOLDER = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;

/** The page's calls go to the request being rendered (renders run concurrently). */
const calls = new AsyncLocalStorage<Transport>();
setTransport((url, init) => {
  const call = calls.getStore();
  if (!call) return Promise.reject(new Error(`no request to answer ${url}`));
  return call(url, init);
});

/** The company's zone of the render under way: every date the page writes is on its clock. */
const zones = new AsyncLocalStorage<string>();
setTimeZoneSource(() => zones.getStore());

type StyleCache = ReturnType<typeof createCache>;

/**
 * antd's styles are built once for all renders (building them was most of a render's time) and
 * each render records which ones it used: the page carries only those.
 */
const sharedStyles: StyleCache = createCache();

function recordingStyles(): { cache: StyleCache; used: Set<string> } {
  const used = new Set<string>();
  const cache: StyleCache = Object.create(sharedStyles);
  cache.opGet = (key) => {
    used.add(key);
    return sharedStyles.opGet(key);
  };
  cache.opUpdate = (key, valueFn) => {
    used.add(key);
    sharedStyles.opUpdate(key, valueFn);
  };
  return { cache, used };
}

function extractUsedStyles(used: Set<string>): string {
  const only = createCache();
  for (const key of used) {
    const value = sharedStyles.cache.get(key);
    if (value === undefined) continue;
    only.cache.set(key, value);
    only.updateTimes.set(key, sharedStyles.updateTimes.get(key) ?? 0);
  }
  return extractStyle(only);
}

const routes = buildRoutes();
const handler = createStaticHandler(routes);

/**
 * Whether a path names a page of the app: the server answers any other path with HTTP 404 (and
 * the app, which shows its 页面不存在 page). A path matched only by a catch-all is unknown, also
 * inside an area (/crm/no_such_screen).
 */
export function isKnownPath(pathname: string): boolean {
  const last = matchRoutes(routes, pathname)?.at(-1);
  // /404 is the 页面不存在 page itself (the spec lists it): it, too, says so with its status.
  return (
    last !== undefined &&
    last.route.path !== '*' &&
    (last.route.handle as RouteHandle | undefined)?.page !== NOT_FOUND_PAGE
  );
}

/** Every enabled query suspends the render until its data is there (a failed one: see renderPage). */
class RenderQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    // Only `enabled: false` is used in this app (never a function), so this is the query's own choice.
    if (defaulted.enabled !== false) {
      defaulted.suspense = true;
      defaulted.throwOnError = false;
    }
    return defaulted;
  }
}

function hasSession(cookie: string | undefined): boolean {
  return (cookie ?? '').split(';').some((part) => part.trim().startsWith(`${USER_COOKIE}=`));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch);

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The whole document for a server-rendered page, or null when this request is left to the browser. */
export async function renderPage(req: RenderRequest): Promise<string | null> {
  if (hasSession(req.cookie)) return null;
  const context = await handler.query(new Request(new URL(req.url, `http://${req.hostname}`)), {
    requestContext: undefined,
  });
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!leaf?.serverRendered) return null;

  const client = new RenderQueryClient({ defaultOptions: { queries: { retry: false } } });
  const styles = recordingStyles();
  const ssr: SsrRequestContext = { hostname: req.hostname, head: {} };
  const router = createStaticRouter(handler.dataRoutes, context);
  // A failed call reaches the render as an error too (a query without data throws under suspense);
  // such a page goes to the browser below. Anything else is a fault of the page: the server logs it.
  const faults: unknown[] = [];
  const onError = (error: unknown) => {
    if (!isApiError(error) && !(error instanceof TransportError)) faults.push(error);
  };
  // The site's company first: its clock writes the page's dates (shared/timeZone.ts), and its
  // data goes into the page, from which the browser takes the same clock before hydrating.
  const company = await calls
    .run(req.call, () => client.fetchQuery(companyQuery(req.hostname)))
    .catch(() => null);
  const zone = company?.time_zone ?? DEFAULT_TIME_ZONE;
  const { prelude } = await calls.run(req.call, () =>
    zones.run(zone, () =>
      prerenderToNodeStream(
        <StrictMode>
          <StyleProvider cache={styles.cache}>
            <SsrContext.Provider value={ssr}>
              <AppProviders client={client}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </AppProviders>
            </SsrContext.Provider>
          </StyleProvider>
        </StrictMode>,
        // Every boundary inline and complete: the page runs no inline script (the CSP allows none).
        { signal: req.signal, progressiveChunkSize: Number.POSITIVE_INFINITY, onError },
      ),
    ),
  );
  const body = await streamToString(prelude);
  if (faults.length > 0) throw faults[0];
  // A failed call is shown from its error object, which does not survive the trip to the browser:
  // such a page (a missing goods or site, a refusal) is rendered by the browser, which asks again.
  if (
    client
      .getQueryCache()
      .getAll()
      .some((q) => q.state.status === 'error')
  )
    return null;
  const title = ssr.head.title ?? `${leaf.title} - 企业门户`;
  const data = scriptJson(dehydrate(client));
  // Replaced by functions: a `$` in the page's text must not be read as a replacement pattern.
  let doc = req.template
    // The page is readable without its scripts: they are asked for once it is on screen (the entry
    // imports the app after the first paint, main.tsx), and the content's images go first.
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<script type="module"', '<script type="module" fetchpriority="low"')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${extractUsedStyles(styles.used)}</head>`)
    .replace(
      ROOT_PLACEHOLDER,
      () =>
        `<div id="root">${body}</div><script type="application/json" id="${SSR_DATA_ID}">${data}</script>`,
    );
  const lang = ssr.head.lang;
  if (lang !== undefined) doc = doc.replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(lang)}">`);
  const description = ssr.head.description;
  if (description !== undefined)
    doc = doc.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  return doc;
}
