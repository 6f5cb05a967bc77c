import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Codes } from '@portal/contract';
import type { Field, WalkRoute } from './routes.ts';
import {
  type Body,
  isIdField,
  kindOf,
  LONE_SURROGATE_JSON,
  ODD_TEXT,
  type SampleContext,
  sampleBody,
  sampleValue,
  tableOfField,
  tableOfRoute,
  WRONG_FORM,
  WRONG_JSON,
} from './values.ts';

/** One request of the walk, before it gets a caller. */
export interface Probe {
  variant: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /**
   * The codes a caller who may call the route may get; undefined: any answer but a server error.
   * (A caller the route refuses gets the refusal code instead, whatever the body.)
   */
  expect?: readonly number[];
  /** Answered before a route is found (a malformed or traversing URL): the same to every caller. */
  beforeRoute?: true;
  /**
   * The body is a stream that records whether anything read it (`tripwireBody`): sent by a caller
   * the route refuses, it proves the refusal comes before the body is read.
   */
  tripwire?: true;
}

/**
 * A JSON body that notes whether it was read. A caller the route refuses at the door (anonymous, a
 * role without the permission) is answered before the body is read (auth.plugin.ts, onRequest): a
 * refused probe with this body that finds it read fails the walk.
 */
export function tripwireBody(): { stream: Readable; wasRead: () => boolean } {
  let read = false;
  const stream = new Readable({
    read() {
      read = true;
      this.push('{"a":');
      this.push(null);
    },
  });
  return { stream, wasRead: () => read };
}

const PARAM = Codes.PARAM_ERROR.c;
const TOO_LARGE = Codes.PAYLOAD_TOO_LARGE.c;
const MEDIA = Codes.UNSUPPORTED_MEDIA.c;
const ROUTE_NOT_FOUND = Codes.ROUTE_NOT_FOUND.c;

export const BOUNDARY = 'WalkBoundary9f3';
const MB2 = 2 * 1024 * 1024;
const KB100 = 100 * 1024;
const DEPTH = 10_000;
const UNKNOWN_ID = 999_999_999;
/** The key a prototype-pollution attempt would set on Object.prototype. */
export const POLLUTION_KEY = 'walkPolluted';

const big = (n: number) => 'x'.repeat(n);
/** Bytes, not text: measuring a fresh 2 MB string in every probe was a tenth of the walk's processor time. */
const TWO_MB = Buffer.alloc(MB2, 'x');
const HUNDRED_KB = big(KB100);
/** `text` (JSON or a form) with `big` where `marker` stands: one copy of the bytes, no 2 MB string. */
function withBytes(text: string, marker: string, bytes: Buffer): Buffer {
  const at = text.indexOf(marker);
  return Buffer.concat([Buffer.from(text.slice(0, at)), bytes, Buffer.from(text.slice(at + marker.length))]);
}
const BIG = '__walk_big__';
const TWO_MB_JSON = withBytes(JSON.stringify({ walk_extra: BIG }), BIG, TWO_MB);
const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/**
 * The route's path with its `:name` segments filled: from `values` (raw, already encoded), else
 * the sample value of the parameter's schema, else 1.
 */
export function pathOf(route: WalkRoute, ctx?: SampleContext, values: Record<string, string> = {}) {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const given = values[name];
    if (given !== undefined) return given;
    const field = route.pathFields.find((f) => f.name === name);
    return field && ctx ? encodeURIComponent(String(sampleValue(name, field.schema, ctx))) : '1';
  });
}

/** Form/query encoding as the browser sends it: lists of scalars as repeated keys, objects as JSON. */
export function formEncode(body: Body): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) {
      for (const item of v) params.append(k, String(item));
    } else if (typeof v === 'object' && v !== null) {
      params.append(k, JSON.stringify(v));
    } else {
      params.append(k, String(v));
    }
  }
  return params.toString();
}

type Part = { name: string; value: string | Buffer; filename?: string; headers?: string[] };

