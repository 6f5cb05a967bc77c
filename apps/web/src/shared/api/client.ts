import {
  type Call,
  type CallInput,
  type CallOf,
  type CallOutput,
  type CallRoute,
  SESSION_EXPIRED_CODE,
} from '@portal/contract';
import { endSession, getToken, isLoggedIn, loginPath } from '#web/shared/session.ts';
import { ApiError, TransportError } from './errors.ts';
import { toastError } from './toast.ts';

export { ApiError, isApiError, TransportError } from './errors.ts';

export const API_BASE = '/api';

type Scalar = string | number | boolean | Blob | null | undefined;
export type Params = Record<string, Scalar | readonly Scalar[]>;

export interface RequestOptions {
  /**
   * Whether a server message is toasted: `true` (default), `false`, or `'unlessField'` for forms
   * that show an error carrying `field` next to that field. Session expiry is always shown.
   */
  toast?: boolean | 'unlessField';
  signal?: AbortSignal;
}

/** How a request reaches the server: `fetch` in the browser; the server's renderer sets its own. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server's renderer answers the page's calls itself, without going through the network. */
export function setTransport(fn: Transport): void {
  transport = fn;
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers its navigate here so a session expiry can leave without a page reload. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

function entries(params: Params | undefined): [string, Exclude<Scalar, null | undefined>][] {
  const out: [string, Exclude<Scalar, null | undefined>][] = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    const list = Array.isArray(value) ? value : [value];
    for (const v of list as Scalar[]) if (v !== undefined && v !== null) out.push([key, v]);
  }
  return out;
}

const asText = (v: Exclude<Scalar, null | undefined | Blob>) =>
  typeof v === 'boolean' ? (v ? '1' : '0') : String(v);

function toQuery(params: Params | undefined): string {
  const q = new URLSearchParams();
  for (const [k, v] of entries(params)) if (!(v instanceof Blob)) q.append(k, asText(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Form-urlencoded (arrays as repeated keys), or multipart as soon as one value is a file. */
function toBody(params: Params | undefined): URLSearchParams | FormData {
  const list = entries(params);
  if (list.some(([, v]) => v instanceof Blob)) {
    const fd = new FormData();
    for (const [k, v] of list) {
      if (v instanceof Blob) fd.append(k, v);
      else fd.append(k, asText(v));
    }
    return fd;
  }
  const body = new URLSearchParams();
  for (const [k, v] of list) body.append(k, asText(v as Exclude<Scalar, Blob | null | undefined>));
  return body;
}

function sessionExpired(m: string): void {
  // Parallel calls can all answer 10003; only the first one shows it and leaves.
  if (!isLoggedIn() && getToken() === null) return;
  toastError(m);
  endSession();
  const here = `${window.location.pathname}${window.location.search}`;
  navigate(window.location.pathname === '/login' ? here : loginPath(here));
}

function shouldToast(option: RequestOptions['toast'], err: ApiError): boolean {
  if (option === 'unlessField') return !err.field;
  return option !== false;
}

interface Envelope {
  c: number;
  d?: unknown;
  m?: string;
  field?: string;
}

async function request<T>(method: string, path: string, params?: Params, opts: RequestOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  const isGet = method === 'GET';
  const url = `${API_BASE}${path}${isGet ? toQuery(params) : ''}`;

  let body: Envelope;
  try {
    const res = await transport(url, {
      method,
      headers,
      credentials: 'include',
      ...(isGet ? {} : { body: toBody(params) }),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    body = (await res.json()) as Envelope;
  } catch (cause) {
    throw new TransportError(`${method} ${path} failed`, { cause });
  }
  if (body === null || typeof body !== 'object' || typeof body.c !== 'number') {
    throw new TransportError(`${method} ${path}: unexpected reply`);
  }
  if (body.c === 0) return body.d as T;

  const err = new ApiError(body.c, body.m ?? '', body.field);
  if (body.c === SESSION_EXPIRED_CODE) sessionExpired(err.m);
  else if (err.m && shouldToast(opts.toast, err)) toastError(err.m);
  throw err;
}

/** Arguments of `api.call`: the input may be left out when every field of it is optional. */
type CallArgs<C extends Call> =
  Record<string, never> extends CallInput<C>
    ? [input?: CallInput<C>, opts?: RequestOptions]
    : [input: CallInput<C>, opts?: RequestOptions];

export const api = {
  /**
   * Makes a declared call (packages/contract): its method and path come from the declaration and
   * its reply type from the declared output, so a changed reply or a wrong input fails `tsc`.
   */
  call: <X extends Call | CallRoute>(call: X, ...[input, opts]: CallArgs<CallOf<X>>) =>
    request<CallOutput<X>>(call.method, call.path, input as Params | undefined, opts),
  /**
   * The address of a declared GET call, for what the browser fetches itself (a picture, a file to
   * download): the session cookie goes with it, the token header cannot.
   */
  href: <X extends Call | CallRoute>(call: X, input: CallInput<CallOf<X>>) => {
    if (call.method !== 'GET') throw new Error(`${call.path} is not a GET call`);
    return `${API_BASE}${call.path}${toQuery(input as Params)}`;
  },
};
