import type { z } from 'zod';
import type { Codename } from './permissions.ts';

/**
 * Who may make a call: anyone (`public`; a session is read when present), any logged-in user
 * (`login`), or a logged-in user whose role holds the codename (`permission`, a typed codename).
 */
export type CallAccess = { public: true } | { login: true } | { permission: Codename };

/**
 * One API call, declared once for both sides (issue 20, docs/ARCHITECTURE.md "Declaring a call"):
 * the server serves it with `serve(app, call, handler)`, the web calls it with
 * `api.call(call, input)`. `path` is the specification's, under `/api`; GET takes `input` from the
 * query, POST from the body. `output` is the success payload `d` of the envelope `{c: 0, d}`.
 */
export interface Call<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: A;
  readonly input: I;
  readonly output: O;
  /**
   * The call answers a file or a page on success (an Excel export, a receipt, a provider's pay
   * page), not the envelope; a refusal is still the envelope.
   */
  readonly file?: true;
}

/** Declares a call; the literal types of `access` are kept, so the server knows when a caller is guaranteed. */
export function defineCall<I extends z.ZodType, O extends z.ZodType, const A extends CallAccess>(
  call: Call<I, O, A>,
): Call<I, O, A> {
  return call;
}

/**
 * A module's declarer of POST calls that need a permission (all of the specification's are POST):
 * `const stockCall = postCalls(['stock'])`, then `stockCall(path, summary, codename, input, output)`.
 */
export const postCalls =
  (tags: readonly string[]) =>
  <I extends z.ZodType, O extends z.ZodType>(
    path: string,
    summary: string,
    permission: Codename,
    input: I,
    output: O,
  ) =>
    defineCall({ method: 'POST', path, summary, tags, access: { permission }, input, output });

/** The same call served by GET too, its input read from the query (a link or a cache can use it). */
export const alsoByGet = <C extends Call>(call: C): C => ({ ...call, method: 'GET' });

/** The declaration a call stands for: itself, or the one a zod-free route carries. */
export type CallOf<X> = X extends Call ? X : X extends CallRoute<infer C> ? C : never;

/**
 * What a caller sends: the values as the server reads them (numbers as numbers, flags as 0/1); the
 * web client writes them as a form. (The schemas' own input type is `unknown`: they parse strings.)
 */
export type CallInput<X extends Call | CallRoute> = z.output<CallOf<X>['input']>;
/** What a call answers (the envelope's `d`). */
export type CallOutput<X extends Call | CallRoute> = z.output<CallOf<X>['output']>;

/**
 * A call as the browser needs it: method, path and access, with the declaration's types carried
 * along (`__call` exists only in the type). `call-routes.ts`, generated from the declarations, holds
 * one per call so that the web makes calls without loading zod or any schema (issue 20, ADR 0012).
 */
export interface CallRoute<C extends Call = Call> {
  readonly method: C['method'];
  readonly path: string;
  readonly access: C['access'];
  readonly __call?: C;
}

export const callRoute = <C extends Call>(
  method: C['method'],
  path: string,
  access: C['access'],
): CallRoute<C> => ({ method, path, access });
