import {
  type Call,
  type CallInput,
  type CallOf,
  type CallOutput,
  type CallRoute,
  fillPath,
  inputInQuery,
  PASSWORD_CHANGE_CODE,
  SESSION_EXPIRED_CODE,
} from '@portal/contract';
import { endSession, getToken, isLoggedIn, loginPath, updateUserInfo } from '#web/shared/session.ts';
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

/** A value a form body cannot carry as text: an object (not a file), or a list holding one. */
const structured = (value: unknown) => {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !(v instanceof Blob);
  return Array.isArray(value) ? value.some(isObject) : isObject(value);
};

/**
 * A call's input as form entries: a list of scalars as repeated keys (`ids=1&ids=2`); an object,
 * or a list of objects (a team's seats, a project's targets), as one JSON text, which the contract's
 * list and object fields read.
 */
function entries(params: Params | undefined): [string, Exclude<Scalar, null | undefined>][] {
  const out: [string, Exclude<Scalar, null | undefined>][] = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    if (structured(value)) {
      out.push([key, JSON.stringify(value)]);
      continue;
    }
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

/** What the client needs of a call: the declaration or its zod-free route. */
type Route = Pick<CallRoute, 'method' | 'path' | 'family'>;

/**
 * Where a call goes and what it sends: the path with its `{name}` parameters filled from the input
 * (each encoded as one segment), the rest of the input in the query (GET, DELETE) or the body.
 */
export function requestOf(call: Route, input: Params | undefined) {
  const rest: Params = { ...input };
  const path = fillPath(call.path, (name) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || typeof value === 'object')
      throw new Error(`${call.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(asText(value));
  });
  const inQuery = inputInQuery(call.method);
  return {
    url: `${API_BASE}${path}${inQuery ? toQuery(rest) : ''}`,
    body: inQuery ? undefined : toBody(rest),
  };
}

interface Envelope {
  c: number;
  d?: unknown;
  m?: string;
  field?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A console refusal's message, as the specification's error catalogue reads it: `msg`, else the
 * first of `non_field_errors`, else a list joined, else the first message of the first field, else
 * `detail`; 请求错误 otherwise and for a server error, 未知错误 for a field error that is not text.
 */
export function consoleRefusal(status: number, body: unknown): ApiError {
  const refusal = (m: string, field?: string) =>
    new ApiError(status, m, field, isRecord(body) && typeof body.code === 'string' ? body.code : undefined);
  if (status >= 500) return refusal('请求错误');
  if (Array.isArray(body)) return refusal(body.join('；') || '请求错误');
  if (!isRecord(body)) return refusal('请求错误');
  if (typeof body.msg === 'string' && body.msg) return refusal(body.msg);
  const general = body.non_field_errors;
  if (Array.isArray(general) && typeof general[0] === 'string') return refusal(general[0]);
  const field = Object.keys(body).find((k) => !['code', 'msg', 'detail', 'non_field_errors'].includes(k));
  if (field) {
    const value = body[field];
    const first = Array.isArray(value) ? value[0] : value;
    return refusal(typeof first === 'string' && first ? first : '未知错误', field);
  }
  return refusal(typeof body.detail === 'string' && body.detail ? body.detail : '请求错误');
}

/**
 * A reply read in its call's family: the envelope's `d` (portal), or a console call's body (`null`
 * for 204), or the refusal thrown (toasted as asked; a session expiry leaves).
 */
function settle<T>(call: Route, status: number, text: string, opts: RequestOptions): T {
  const failed = (cause?: unknown) =>
    new TransportError(`${call.method} ${call.path}: unexpected reply`, { cause });
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch (cause) {
    if (call.family !== 'console' || status < 500) throw failed(cause);
  }
  let err: ApiError;
  if (call.family === 'console') {
    if (status >= 200 && status < 300) return body as T;
    err = consoleRefusal(status, body);
  } else {
    if (!isRecord(body) || typeof body.c !== 'number') throw failed();
    const envelope = body as unknown as Envelope;
    if (envelope.c === 0) return envelope.d as T;
    err = new ApiError(envelope.c, envelope.m ?? '', envelope.field);
  }
  if (err.c === SESSION_EXPIRED_CODE || err.code === 'AUTH_FAIL') sessionExpired(err.m);
  // The password was reset by an administrator meanwhile: the screens send the user to 修改密码.
  else if (err.c === PASSWORD_CHANGE_CODE) updateUserInfo({ must_change_password: 1 });
  else if (err.m && shouldToast(opts.toast, err)) toastError(err.m);
  throw err;
}

async function request<T>(call: Route, params?: Params, opts: RequestOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  const { url, body } = requestOf(call, params);
  let res: Response;
  let text: string;
  try {
    res = await transport(url, {
      method: call.method,
      headers,
      credentials: 'include',
      ...(body ? { body } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    text = await res.text();
  } catch (cause) {
    throw new TransportError(`${call.method} ${call.path} failed`, { cause });
  }
  return settle<T>(call, res.status, text, opts);
}

export interface TransferOptions extends RequestOptions {
  /** How much of the request body has been sent (0–1), as a large upload goes. */
  onProgress?: (sent: number) => void;
}

/**
 * A request by XMLHttpRequest (fetch reports no upload progress), for a file sent: the envelope's
 * `d`, or the refusal thrown.
 */
function transfer(call: Route, params: Params | undefined, opts: TransferOptions): Promise<unknown> {
  const failed = (cause?: unknown) => new TransportError(`${call.method} ${call.path} failed`, { cause });
  const { url, body } = requestOf(call, params);
  return new Promise<XMLHttpRequest>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.method, url);
    xhr.responseType = 'blob';
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    const { onProgress, signal } = opts;
    if (onProgress)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(failed());
    xhr.onabort = () => reject(failed(signal?.reason));
    if (signal?.aborted) return reject(failed(signal.reason));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  }).then(async (xhr) => {
    if (!(xhr.getResponseHeader('content-type') ?? '').includes('json')) throw failed(xhr.status);
    let text: string;
    try {
      text = await (xhr.response as Blob).text();
    } catch (cause) {
      throw failed(cause);
    }
    return settle(call, xhr.status, text, opts);
  });
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
    request<CallOutput<X>>(call, input as Params | undefined, opts),
  /**
   * A declared call whose input holds a file (multipart), reporting the upload's progress
   * (`onProgress`); answers as `call`.
   */
  upload: <X extends Call | CallRoute>(call: X, input: CallInput<CallOf<X>>, opts: TransferOptions = {}) =>
    transfer(call, input as Params, opts) as Promise<CallOutput<X>>,
  /**
   * The address of a declared GET call, for what the browser fetches itself (a picture, a file to
   * download): the session cookie goes with it, the token header cannot.
   */
  href: <X extends Call | CallRoute>(call: X, input: CallInput<CallOf<X>>) => {
    if (call.method !== 'GET') throw new Error(`${call.path} is not a GET call`);
    return requestOf(call, input as Params).url;
  },
};
