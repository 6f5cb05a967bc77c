import type { Field, JsonSchema, WalkRoute } from './routes.ts';

/** The rows of one company the walk may name: table → ids (tables with `id` and `company_id`). */
export interface IdPool {
  companyId: number;
  ids: Record<string, number[]>;
}

/** Field or path stems whose table is not simply their plural. */
const ALIASES: Record<string, string> = {
  parent: 'goods_categories',
  exclude: 'goods_categories',
  category: 'goods_categories',
  shopgoods: 'goods',
  cart: 'cart_items',
  order_item: 'order_items',
  review: 'goods_reviews',
  message: 'anonymous_messages',
  board: 'anonymous_messages',
  problem: 'problems',
  experiment: 'projects',
  supplier: 'suppliers',
  group: 'company_groups',
};

function tableOfStem(stem: string, tables: readonly string[]): string | undefined {
  const alias = ALIASES[stem];
  if (alias && tables.includes(alias)) return alias;
  return [stem, `${stem}s`, `${stem}es`].find((t) => tables.includes(t));
}

/** `goods_id` → goods, `cart_ids` → cart_items, `parent_id` → goods_categories; undefined when unknown. */
export function tableOfField(name: string, tables: readonly string[]): string | undefined {
  const m = /^(.+?)_ids?$/.exec(name);
  return m?.[1] ? tableOfStem(m[1], tables) : undefined;
}

/** The table a route's own `id` most likely names, from its path (`/api/order/ship` → orders). */
export function tableOfRoute(route: WalkRoute, tables: readonly string[]): string | undefined {
  const segments = route.url.split('/').filter((s) => s && s !== 'api' && !s.startsWith(':'));
  for (const s of segments.reverse()) {
    const t = tableOfStem(s.replace(/-/g, '_'), tables);
    if (t) return t;
  }
  return undefined;
}

export type Kind = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'enum' | 'any';

export function kindOf(s: JsonSchema): Kind {
  if (s.enum) return 'enum';
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.every((a) => a.enum)) return 'enum';
  if (alts?.[0]) return kindOf(alts[0]);
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t === 'integer' || t === 'number' || t === 'string' || t === 'boolean' || t === 'array') return t;
  if (t === 'object' || s.properties) return 'object';
  return 'any';
}

export function enumValues(s: JsonSchema): unknown[] {
  return s.enum ?? (s.anyOf ?? s.oneOf ?? []).flatMap((a) => a.enum ?? []);
}

/** An integer field or a list of integers whose name says it names rows (`id`, `ids`, `goods_id`, `cart_ids`). */
export function isIdField(f: { name: string; schema: JsonSchema }) {
  if (f.name === 'company_id') return false;
  if (!/^(id|ids|.+_ids?)$/.test(f.name)) return false;
  const k = kindOf(f.schema);
  return (
    k === 'integer' || (k === 'array' && f.schema.items !== undefined && kindOf(f.schema.items) === 'integer')
  );
}

const clamp = (v: number, s: JsonSchema) => Math.min(Math.max(v, s.minimum ?? v), s.maximum ?? v);

function fitLength(v: string, s: JsonSchema) {
  let out = v;
  if (s.maxLength !== undefined && out.length > s.maxLength) out = out.slice(0, s.maxLength);
  while (s.minLength !== undefined && out.length < s.minLength) out += 'x';
  return out;
}

const HOUR = 3600_000;

/** A plausible value for a string field, by its name (the schema does not carry the refinements). */
function sampleString(name: string, s: JsonSchema): string {
  const n = name.toLowerCase();
  if (n.includes('mobile') || n === 'contact') return '13912340000';
  if (n.includes('email')) return 'walk@example.cn';
  if (n.includes('password')) return 'Walk-pass-2024';
  if (n === 'code') return '123456';
  if (/(^|_)(at|time|date)$/.test(n))
    return new Date(Date.now() + (/end|expire/.test(n) ? 30 * 24 : -1) * HOUR).toISOString();
  if (n === 'lang') return 'zh';
  if (n === 'platform') return 'android';
  if (n === 'current' || n === 'version') return '1.0.0';
  if (n === 'path' || n === 'route_path') return '/';
  if (n === 'host') return 'www.example.com';
  if (n === 'position') return 'home';
  if (n === 'category') return 'news';
  if (n === 'items') return '[]';
  if (/url|banner|icon|image|cover|avatar|link/.test(n)) return '/walk.png';
  return fitLength('走查walk', s);
}

