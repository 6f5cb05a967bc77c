import { z } from 'zod';
import { isSafeLink } from './cms.ts';
import {
  choice,
  day,
  flag,
  id,
  int,
  optionalChoice,
  optionalId,
  optionalInt,
  optionalText,
  text,
  time,
} from './fields.ts';
import { auditTimeLabels, type auditTimes } from './item-fields.ts';
import type { SheetKind } from './resource-limits.ts';

/**
 * A resource's columns declared once (ADR 0036, ant-design-pro's ProTable idea on our contract):
 * each says its Chinese label, its kind, its limits and where it shows. From the declaration come
 * the writable fields (fields.ts, with their Chinese messages), the item schema, the list's
 * filters, the Excel headers and words (resource.ts); the server's row mapping (`itemFromRow`,
 * `valuesFromFields` below); the web's table columns, search, dialog form and detail view
 * (apps/web/src/shared/resource/declared.tsx).
 */

/** Where a column shows. */
export type Place = 'list' | 'search' | 'form' | 'detail' | 'excel';

export type ColumnKind =
  | 'text'
  | 'longText'
  | 'int'
  | 'money'
  | 'time'
  | 'day'
  | 'choice'
  | 'flag'
  | 'picture'
  | 'pictures'
  | 'richText'
  | 'ref'
  | 'custom';

/** How a list on a phone shows the column (ListTable's cards): in the card's head, or not at all. */
export type PhoneHint = 'title' | 'hidden';

/** What every column may say besides its kind's limits. */
export interface ColumnOptions {
  /** In the list (default true; a rich text, false). */
  list?: boolean;
  /**
   * Searched: a text column is one the list's keyword searches; a choice or flag is a filter of
   * the list (default false).
   */
  search?: boolean;
  /** A writable field of the create and update calls, so in the dialog form (default true). */
  form?: boolean;
  /** In the detail view (default true). */
  detail?: boolean;
  /**
   * A column of the export, and of the import when it is a field (default true); a text is its
   * header where it is not the label (库存; money is headed 「label（元）」 unless given).
   */
  excel?: boolean | string;
  /**
   * An identifier (商品编码, 仓库编码): a sheet's number cell in it is refused, since Excel drops a
   * number's leading zeros (00020013 typed is 20013 kept); `'pad'`: read as its number format
   * shows it (20013 under the format 00000000 is 00020013), refused only when that cannot tell.
   */
  code?: true | 'pad';
  /** The database column, where the naming rule (`columnName`) does not give it. */
  column?: string;
  /** The column's place on a phone's card. */
  phone?: PhoneHint;
  /** The form's words under the field (数字小的排在前面). */
  hint?: string;
  /** The input's placeholder (选填 for an optional field unless given). */
  placeholder?: string;
  /** A new row's value in the form. */
  initial?: string | number;
  /** The field's schema, where the kind's is not it (a rich text's sanitising rule). */
  field?: z.ZodType;
}

/** One declared column: the item's schema, the writable field's (none when read only), and its words. */
export interface Column<
  I extends z.ZodType = z.ZodType,
  F extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly kind: ColumnKind;
  readonly label: string;
  readonly item: I;
  readonly field: F;
  /** Must be given (a form item marked required, an import column marked *). */
  readonly required: boolean;
  readonly min?: number;
  readonly max?: number;
  /** A choice's or flag's words, value → word, in the order a list offers them. */
  readonly words?: readonly (readonly [string | number, string])[];
  /**
   * A reference's picker (the other resource's `select` path, or its tree's) and the item's key
   * holding its name, when the item holds it (a page names it otherwise: a category from its tree).
   */
  readonly ref?: { select: string; name?: string };
  readonly places: Readonly<Record<Place, boolean>>;
  /** The spreadsheet's header, where it is not the label. */
  readonly header?: string;
  /** An identifier in a sheet (`ColumnOptions.code`). */
  readonly code?: true | 'pad';
  readonly column?: string;
  readonly phone?: PhoneHint;
  readonly hint?: string;
  readonly placeholder?: string;
  readonly initial?: string | number;
}

export type Shape = Record<string, Column>;

/** The column's field: its own (`o.field`) when it gives one, else the kind's. */
type FieldOf<O, F extends z.ZodType> = O extends { field: infer Own extends z.ZodType } ? Own : F;
/** The column's field when `o.form` is not false: none when read only. */
type Writable<O, F extends z.ZodType> = O extends { form: false } ? undefined : FieldOf<O, F>;
/** The column's field when `o.form` is true (a time is read only unless it says so). */
type WritableIf<O, F extends z.ZodType> = O extends { form: true } ? FieldOf<O, F> : undefined;

