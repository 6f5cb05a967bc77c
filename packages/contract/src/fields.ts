import { z } from 'zod';
import { KEYWORD_MAX, MAX_PAGE_SIZE } from './constants.ts';
import { ALL_CODENAMES } from './permissions.ts';

/**
 * Field schemas with Chinese messages that name the field. Form posts carry strings, so numbers and
 * flags are parsed from strings here; an empty string counts as "not given".
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

function typeError(label: string, kind = '格式不正确') {
  return (iss: { input?: unknown }) => (iss.input === undefined ? `${label}不能为空` : `${label}${kind}`);
}

export function text(label: string, opts: { max: number; min?: number }) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : blank(v)),
    z
      .string({ error: typeError(label) })
      .min(1, `${label}不能为空`)
      .min(opts.min ?? 1, `${label}不能少于${opts.min}个字符`)
      .max(opts.max, `${label}不能超过${opts.max}个字符`),
  );
}

export function optionalText(label: string, opts: { max: number }) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : blank(v)),
    z
      .string({ error: typeError(label) })
      .max(opts.max, `${label}不能超过${opts.max}个字符`)
      .optional(),
  );
}

/** The keyword a list or a picker is searched by (pages bound their search box by KEYWORD_MAX). */
export const keyword = (label = '关键字') => optionalText(label, { max: KEYWORD_MAX });

const toNumber = (v: unknown) => {
  const b = blank(v);
  if (typeof b === 'string' && /^\s*-?\d+\s*$/.test(b)) return Number(b);
  return b;
};

export function int(label: string, opts: { min: number; max: number }) {
  return z.preprocess(
    toNumber,
    z
      .number({ error: typeError(label, '必须是整数') })
      .int(`${label}必须是整数`)
      .min(opts.min, `${label}不能小于${opts.min}`)
      .max(opts.max, `${label}不能大于${opts.max}`),
  );
}

export function optionalInt(label: string, opts: { min: number; max: number }) {
  return z.preprocess(
    toNumber,
    z
      .number({ error: typeError(label, '必须是整数') })
      .int(`${label}必须是整数`)
      .min(opts.min, `${label}不能小于${opts.min}`)
      .max(opts.max, `${label}不能大于${opts.max}`)
      .optional(),
  );
}

/**
 * One of the keys of `names` (a value → 中文名 record such as PAYMENT_METHODS); anything else answers
 * `error` (「{label}不正确」 unless given).
 */
export function choice<K extends string>(label: string, names: Record<K, string>, error = `${label}不正确`) {
  return z.preprocess(blank, z.enum(Object.keys(names) as [K, ...K[]], { error }));
}

export function optionalChoice<K extends string>(
  label: string,
  names: Record<K, string>,
  error = `${label}不正确`,
) {
  return z.preprocess(blank, z.enum(Object.keys(names) as [K, ...K[]], { error }).optional());
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** A mainland mobile number (11 digits, 1[3-9]…). */
export const mobile = (label = '手机号') =>
  text(label, { max: 11 }).refine((v) => MOBILE_PATTERN.test(v), `${label}格式不正确`);

/** An optional mainland mobile number; '' counts as not given. */
export const optionalMobile = (label = '手机号') =>
  optionalText(label, { max: 11 }).refine(
    (v) => v === undefined || v === '' || MOBILE_PATTERN.test(v),
    `${label}格式不正确`,
  );

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional e-mail address; '' counts as not given. */
export const optionalEmail = (label = '邮箱', max = 100) =>
  optionalText(label, { max }).refine(
    (v) => v === undefined || v === '' || EMAIL_PATTERN.test(v),
    `${label}格式不正确`,
  );

/** An optional 6-digit administrative division code (GB/T 2260: 330106 = 浙江省杭州市西湖区). */
export const optionalDivisionCode = (label: string) =>
  optionalText(label, { max: 6 }).refine(
    (v) => v === undefined || v === '' || /^\d{6}$/.test(v),
    `${label}代码必须是6位数字`,
  );

export const MAX_ID = 2_147_483_647;
export const id = (label: string) => int(label, { min: 1, max: MAX_ID });
export const optionalId = (label: string) => optionalInt(label, { min: 1, max: MAX_ID });

/** A list as a form carries it: repeated fields, `1,2`, or a JSON array (text); '' is an empty list. */
function listInput(v: unknown) {
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s);
      } catch {
        return v;
      }
    }
    return s === '' ? [] : s.split(',').map((x) => x.trim());
  }
  return blank(v);
}

/** Accepts `ids=1&ids=2`, `ids=1,2`, `ids=[1,2]` or a JSON array. */
export function idList(label: string, max = 200) {
  return z.preprocess(
    listInput,
    z
      .array(id(label), { error: typeError(label) })
      .min(1, `请选择${label}`)
      .max(max, `${label}一次最多${max}个`),
  );
}