export interface SampleContext {
  pool: IdPool;
  tables: readonly string[];
  /** The table a plain `id`/`ids` field names. */
  idTable?: string | undefined;
  /** Values to use for given id fields (overrides the pool's first id). */
  pick?: Record<string, number | number[]>;
}

function firstId(ctx: SampleContext, table: string | undefined) {
  return (table && ctx.pool.ids[table]?.[0]) || 1;
}

/** A value the field's schema accepts, naming the context company's rows where it names rows. */
export function sampleValue(name: string, s: JsonSchema, ctx: SampleContext): unknown {
  const picked = ctx.pick?.[name];
  if (picked !== undefined) return picked;
  const kind = kindOf(s);
  if (name === 'company_id' && (kind === 'integer' || kind === 'number')) return ctx.pool.companyId;
  if (isIdField({ name, schema: s })) {
    const table = name === 'id' || name === 'ids' ? ctx.idTable : tableOfField(name, ctx.tables);
    if (kind === 'integer') return firstId(ctx, table);
    const ids = (table && ctx.pool.ids[table]) || [1];
    return ids.slice(0, Math.max(1, Math.min(ids.length, s.maxItems ?? 20)));
  }
  switch (kind) {
    case 'integer':
    case 'number':
      return clamp(1, s);
    case 'boolean':
      return true;
    case 'enum': {
      const values = enumValues(s);
      return values.includes(1) ? 1 : values[0];
    }
    case 'string':
      return sampleString(name, s);
    case 'array':
      return s.items ? [sampleValue(name.replace(/s$/, ''), s.items, ctx)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleValue(k, v, ctx)]),
      );
    default:
      return '1';
  }
}

export type Body = Record<string, unknown>;

export function sampleBody(fields: Field[], ctx: SampleContext, only?: (f: Field) => boolean): Body {
  const body: Body = {};
  for (const f of fields) if (!only || only(f)) body[f.name] = sampleValue(f.name, f.schema, ctx);
  return body;
}

/**
 * Wrong values for a field, as raw JSON text (so that 1e309 and 30-digit integers reach the parser
 * as they are): strings for numbers, numbers for strings, lists, objects, negatives, overflow,
 * booleans, null, fractions.
 */
export const WRONG_JSON: readonly string[] = [
  '"abc"',
  '""',
  '-1',
  '1.5',
  '1e309',
  '"NaN"',
  '9007199254740993',
  '123456789012345678901234567890',
  'true',
  'null',
  '[1,2]',
  '{"a":1}',
  '"0x10"',
  '"１２"',
];

/** Wrong values for a field in a form or a query, already encoded (`NAME` is replaced by the field). */
export const WRONG_FORM: readonly string[] = [
  'NAME=abc',
  'NAME=-1',
  'NAME=1.5',
  'NAME=1e309',
  'NAME=NaN',
  'NAME=123456789012345678901234567890',
  'NAME=true',
  'NAME=',
  'NAME=%5B1%2C2%5D',
  'NAME=1&NAME=2&NAME=x',
  'NAME%5Ba%5D=1',
  'NAME=%00',
  'NAME=%FF%FE',
];

/** NUL bytes and odd unicode: right-to-left override, zero-width space, emoji, noncharacter, combining marks. */
export const ODD_TEXT = 'a\u0000b\u202e\u200b😀\uffff\u0301\u0000';
/** A lone surrogate, which JSON can carry escaped but UTF-8 cannot. */
export const LONE_SURROGATE_JSON = '"\\ud800x\\udfff"';
