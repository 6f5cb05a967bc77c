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
}

/** Declares a call; the literal types of `access` are kept, so the server knows when a caller is guaranteed. */
export function defineCall<I extends z.ZodType, O extends z.ZodType, const A extends CallAccess>(
  call: Call<I, O, A>,
): Call<I, O, A> {
  return call;
}

/**
 * What a caller sends: the values as the server reads them (numbers as numbers, flags as 0/1); the
 * web client writes them as a form. (The schemas' own input type is `unknown`: they parse strings.)
 */
export type CallInput<C extends Call> = z.output<C['input']>;
/** What a call answers (the envelope's `d`). */
export type CallOutput<C extends Call> = z.output<C['output']>;