function column(
  kind: ColumnKind,
  label: string,
  item: z.ZodType,
  field: z.ZodType,
  o: ColumnOptions & { optional?: boolean; min?: number; max?: number },
  extra: Partial<Column> = {},
): Column {
  const writable = o.form ?? true;
  return {
    kind,
    label,
    item,
    field: writable ? (o.field ?? field) : undefined,
    required: writable && !o.optional,
    ...(o.min === undefined ? {} : { min: o.min }),
    ...(o.max === undefined ? {} : { max: o.max }),
    places: {
      list: o.list ?? kind !== 'richText',
      search: o.search ?? false,
      form: writable,
      detail: o.detail ?? true,
      excel: o.excel !== false,
    },
    ...(typeof o.excel === 'string' ? { header: o.excel } : {}),
    ...(o.code === undefined ? {} : { code: o.code }),
    ...(o.column === undefined ? {} : { column: o.column }),
    ...(o.phone === undefined ? {} : { phone: o.phone }),
    ...(o.hint === undefined ? {} : { hint: o.hint }),
    ...(o.placeholder === undefined ? {} : { placeholder: o.placeholder }),
    ...(o.initial === undefined ? {} : { initial: o.initial }),
    ...extra,
  };
}

type Opt = ColumnOptions & { optional?: boolean };
/** A read-only column's options: no form's, and `money` for an amount in fen. */
type ReadOnlyOptions = Omit<ColumnOptions, 'form' | 'field' | 'initial' | 'placeholder' | 'hint'> & {
  money?: boolean;
};

/** A picture's address: a path of this site or an http(s) address (the links' rule, `isSafeLink`). */
export const pictureAddress = (label: string) =>
  optionalText(label, { max: 300 }).refine(
    (v) => v === undefined || v === '' || isSafeLink(v),
    `${label}须为本站路径或 http(s) 地址`,
  );

/**
 * Pictures in order, the first the cover: a list of addresses (a form post's comma-joined text
 * too), each as `pictureAddress` allows, at most `max`.
 */
export const pictureList = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? [] : typeof v === 'string' ? v.split(',') : v),
    z
      .array(
        z
          .string({ error: `${label}格式不正确` })
          .max(300, '图片地址不能超过300个字符')
          .refine((v) => isSafeLink(v), `${label}须为本站路径或 http(s) 地址`),
        { error: `${label}格式不正确` },
      )
      .max(max, `${label}最多${max}张`),
  );

const textField = (label: string, o: Opt & { max: number; min?: number }) =>
  o.optional
    ? optionalText(label, { max: o.max })
    : text(label, o.min === undefined ? { max: o.max } : { max: o.max, min: o.min });
const intField = (label: string, o: Opt & { min: number; max: number }) =>
  o.optional ? optionalInt(label, o) : int(label, o);

type Str = z.ZodString;
type Num = z.ZodNumber;
type TextField = ReturnType<typeof optionalText>;
type IntField = ReturnType<typeof optionalInt>;
/** A whole number's field: a number when required, else possibly none. */
type IntOf<O> = O extends { optional: true } ? IntField : ReturnType<typeof int>;

