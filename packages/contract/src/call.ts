import type { z } from 'zod';
import type { Codename } from './permissions.ts';

/**
 * Who may make a call: anyone (`public`; a session is read when present), any logged-in user
 * (`login`), or a logged-in user whose role holds the codename (`permission`, a typed codename).
 */
/**
 * Who may make a call. `changes` marks a GET that changes something (spec paths such as
 * `/account/result/delMsg`): like a POST it needs the token header, so a link from another site,
 * which carries only the cookie, cannot make it.
 */
export type CallAccess = { public: true } | { login: true; changes?: true } | { permission: Codename };

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a call answers (docs/adr/0034-calls-of-every-shape.md): `portal`, the envelope `{c: 0, d}` /
 * `{c, m, field?}` with HTTP 200 (the default); `console`, the administration console's REST body
 * (`/api/v1/sysadmin/…`): the output itself with a 2xx status, a refusal with its HTTP status and
 * `{code, msg}` or field errors `{field: ["…"]}` / `{non_field_errors: ["…"]}`.
 */
export type CallFamily = 'portal' | 'console';

/**
 * One API call, declared once for both sides (issue 20, ADR 0012, ADR 0034): the server serves it
 * with `serve(app, call, handler)`, the web calls it with `api.call(call, input)`. `path` is the
 * specification's, under `/api`; a `{name}` segment is a path parameter, a field of `input` like
 * any other (typed and checked by the input schema). The rest of `input` comes from the query
 * (GET, DELETE) or the body (POST, PUT, PATCH). `output` is what a success answers: the envelope's
 * `d` (portal), or the body itself (console).
 */
export interface Call<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
> {
  readonly method: CallMethod;
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: A;
  readonly input: I;
  readonly output: O;
  /** The reply family; `portal` when left out. */
  readonly family?: CallFamily;
  /** A console call's success status when not 200: 201 created, 204 no content (no body). */
  readonly status?: 201 | 204;
  /**
   * The call answers a file or a page on success (an Excel export, a receipt, a provider's pay
   * page), not the envelope; a refusal is still the envelope.
   */
  readonly file?: true;
}

/** The names of a path's `{name}` segments: `'/business/parallel/{bid}/decide'` → `'bid'`. */
export type PathParams<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParams<Rest>
  : never;

/** What a path asks of the input schema: an object holding a field for each path parameter. */
type InputFor<P extends string> = [PathParams<P>] extends [never]
  ? unknown
  : { readonly shape: Record<PathParams<P>, z.ZodType> };

/** A declared path's `{name}` segments: the one pattern of a path parameter. */
const PATH_PARAM = /\{(\w+)\}/g;

/** The path parameters of a declared path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(PATH_PARAM)].map((m) => m[1] ?? '');

/**
 * A declared path with each `{name}` replaced by `fill(name)`: the server's route (`:name`), the
 * client's address (the input's value, encoded as one segment).
 */
export const fillPath = (path: string, fill: (name: string) => string): string =>
  path.replace(PATH_PARAM, (_, name: string) => fill(name));

/** Whether a method's input travels in the query (GET, DELETE) rather than the body. */
export const inputInQuery = (method: CallMethod) => method === 'GET' || method === 'DELETE';

/**
 * Declares a call; the literal types of `access` are kept, so the server knows when a caller is
 * guaranteed. A path parameter the input schema lacks fails `tsc` (and the declaration, at run time).
 */
export function defineCall<
  I extends z.ZodType,
  O extends z.ZodType,
  const A extends CallAccess,
  const P extends string,
>(call: Call<I, O, A> & { readonly path: P; readonly input: I & InputFor<P> }): Call<I, O, A> {
  const shape = (call.input as { shape?: Record<string, unknown> }).shape;
  for (const name of pathParams(call.path)) {
    if (!shape || !(name in shape))
      throw new Error(`${call.method} ${call.path}: the input has no field for the path parameter ${name}`);
  }
  return call;
}

/**
 * A module's declarers, one line a call; `tags` are said once (`const call = postCalls(['stock'])`):
 * - `postCalls(tags)(path, summary, codename, input, output)`: a POST needing a permission (most of
 *   the specification's calls);
 * - `loginCalls(tags)(path, summary, input, output)`: a POST any logged-in user makes;
 * - `publicCalls(tags)(path, summary, input, output)`: a POST anyone makes (a session is read when
 *   present);
 * - `getCalls(tags)(path, summary, access, input, output)`: a GET, input from the query;
 * - `consoleCalls(tags).get|post|put|patch|delete(path, summary, access, input, output, status?)`:
 *   a call of the console's REST family (`status` 201 or 204 when not 200).
 * Other shapes (a PUT of the portal, a file) are written with `defineCall`.
 */