export function partsOf(body: Body): Part[] {
  const parts: Part[] = [];
  for (const [name, v] of Object.entries(body)) {
    if (v === undefined) continue;
    const values =
      Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null) ? (v as unknown[]) : [v];
    for (const item of values) {
      parts.push({
        name,
        value: typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item),
      });
    }
  }
  return parts;
}

export function multipart(parts: Part[], opts: { boundary?: string; end?: boolean } = {}): Buffer {
  const b = opts.boundary ?? BOUNDARY;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = [`--${b}`, `Content-Disposition: ${disposition}`, ...(p.headers ?? [])];
    if (p.filename !== undefined) head.push('Content-Type: application/octet-stream');
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  if (opts.end !== false) chunks.push(Buffer.from(`--${b}--\r\n`));
  return Buffer.concat(chunks);
}

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };
const MULTIPART_TYPE = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const RAW = '"__walk_raw__"';
/** JSON text of `body` with `field` set to raw JSON text (so 1e309 stays 1e309). */
function jsonWith(body: Body, field: string, raw: string) {
  return JSON.stringify({ ...body, [field]: '__walk_raw__' }).replace(RAW, () => raw);
}

const stringFields = (fields: Field[]) => fields.filter((f) => kindOf(f.schema) === 'string');

function withEach(body: Body, fields: Field[], value: (f: Field) => unknown): Body {
  const out = { ...body };
  for (const f of fields) out[f.name] = value(f);
  return out;
}