/** The column builders: `col.text('品牌名称', { max: 30, search: true, phone: 'title' })`. */
export const col = {
  /** One line of text (required unless `optional`). */
  text: <const O extends Opt & { max: number; min?: number }>(label: string, o: O) =>
    column('text', label, z.string(), textField(label, o), o) as Column<Str, Writable<O, TextField>>,
  /** Several lines of text (optional unless `optional: false`). */
  longText: <const O extends Opt & { max: number }>(label: string, o: O) =>
    column('longText', label, z.string(), textField(label, { optional: true, ...o }), {
      optional: true,
      ...o,
    }) as Column<Str, Writable<O, TextField>>,
  /** A whole number within `min`..`max`. */
  int: <const O extends Opt & { min: number; max: number }>(label: string, o: O) =>
    column('int', label, z.number().int(), intField(label, o), o) as Column<Num, Writable<O, IntOf<O>>>,
  /** Money in fen (cents), shown and typed as yuan; 0..`max` fen. */
  money: <const O extends Opt & { max: number }>(label: string, o: O) =>
    column('money', label, z.number().int(), intField(label, { min: 0, ...o }), { min: 0, ...o }) as Column<
      Num,
      Writable<O, IntOf<O>>
    >,
  /** A date and time (ISO); read only unless `form: true`. */
  time: <const O extends Opt = { form: false }>(label: string, o = {} as O) =>
    column(
      'time',
      label,
      o.optional ? z.string().nullable() : z.string(),
      o.optional ? z.optional(time(label)) : time(label),
      { form: false, ...o },
    ) as Column<Str, WritableIf<O, z.ZodType<string>>>,
  /** A day `YYYY-MM-DD` (a date input; 入库日期, 完工日期). */
  day: <const O extends Opt = object>(label: string, o = {} as O) =>
    column('day', label, z.string(), o.optional ? z.optional(day(label)) : day(label), o) as Column<
      Str,
      Writable<O, z.ZodType<string | undefined>>
    >,
  /** One of `words`' keys (a value → 中文 record such as PAYMENT_TERMS). */
  choice: <K extends string, const O extends Opt = object>(
    label: string,
    words: Record<K, string>,
    o = {} as O,
  ) =>
    column('choice', label, z.string(), o.optional ? optionalChoice(label, words) : choice(label, words), o, {
      words: Object.entries(words) as [string, string][],
    }) as Column<Str, Writable<O, z.ZodType<K | undefined>>>,
  /** 1 or 0, with the word each shows (启用, 停用). */
  flag: <const O extends Opt = object>(label: string, on: string, off: string, o = {} as O) =>
    column('flag', label, z.number().int(), flag(label), o, {
      words: [
        [1, on],
        [0, off],
      ],
    }) as Column<Num, Writable<O, ReturnType<typeof flag>>>,
  /** A picture's address (the file store's, or an https address). */
  picture: <const O extends Opt = object>(label: string, o = {} as O) =>
    column('picture', label, z.string(), pictureAddress(label), { optional: true, ...o }) as Column<
      Str,
      Writable<O, TextField>
    >,
  /**
   * Pictures in order, the first the cover (商品图片): at most `max`, stored as JSON text; the form
   * adds several at once, reorders and removes them (the web's PictureListUpload).
   */
  pictures: <const O extends Opt & { max: number }>(label: string, o: O) =>
    column('pictures', label, z.array(z.string()), pictureList(label, o.max), {
      optional: true,
      ...o,
    }) as Column<z.ZodArray<Str>, Writable<O, ReturnType<typeof pictureList>>>,
  /** Rich text (ADR 0030): its sanitising field is the resource's (`field`). */
  richText: <const O extends Opt & { max: number }>(label: string, o: O) =>
    column('richText', label, z.string(), textField(label, { optional: true, ...o }), {
      optional: true,
      ...o,
    }) as Column<Str, Writable<O, z.ZodType<string | undefined>>>,
  /**
   * Another resource's row by id, picked with its `select` call; the item holds the id (null when
   * none) and, when it holds it, its name under `name`.
   */
  ref: <const O extends Opt = object>(label: string, ref: { select: string; name?: string }, o = {} as O) =>
    column(
      'ref',
      label,
      o.optional ? z.number().int().nullable() : z.number().int(),
      o.optional ? optionalId(label) : id(label),
      o,
      { ref },
    ) as Column<O extends { optional: true } ? z.ZodNullable<Num> : Num, Writable<O, IntOf<O>>>,
  /**
   * A text the server makes or keeps (a reference's name, the goods' name as last saved, the terms
   * in words): read only, never a field, so without a form's limits. `money: true`, an amount it
   * works out in fen (an 入库单's 金额, 数量 × 单价), shown as yuan.
   */
  readOnly: <const O extends ReadOnlyOptions = object>(label: string, o = {} as O) =>
    (o.money
      ? column('money', label, z.number().int(), z.never(), { ...o, form: false })
      : column('text', label, z.string(), z.string(), { ...o, form: false })) as Column<
      O extends { money: true } ? Num : Str,
      undefined
    >,
  /** A column of its own shape (a customer's contacts): the item's schema and the field's. */
  custom: <I extends z.ZodType, F extends z.ZodType | undefined = undefined>(
    label: string,
    schemas: { item: I; field?: F },
    o: Omit<ColumnOptions, 'field'> & { optional?: boolean } = {},
  ) =>
    column('custom', label, schemas.item, schemas.field ?? z.never(), {
      ...o,
      form: schemas.field !== undefined && o.form !== false,
    }) as Column<I, F>,
};