export const postCalls =
  (tags: readonly string[]) =>
  <I extends z.ZodType, O extends z.ZodType, const P extends string>(
    path: P,
    summary: string,
    permission: Codename,
    input: I & InputFor<P>,
    output: O,
  ) =>
    defineCall({ method: 'POST', path, summary, tags, access: { permission }, input, output });

/** A declarer of POSTs with one access for all: the shape behind `loginCalls` and `publicCalls`. */
const postsFor =
  <const A extends CallAccess>(tags: readonly string[], access: A) =>
  <I extends z.ZodType, O extends z.ZodType, const P extends string>(
    path: P,
    summary: string,
    input: I & InputFor<P>,
    output: O,
  ) =>
    defineCall({ method: 'POST', path, summary, tags, access, input, output });

export const loginCalls = (tags: readonly string[]) => postsFor(tags, { login: true });
export const publicCalls = (tags: readonly string[]) => postsFor(tags, { public: true });

/** A declarer of calls of one method and family: the shape behind `getCalls` and `consoleCalls`. */
const declarer =
  (tags: readonly string[], method: CallMethod, family?: 'console') =>
  <I extends z.ZodType, O extends z.ZodType, const A extends CallAccess, const P extends string>(
    path: P,
    summary: string,
    access: A,
    input: I & InputFor<P>,
    output: O,
    status?: 201 | 204,
  ) =>
    defineCall({
      method,
      path,
      summary,
      tags,
      access,
      input,
      output,
      ...(family && { family }),
      ...(status && { status }),
    });

export const getCalls = (tags: readonly string[]) => declarer(tags, 'GET');

export const consoleCalls = (tags: readonly string[]) => ({
  get: declarer(tags, 'GET', 'console'),
  post: declarer(tags, 'POST', 'console'),
  put: declarer(tags, 'PUT', 'console'),
  patch: declarer(tags, 'PATCH', 'console'),
  delete: declarer(tags, 'DELETE', 'console'),
});

/** The same call served by GET too, its input read from the query (a link or a cache can use it). */
export const alsoByGet = <C extends Call>(call: C): C => ({ ...call, method: 'GET' });

/** The declaration a call stands for: itself, or the one a zod-free route carries. */
export type CallOf<X> = X extends Call ? X : X extends CallRoute<infer C> ? C : never;

/**
 * What a caller sends, path parameters included: the values as the server reads them (numbers as
 * numbers, flags as 0/1); the web client writes them as a form. (The schemas' own input type is
 * `unknown`: they parse strings.)
 */
export type CallInput<X extends Call | CallRoute> = z.output<CallOf<X>['input']>;
/** What a call answers (the envelope's `d`, or a console call's body). */
export type CallOutput<X extends Call | CallRoute> = z.output<CallOf<X>['output']>;

/**
 * A call as the browser needs it: method, path, access and family, with the declaration's types
 * carried along (`__call` exists only in the type). `call-routes.ts`, generated from the
 * declarations, holds one per call so that the web makes calls without loading zod or any schema
 * (issue 20, ADR 0012).
 */
export interface CallRoute<C extends Call = Call> {
  readonly method: C['method'];
  readonly path: string;
  readonly access: C['access'];
  readonly family?: CallFamily;
  readonly __call?: C;
}

/** The routes of a module's calls, typed by its declarations `G` (`typeof contract.stockCalls`). */
export type CallRoutes<G> = { readonly [K in keyof G]: G[K] extends Call ? CallRoute<G[K]> : never };

/** One call as a line of the routes table: `name METHOD path access [console]`. */
export function routeLine(name: string, call: Pick<Call, 'method' | 'path' | 'access' | 'family'>) {
  const a = call.access;
  const access =
    'permission' in a ? a.permission : 'public' in a ? 'public' : a.changes ? 'login-changes' : 'login';
  return [name, call.method, call.path, access, ...(call.family === 'console' ? ['console'] : [])].join(' ');
}

/**
 * The zod-free routes of a module from its table (`call-routes.ts`): lines `name METHOD path
 * access [console]` separated by `;`, as `routeLine` writes them.
 */
export function callTable<G>(table: string): CallRoutes<G> {
  const routes: Record<string, CallRoute> = {};
  for (const line of table.split(';')) {
    const [name = '', method, path = '', word = '', family] = line.trim().split(' ');
    const access: CallAccess =
      word === 'public'
        ? { public: true }
        : word === 'login'
          ? { login: true }
          : word === 'login-changes'
            ? { login: true, changes: true }
            : { permission: word as Codename };
    routes[name] = { method: method as CallMethod, path, access, ...(family === 'console' && { family }) };
  }
  return routes as CallRoutes<G>;
}