/** A list of `item`s (as `idList` takes them), none when not given; at most `max`. */
export const optionalList = <T extends z.ZodType>(label: string, item: T, max: number) =>
  z.preprocess(
    (v) => listInput(v) ?? [],
    z.array(item, { error: `${label}格式不正确` }).max(max, `${label}最多${max}个`),
  );

const KNOWN_CODENAMES = new Set<string>(ALL_CODENAMES);
/** A set of actions (permissions.ts codenames), the whole set a call gives; each one known. */
export const codenameList = (label = '操作') =>
  optionalList(
    label,
    z.string().refine((c) => KNOWN_CODENAMES.has(c), { message: `${label}不存在` }),
    ALL_CODENAMES.length,
  );

/** 0/1 flag from a boolean, 0/1, "0"/"1" or "true"/"false". */
export function flag(label: string) {
  return z.preprocess(
    (v) => {
      const b = blank(v);
      if (b === true || b === 'true' || b === '1' || b === 1) return 1;
      if (b === false || b === 'false' || b === '0' || b === 0) return 0;
      return b;
    },
    z.union([z.literal(0), z.literal(1)], { error: typeError(label, '只能是0或1') }),
  );
}

export const paging = {
  page: optionalInt('页码', { min: 1, max: 100_000 }),
  page_size: optionalInt('每页条数', { min: 1, max: MAX_PAGE_SIZE }),
};

/** The object wrapper: anything that is not an object answers 参数格式不正确. */
export function form<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: '参数格式不正确' });
}

/**
 * An amount typed in yuan with at most two decimals (`12.5`, `12.50`, `12`) as cents; the message
 * names the field. What a spreadsheet's money column holds (the API's own fields take cents).
 */
export const yuanAsCents = (label: string, opts: { max: number; min?: number }) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;
      if (typeof t !== 'string' || !/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
      const [whole, part = ''] = t.split('.');
      return Number(whole) * 100 + Number(part.padEnd(2, '0'));
    },
    z
      .number({
        error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}须为数字，最多两位小数`),
      })
      .refine((n) => !Number.isNaN(n), `${label}须为数字，最多两位小数`)
      .refine((n) => Number.isNaN(n) || n >= (opts.min ?? 0), `${label}不能小于${(opts.min ?? 0) / 100}元`)
      .refine((n) => n <= opts.max, `${label}不能超过${opts.max / 100}元`),
  );

/** `YYYY-MM-DD HH:mm:ss`, read as China time (UTC+8). */
const PLAIN_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** ISO-8601 with its zone: `YYYY-MM-DDTHH:mm[:ss[.sss]]` then `Z` or `±HH:mm`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** The time in ms, or undefined unless `v` is one of the two forms and a real date and time. */
function parseTime(v: string): number | undefined {
  const plain = PLAIN_TIME.test(v);
  const iso = plain ? null : ISO_TIME.exec(v);
  if (!plain && !iso) return undefined;
  const ms = Date.parse(plain ? `${v.replace(' ', 'T')}+08:00` : v);
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls 02-31 over into March and 24:00 into the next day: the wall time must read back.
  const sign = iso?.[1] === '-' ? -1 : 1;
  const offsetMinutes = plain ? 480 : iso?.[1] ? sign * (Number(iso[2]) * 60 + Number(iso[3])) : 0;
  const wall = new Date(ms + offsetMinutes * 60_000).toISOString();
  const upTo = v[16] === ':' ? 19 : 16;
  return wall.slice(0, upTo) === v.slice(0, upTo).replace(' ', 'T') ? ms : undefined;
}

/** A day `YYYY-MM-DD` that exists (02-30 does not). */
export const day = (label: string) =>
  text(label, { max: 10 }).refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, `${label}格式应为YYYY-MM-DD`);

/** An ISO-8601 time with `Z` or an offset, or `YYYY-MM-DD HH:mm:ss` in China time; stored as ISO UTC. */
export function time(label: string) {
  return text(label, { max: 40 }).transform((v, ctx) => {
    const ms = parseTime(v);
    if (ms === undefined) {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });
}

/**
 * A file part of a multipart body as the server's parser hands it over (`{filename, mimetype, size,
 * path}`; a Blob when the web sends it); `message` when none was sent.
 */
export const uploadedFile = (message: string) =>
  z.custom<Blob | { filename: string; mimetype: string; size: number; path: string }>(
    (v) => typeof v === 'object' && v !== null && typeof (v as { path?: unknown }).path === 'string',
    { error: message },
  );