/** The item's audit times, which every declared resource's table has (`created_at`, `updated_at`). */
const AUDIT_TIMES: Shape = Object.fromEntries(
  Object.entries(auditTimeLabels).map(([key, label]) => [
    key,
    col.time(label, { list: false, excel: false }),
  ]),
);

/** The declared columns and, after them, the audit times a declaration does not place itself. */
export function withTimes(shape: Shape): Shape {
  const all: Shape = { ...shape };
  for (const [key, c] of Object.entries(AUDIT_TIMES)) if (!(key in all)) all[key] = c;
  return all;
}

// ─── What comes from a declaration ──────────────────────────────────────────────────────────────

export type ItemShape<S extends Shape> = { id: z.ZodNumber } & {
  [K in keyof S]: S[K]['item'];
} & typeof auditTimes;
export type FieldsOf<S extends Shape> = {
  [K in keyof S as S[K]['field'] extends z.ZodType ? K : never]: Exclude<S[K]['field'], undefined>;
};

const entries = (shape: Shape) => Object.entries(shape);

/** The item: the id, every column's value and the audit times, in declaration order. */
export function itemSchemaOf<S extends Shape>(shape: S) {
  const all = withTimes(shape);
  return z.object({
    id: z.number().int(),
    ...Object.fromEntries(entries(all).map(([k, c]) => [k, c.item])),
  }) as unknown as z.ZodObject<ItemShape<S>>;
}

/** The writable fields (the create call's body; the update's with `id`), in declaration order. */
export function fieldsOf<S extends Shape>(shape: S): FieldsOf<S> {
  return Object.fromEntries(
    entries(shape).flatMap(([k, c]) => (c.places.form && c.field ? [[k, c.field]] : [])),
  ) as FieldsOf<S>;
}

/** The list's filters: every searched choice or flag, optional. */
export function filtersOf(shape: Shape): z.ZodRawShape {
  return Object.fromEntries(
    entries(shape).flatMap(([k, c]) => {
      if (!c.places.search || !c.words) return [];
      if (c.kind === 'flag') return [[k, z.optional(flag(c.label)) as z.ZodType]];
      const words = Object.fromEntries(c.words) as Record<string, string>;
      return [[k, optionalChoice(c.label, words) as z.ZodType]];
    }),
  );
}

/** A column's header in a sheet: its own, else its label (money: 「label（元）」, a sheet's money is yuan). */
export const headerOf = (c: Column) => c.header ?? (c.kind === 'money' ? `${c.label}（元）` : c.label);

/** The spreadsheet's headers: every column in Excel, in declaration order (the audit times after). */
export function excelColumnsOf(shape: Shape): Record<string, string> {
  return Object.fromEntries(
    entries(withTimes(shape)).flatMap(([k, c]) => (c.places.excel ? [[k, headerOf(c)]] : [])),
  );
}

/**
 * What a column holds in a sheet (ADR 0017): text, an identifier (`code`), a number, money (yuan in
 * the sheet, fen stored), a day, a time, or one of its words; a custom column is its text (JSON).
 */
export function sheetKindOf(c: Column | undefined): SheetKind {
  if (!c) return 'text';
  switch (c.kind) {
    case 'int':
    case 'ref':
      return 'number';
    case 'money':
      return 'money';
    case 'day':
      return 'day';
    case 'time':
      return 'time';
    case 'choice':
    case 'flag':
      return 'choice';
    default:
      return c.code ? 'code' : 'text';
  }
}

/**
 * A sheet's words of each choice and flag: word → value (`{启用: 1, 停用: 0}`); the export writes
 * them for its columns, the import reads them for its fields (a choice the export shows otherwise,
 * as the customer's 付款方式, is still picked by its words in the import).
 */
export function excelChoicesOf(shape: Shape): Record<string, Record<string, string | number>> {
  return Object.fromEntries(
    entries(shape).flatMap(([k, c]) =>
      c.words && (c.places.excel || c.places.form)
        ? [[k, Object.fromEntries(c.words.map(([v, w]) => [w, v]))]]
        : [],
    ),
  );
}

/** The keyword's columns: every searched text column's database column. */
export const searchColumnsOf = (shape: Shape) =>
  entries(shape).flatMap(([k, c]) =>
    c.places.search && !c.words ? [columnName(k, c as Column | undefined)] : [],
  );

// ─── The naming rule and the row mapping (the server's store) ───────────────────────────────────

/**
 * One naming rule from database columns to reply fields: `created_at` is `create_time`,
 * `updated_at` is `update_time`, every other column has its field's name — unless the column
 * names its own (`column`).
 */
