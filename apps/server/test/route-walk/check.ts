import { Codes } from '@portal/contract';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';

/** Runs `fn` over `items` with at most `limit` at once, in order of start. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface ReplyRules {
  method: string;
  /** Console routes answer `{code, msg}` with HTTP statuses; portal routes `{c, m}`. */
  console: boolean;
  /** Codes the reply must carry (portal `c`), when the variant or the caller fixes it. */
  expect?: readonly number[] | undefined;
  /** Codes the reply must not carry (the access check answering a caller who may call the route). */
  forbid?: readonly number[] | undefined;
  /** Console routes: the HTTP status the refusal must carry. */
  expectStatus?: number | undefined;
  /** Text that must not appear anywhere in the reply (company A's private data, files outside the build). */
  secrets?: readonly string[] | undefined;
  /**
   * A reply that is not JSON is fine when it succeeded (the web app's pages and files), or when it
   * is the web app answering a path that names no page: HTTP 404 with the app's HTML.
   */
  htmlOk?: boolean;
}

const SERVER_ERROR = Codes.SERVER_ERROR.c;

/** What is wrong with one reply, or undefined. Kept short: it goes into the failure list. */
export function replyProblem(res: InjectResponse, rules: ReplyRules): string | undefined {
  const short = res.body.slice(0, 100).replace(/\s+/g, ' ');
  if (res.statusCode >= 500) return `HTTP ${res.statusCode} ${short}`;
  // No content (a console call's DELETE): nothing to read, no type to declare.
  if (res.statusCode === 204) return res.body === '' ? undefined : `HTTP 204 with a body: ${short}`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type) return `HTTP ${res.statusCode} without content-type: ${short}`;
  if (rules.secrets?.length) {
    const text = `${res.body}\n${JSON.stringify(res.headers)}`.toLowerCase();
    let decoded = '';
    try {
      decoded = JSON.stringify(JSON.parse(res.body)).toLowerCase();
    } catch {
      // not JSON: the raw text is all there is
    }
    const leaked = rules.secrets.find(
      (s) => text.includes(s.toLowerCase()) || decoded.includes(s.toLowerCase()),
    );
    if (leaked) return `reply shows what it must not ("${leaked.slice(0, 24)}"): ${short}`;
  }
  if (rules.method === 'HEAD') return undefined;
  if (!type.includes('json')) {
    if (rules.htmlOk && res.statusCode < 400) return undefined;
    if (
      rules.htmlOk &&
      res.statusCode === 404 &&
      type.includes('text/html') &&
      res.body.includes('<div id="root">')
    )
      return undefined;
    return `HTTP ${res.statusCode} content-type ${type}, not JSON: ${short}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `HTTP ${res.statusCode} body is not JSON: ${short}`;
  }
  if (rules.console) {
    if (rules.expectStatus !== undefined && res.statusCode !== rules.expectStatus) {
      return `HTTP ${res.statusCode} (want ${rules.expectStatus}): ${short}`;
    }
    return undefined;
  }
  const c = (body as { c?: unknown } | null)?.c;
  if (typeof c !== 'number') return `HTTP ${res.statusCode} without a numeric c: ${short}`;
  if (c === SERVER_ERROR) return `c ${c}: ${short}`;
  if (c !== 0 && typeof (body as { m?: unknown }).m !== 'string')
    return `c ${c} without a message m: ${short}`;
  if (rules.forbid?.includes(c)) return `c ${c}, the access check answered, not validation: ${short}`;
  if (rules.expect && !rules.expect.includes(c)) return `c ${c} (want ${rules.expect.join('/')}): ${short}`;
  return undefined;
}

/** Object.prototype gained a key: a pollution attempt got through. */
export function pollution(key: string): string | undefined {
  return Object.hasOwn(Object.prototype, key) || Object.hasOwn(Array.prototype, key)
    ? `Object.prototype.${key} was set`
    : undefined;
}