/** Hostile requests for a route that reads a body (POST): every encoding, well-formed and not. */
function bodyProbes(route: WalkRoute, base: Body, ctx: SampleContext): Probe[] {
  const { fields } = route;
  const url = pathOf(route, ctx);
  const p = (
    variant: string,
    headers: Record<string, string>,
    payload?: string | Buffer,
    expect?: number[],
  ) => {
    const probe: Probe = { variant, method: route.method, url, headers };
    if (payload !== undefined) probe.payload = payload;
    if (expect) probe.expect = expect;
    return probe;
  };
  /** Codes that hold only when the route reads a body (one without a body schema ignores it). */
  const shaped = (codes: number[]) => (route.bodySchema ? codes : undefined);
  const json = JSON.stringify(base);
  const form = formEncode(base);
  const mp = multipart(partsOf(base));
  const strings = stringFields(fields);
  const ids = fields.filter(isIdField);
  const firstName = fields[0]?.name ?? 'walk_extra';
  const unknownIds = withEach(base, ids, (f) => (kindOf(f.schema) === 'array' ? [UNKNOWN_ID] : UNKNOWN_ID));
  const odd = withEach(base, strings, () => ODD_TEXT);
  const hundredKb = strings.length
    ? withEach(base, strings, () => HUNDRED_KB)
    : { ...base, walk_extra: HUNDRED_KB };
  // A field that takes 100 KB (a flow's BPMN drawing) reads the text and refuses it on its own
  // terms (its code and message): only a route whose every string is shorter must say 10001/10007.
  const tooLong = strings.length > 0 && strings.every((f) => (f.schema.maxLength ?? 0) < KB100);
  const out: Probe[] = [
    p('json', JSON_TYPE, json),
    p('form', FORM_TYPE, form),
    p('multipart', MULTIPART_TYPE, mp),
    p('no body, no content-type', {}),
    p('json: empty body', JSON_TYPE, '', [PARAM]),
    p('form: empty body', FORM_TYPE, ''),
    p('multipart: empty body', MULTIPART_TYPE, '', [PARAM]),
    p('json: malformed', JSON_TYPE, '{"a":', [PARAM]),
    p('json: top-level array', JSON_TYPE, '[1,2]', shaped([PARAM])),
    // null is read as no body, like an empty form (app.ts): whatever an empty body gets.
    p('json: top-level null', JSON_TYPE, 'null'),
    p('json: top-level string', JSON_TYPE, '"x"', shaped([PARAM])),
    p('json: top-level number', JSON_TYPE, '1', shaped([PARAM])),
    p('multipart: bad boundary', { 'content-type': 'multipart/form-data; boundary=Other' }, mp, [PARAM]),
    p('multipart: missing boundary', { 'content-type': 'multipart/form-data' }, mp, [PARAM]),
    p('multipart: truncated', MULTIPART_TYPE, mp.subarray(0, Math.max(3, Math.floor(mp.length / 2))), [
      PARAM,
    ]),
    p('multipart: no closing boundary', MULTIPART_TYPE, multipart(partsOf(base), { end: false }), [PARAM]),
    p('multipart: garbage', MULTIPART_TYPE, `--${BOUNDARY}\r\n\r\n\r\n--${BOUNDARY}`, [PARAM]),
    p(
      'multipart: part without a name',
      MULTIPART_TYPE,
      `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    ),
    p(
      'multipart: a file where a field is expected',
      MULTIPART_TYPE,
      multipart(
        (fields.length ? fields : [{ name: 'file' }]).map((f) => ({
          name: f.name,
          value: 'x',
          filename: 'a.txt',
        })),
      ),
      [PARAM, TOO_LARGE],
    ),
    p(
      'multipart: 20 files',
      MULTIPART_TYPE,
      multipart(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'x', filename: `${i}.txt` }))),
      [PARAM, TOO_LARGE],
    ),
    p(
      'multipart: 1000 parts',
      MULTIPART_TYPE,
      multipart(Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, value: 'v' }))),
      [TOO_LARGE],
    ),
    p(
      'multipart: 40 headers in a part',
      MULTIPART_TYPE,
      multipart([
        { name: firstName, value: 'x', headers: Array.from({ length: 40 }, (_, i) => `X-H${i}: v`) },
      ]),
    ),
    p('multipart: 300-character field name', MULTIPART_TYPE, multipart([{ name: big(300), value: 'x' }])),
    p(
      'multipart: 2 MB',
      MULTIPART_TYPE,
      multipart([...partsOf(base), { name: 'walk_extra', value: TWO_MB }]),
      [TOO_LARGE],
    ),
    p('json: 2 MB', JSON_TYPE, withBytes(JSON.stringify({ ...base, walk_extra: BIG }), BIG, TWO_MB), [
      TOO_LARGE,
    ]),
    p('form: 2 MB', FORM_TYPE, withBytes(`${form}&walk_extra=${BIG}`, BIG, TWO_MB), [TOO_LARGE]),
    p('json: 100 KB strings', JSON_TYPE, JSON.stringify(hundredKb), tooLong ? [PARAM, TOO_LARGE] : undefined),
    p('form: 100 KB strings', FORM_TYPE, formEncode(hundredKb), tooLong ? [PARAM, TOO_LARGE] : undefined),
    p('json: 10,000 nested arrays', JSON_TYPE, jsonWith(base, firstName, DEEP_ARRAY)),
    p('json: 10,000 nested objects', JSON_TYPE, jsonWith(base, firstName, DEEP_OBJECT)),
    p('json: 10,000 nested, unknown key', JSON_TYPE, jsonWith(base, 'walk_extra', DEEP_OBJECT)),
    p('json: unknown ids', JSON_TYPE, JSON.stringify(unknownIds)),
    p('form: unknown ids', FORM_TYPE, formEncode(unknownIds)),
    p('json: NUL and odd unicode', JSON_TYPE, JSON.stringify({ ...odd, 'k\u0000\u202e': ODD_TEXT })),
    p(
      'json: lone surrogates',
      JSON_TYPE,
      strings.reduce((t, f) => jsonWith(JSON.parse(t), f.name, LONE_SURROGATE_JSON), json),
    ),
    p('form: NUL and odd unicode', FORM_TYPE, `${formEncode(odd)}&%00k=%00&x=%FF%FE%E0%A4%A&%=%zz`),
    p(
      'multipart: NUL and odd unicode',
      MULTIPART_TYPE,
      multipart([...partsOf(odd), { name: 'k\u0000', value: Buffer.from([0xff, 0xfe, 0x00, 0xc3]) }]),
    ),
    p(
      'json: __proto__',
      JSON_TYPE,
      `{"__proto__":{"${POLLUTION_KEY}":1},${json.slice(1)}`.replace(/,}$/, '}'),
    ),
    p(
      'json: constructor.prototype',
      JSON_TYPE,
      `{"constructor":{"prototype":{"${POLLUTION_KEY}":1}},${json.slice(1)}`.replace(/,}$/, '}'),
    ),
    p(
      'form: __proto__',
      FORM_TYPE,
      `${form}&__proto__%5B${POLLUTION_KEY}%5D=1&constructor%5Bprototype%5D%5B${POLLUTION_KEY}%5D=1&__proto__=1&constructor=1`,
    ),
    p(
      'multipart: __proto__',
      MULTIPART_TYPE,
      multipart([
        ...partsOf(base),
        { name: '__proto__', value: `{"${POLLUTION_KEY}":1}` },
        { name: 'constructor', value: 'x' },
        { name: 'prototype', value: 'x' },
        { name: `__proto__[${POLLUTION_KEY}]`, value: '1' },
      ]),
    ),
    p('text/plain', { 'content-type': 'text/plain' }, json, shaped([PARAM, MEDIA])),
    p('application/xml', { 'content-type': 'application/xml' }, '<walk><a>1</a></walk>', [MEDIA]),
    p('unknown content-type', { 'content-type': 'application/x-walk' }, json, [MEDIA]),
    p('content-type without a type', { 'content-type': ';;' }, json, shaped([PARAM, MEDIA])),
    p('json: gzip declared, body not gzip', { ...JSON_TYPE, 'content-encoding': 'gzip' }, json, [
      PARAM,
      MEDIA,
    ]),
    p('json: gzip', { ...JSON_TYPE, 'content-encoding': 'gzip' }, zlib.gzipSync(json)),
    p('form: deflate declared, body not deflate', { ...FORM_TYPE, 'content-encoding': 'deflate' }, form, [
      PARAM,
      MEDIA,
    ]),
    p('json: charset utf-16', { 'content-type': 'application/json; charset=utf-16' }, json),
  ];
  for (const f of fields) {
    const rest = { ...base };
    delete rest[f.name];
    const restForm = formEncode(rest);
    const name = encodeURIComponent(f.name);
    for (const w of WRONG_JSON) out.push(p(`json: ${f.name}=${w}`, JSON_TYPE, jsonWith(base, f.name, w)));
    for (const w of WRONG_FORM) {
      const pair = w.replace(/NAME/g, name);
      out.push(p(`form: ${pair}`, FORM_TYPE, restForm ? `${restForm}&${pair}` : pair));
    }
    const parts = partsOf(rest);
    out.push(
      p(`multipart: ${f.name}=abc`, MULTIPART_TYPE, multipart([...parts, { name: f.name, value: 'abc' }])),
    );
    out.push(
      p(
        `multipart: ${f.name} twice`,
        MULTIPART_TYPE,
        multipart([...parts, { name: f.name, value: '1' }, { name: f.name, value: 'x' }]),
      ),
    );
  }
  return out;
}

/**
 * Hostile requests for a route that reads a querystring (GET, HEAD); `perField`: also each field
 * with every wrong value.
 */
function queryProbes(route: WalkRoute, base: Body, ctx: SampleContext, { perField = true } = {}): Probe[] {
  const { fields } = route;
  const path = pathOf(route, ctx);
  const p = (variant: string, query: string, extra: Partial<Probe> = {}): Probe => ({
    variant,
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers: {},
    ...extra,
  });
  const q = formEncode(base);
  const strings = stringFields(fields);
  const ids = fields.filter(isIdField);
  const out: Probe[] = [
    p('query', q),
    p('no query', ''),
    p(
      'query: unknown ids',
      formEncode(withEach(base, ids, (f) => (kindOf(f.schema) === 'array' ? [UNKNOWN_ID] : UNKNOWN_ID))),
    ),
    p('query: 100 KB values', formEncode(withEach(base, fields, () => HUNDRED_KB))),
    p(
      'query: NUL and odd unicode',
      `${formEncode(withEach(base, strings, () => ODD_TEXT))}&%00=%00&k=%FF%FE&%E2%80%AE=1`,
    ),
    p(
      'query: __proto__',
      `${q}&__proto__%5B${POLLUTION_KEY}%5D=1&constructor%5Bprototype%5D%5B${POLLUTION_KEY}%5D=1&__proto__=x`,
    ),
    p('query: bad percent-encoding', `${q}&%=1&%zz=%E0%A4%A&x=%`),
  ];
  if (route.method === 'HEAD') return out;
  out.push(
    p('query: every field twice', `${q}&${q}`),
    p('GET with a malformed JSON body', q, { headers: JSON_TYPE, payload: '{"a":' }),
    p('GET with a truncated multipart body', q, {
      headers: MULTIPART_TYPE,
      payload: `--${BOUNDARY}\r\nContent-Dis`,
    }),
    p('GET with a 2 MB body', q, { headers: JSON_TYPE, payload: TWO_MB_JSON }),
    p('GET with gzip declared, body not gzip', q, {
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
      payload: '{}',
    }),
  );
  for (const f of perField ? fields : []) {
    const rest = { ...base };
    delete rest[f.name];
    const restQuery = formEncode(rest);
    const name = encodeURIComponent(f.name);
    for (const w of WRONG_FORM) {
      const pair = w.replace(/NAME/g, name);
      out.push(p(`query: ${pair}`, restQuery ? `${restQuery}&${pair}` : pair));
    }
  }
  return out;
}

/** Hostile values of a path parameter, raw (as they stand in the URL). */
const PATH_VALUES = ['999999999', '-1', 'abc', '1.5', '%00', '..%2f..%2f', '..', 'a%5Cb', '%zz', big(2000)];

/** Path values answered before any route is found, whoever calls: the code each gets. */
const BEFORE_ROUTE: Record<string, number[]> = {
  '..': [ROUTE_NOT_FOUND], // the URL resolves to another path
  '%zz': [PARAM], // not a percent-encoding
  [big(2000)]: [PARAM, ROUTE_NOT_FOUND], // over Fastify's parameter length (HTTP 414)
};

/**
 * Each path parameter in turn with a hostile value, the rest of the request well-formed: an
 * integer parameter refuses what is not a whole number in range (10001); a URL that finds no route
 * answers so before any access check (`beforeRoute`); anything else must merely not fail.
 */
function pathProbes(route: WalkRoute, base: Body, ctx: SampleContext): Probe[] {
  const out: Probe[] = [];
  for (const f of route.pathFields) {
    const integer = kindOf(f.schema) === 'integer';
    for (const v of PATH_VALUES) {
      const url = pathOf(route, ctx, { [f.name]: v });
      const probe: Probe = {
        variant: `path ${f.name}=${v.slice(0, 20)}`,
        method: route.method,
        url: route.carrier === 'body' ? url : `${url}?${formEncode(base)}`,
        headers: route.carrier === 'body' ? FORM_TYPE : {},
        ...(route.carrier === 'body' && { payload: formEncode(base) }),
      };
      const before = BEFORE_ROUTE[v];
      if (before) Object.assign(probe, { expect: before, beforeRoute: true });
      else if (integer && v !== '999999999') probe.expect = [PARAM];
      out.push(probe);
    }
  }
  return out;
}

/** Every hostile request of a route; `ctx` says which company's rows the well-formed parts name. */
export function hostileProbes(route: WalkRoute, ctx: SampleContext): Probe[] {
  const base = sampleBody(route.fields, { ...ctx, idTable: tableOfRoute(route, ctx.tables) });
  return [
    ...(route.carrier === 'body' ? bodyProbes(route, base, ctx) : queryProbes(route, base, ctx)),
    ...pathProbes(route, base, ctx),
  ];
}

/**
 * What a caller the route refuses at the door is sent: the requests that differ before the body is
 * read (every path probe; a query route's probes but the per-field values, which differ only in what
 * the query holds) and, for a body route, one well-formed body and the tripwire (`doorProbes`).
 */
export function refusedProbes(route: WalkRoute, ctx: SampleContext): Probe[] {
  const base = sampleBody(route.fields, { ...ctx, idTable: tableOfRoute(route, ctx.tables) });
  const url = pathOf(route, ctx);
  const front: Probe[] =
    route.carrier === 'body'
      ? doorProbes(route, ctx, {
          variant: 'json',
          method: route.method,
          url,
          headers: JSON_TYPE,
          payload: JSON.stringify(base),
        })
      : queryProbes(route, base, ctx, { perField: false });
  return [...front, ...pathProbes(route, base, ctx)];
}

/**
 * A refused caller's requests of a route beyond its path: `first`, and for a body route the
 * tripwire body too. The door comes before the body (auth.plugin.ts), so the body's variants all
 * take the same way; the tripwire fails the walk the day that stops being so. A GET or HEAD route's
 * body is read by no parser, so it tells nothing there and is not sent.
 */
export function doorProbes(route: WalkRoute, ctx: SampleContext, first: Probe): Probe[] {
  if (route.carrier !== 'body') return [first];
  return [
    first,
    {
      variant: 'tripwire body',
      method: route.method,
      url: pathOf(route, ctx),
      headers: JSON_TYPE,
      tripwire: true,
    },
  ];
}

/**
 * Well-shaped requests that name the pool's rows: all fields, required fields only, required plus
 * each optional one; then every id field cycled through the rows it may name (a plain `id` through
 * every table, the route's own table first), on both the full and the minimal body.
 */
export function wellShapedProbes(route: WalkRoute, ctx: SampleContext): Probe[] {
  const idTable = tableOfRoute(route, ctx.tables);
  const c: SampleContext = { ...ctx, idTable };
  const { fields } = route;
  const bodies: { variant: string; body: Body }[] = [];
  const full = sampleBody(fields, c);
  const required = sampleBody(fields, c, (f) => f.required);
  bodies.push({ variant: 'all fields', body: full }, { variant: 'required fields', body: required });
  for (const f of fields.filter((x) => !x.required)) {
    bodies.push({ variant: `required + ${f.name}`, body: { ...required, [f.name]: full[f.name] } });
  }
  for (const f of fields.filter(isIdField)) {
    const own = f.name === 'id' || f.name === 'ids' ? undefined : tableOfField(f.name, ctx.tables);
    const tables = own ? [own] : [...new Set([idTable, ...Object.keys(ctx.pool.ids)])].filter(Boolean);
    for (const t of tables as string[]) {
      const rows = ctx.pool.ids[t] ?? [];
      const values: (number | number[])[] = kindOf(f.schema) === 'array' ? [rows] : rows;
      for (const v of values) {
        if (Array.isArray(v) && v.length === 0) continue;
        const label = `${f.name}=${t}#${Array.isArray(v) ? v.join(',') : v}`;
        bodies.push({ variant: `all fields, ${label}`, body: { ...full, [f.name]: v } });
        bodies.push({ variant: `required fields, ${label}`, body: { ...required, [f.name]: v } });
      }
    }
  }
  const path = pathOf(route, c);
  return bodies.map(({ variant, body }) =>
    route.carrier === 'body'
      ? { variant, method: route.method, url: path, headers: FORM_TYPE, payload: formEncode(body) }
      : { variant, method: route.method, url: `${path}?${formEncode(body)}`, headers: {} },
  );
}