export function columnName(key: string, c?: Pick<Column, 'column'>): string {
  if (c?.column) return c.column;
  if (key === 'create_time') return 'created_at';
  if (key === 'update_time') return 'updated_at';
  return key;
}

const NUMERIC: ReadonlySet<ColumnKind> = new Set(['int', 'money', 'flag', 'ref']);

const isMissing = (v: unknown) => v === null || v === undefined;
/** The addresses of a `pictures` column's JSON text ([] when it is not a list). */
function addressesOf(text: string): string[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}
const asText = (v: unknown) => (typeof v === 'string' ? v : String(v));
/** How a stored value is read, by the column's kind (`readOf`). */
const READ = {
  text: (v: unknown) => (isMissing(v) ? '' : asText(v)),
  number: (v: unknown) => (isMissing(v) ? null : Number(v)),
  time: (v: unknown) => (isMissing(v) ? null : v instanceof Date ? v.toISOString() : asText(v)),
  // Undefined when the row does not hold it (left out of the item below).
  custom: (v: unknown) => v,
  // JSON text of addresses (an array as it is; anything else none).
  pictures: (v: unknown) => (Array.isArray(v) ? v : typeof v === 'string' ? addressesOf(v) : []),
  other: (v: unknown) => (isMissing(v) ? null : asText(v)),
};
const readOf = (kind: ColumnKind): keyof typeof READ =>
  kind === 'text' || kind === 'longText'
    ? 'text'
    : NUMERIC.has(kind)
      ? 'number'
      : kind === 'time' || kind === 'custom' || kind === 'pictures'
        ? kind
        : 'other';

type RowReader = (row: Record<string, unknown>) => Record<string, unknown>;
const readers = new WeakMap<Shape, RowReader>();

/**
 * A shape's row reader, made once a shape: one object literal of every column (the audit times
 * added, each under its database name), so the items of a list share one hidden class as a
 * hand-written mapping's do — adding the columns one by one to each item cost the goods library's
 * list 4 times the hand-written mapping and its parse (5,000 rows: 100 ms against 24). The
 * declaration's keys and names are its own code, written as JSON strings; where code may not be
 * made (a page's content security policy: the browser never reads rows), a loop does the same.
 */
function readerOf(shape: Shape): RowReader {
  let read = readers.get(shape);
  if (read) return read;
  const columns = entries(withTimes(shape)).map(
    ([key, c]) => [key, readOf(c.kind), columnName(key, c)] as const,
  );
  let literal: RowReader;
  try {
    const body = columns.map(
      ([key, how, name]) => `${JSON.stringify(key)}: r.${how}(row[${JSON.stringify(name)}])`,
    );
    literal = new Function('r', `return (row) => ({ id: Number(row.id), ${body.join(', ')} });`)(
      READ,
    ) as RowReader;
  } catch {
    literal = (row) => {
      const item: Record<string, unknown> = { id: Number(row.id) };
      for (const [key, how, name] of columns) item[key] = READ[how](row[name]);
      return item;
    };
  }
  const custom = columns.flatMap(([key, how]) => (how === 'custom' ? [key] : []));
  read =
    custom.length === 0
      ? literal
      : (row) => {
          const item = literal(row);
          for (const key of custom) if (item[key] === undefined) delete item[key];
          return item;
        };
  readers.set(shape, read);
  return read;
}

/**
 * A stored row as the declared item (before its schema checks it): each column read by the naming
 * rule; numbers as numbers (PostgreSQL answers a bigint as a string), a missing reference as null;
 * a custom column the row does not hold stays out (a product's lines, read by a call of their own).
 */
export function itemFromRow(shape: Shape, row: Record<string, unknown>): Record<string, unknown> {
  return readerOf(shape)(row);
}

/** A field left out: an empty text, a zero, no reference. */
function emptyOf(c: Column): unknown {
  if (c.kind === 'int' || c.kind === 'money' || c.kind === 'flag') return 0;
  if (c.kind === 'ref' || c.kind === 'time' || c.kind === 'custom') return null;
  if (c.kind === 'pictures') return [];
  return '';
}

/** The values to store from the validated fields: each under its column, a field left out as empty. */
export function valuesFromFields(shape: Shape, fields: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, c] of entries(shape))
    if (c.places.form && c.field) {
      const v = fields[key] ?? emptyOf(c);
      values[columnName(key, c)] = c.kind === 'pictures' ? JSON.stringify(v) : v;
    }
  return values;
}
