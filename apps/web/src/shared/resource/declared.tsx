import { type CallRoute, type Column, type Shape, type UserPermission, withTimes } from '@portal/contract';
import * as callTables from '@portal/contract/calls';
import { hasAction, moduleOf, richTextPlain } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import {
  Descriptions,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  InputNumber,
  Radio,
  Select,
  type SelectProps,
  Tag,
  Typography,
} from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { formatMinute, formatYuan, fromLocalInput, toLocalInput, yuanToCents } from '#web/shared/format.ts';
import { useLoggedIn } from '#web/shared/session.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { ImageUpload } from '#web/shared/ui/ImageUpload.tsx';
import type { ListColumn, ListColumns } from '#web/shared/ui/ListTable.tsx';
import { PictureListUpload } from '#web/shared/ui/PictureListUpload.tsx';
import { pictureKeys } from '#web/shared/ui/pictureList.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { usePermission } from '#web/shared/usePermission.ts';

/**
 * The web's half of a declared resource (ADR 0036, packages/contract/src/screen.ts): its table's
 * columns, its search, its dialog form and its detail view made from the declared columns, and
 * the buttons' permissions read from the declared calls. A page gives only what is special.
 */

/** What the web reads of a declared resource. */
export interface Declared {
  label: string;
  shape: Shape;
  /** The writable fields' schemas (their `safeParse` checks a form item as the server does). */
  fields: Record<string, Parameters<typeof zodRule>[0]>;
}

type Row = { id: number } & object;
const at = (row: object, key: string) => (row as Record<string, unknown>)[key];
const listed = (shape: Shape, place: 'list' | 'form' | 'detail') =>
  Object.entries(shape).filter(([, c]) => c.places[place]);

/** A column's words as options (value → word), for a radio group, a select or a status filter. */
export const wordOptions = (c: Column) => (c.words ?? []).map(([value, label]) => ({ value, label }));

/** A value as the list shows it: yuan, a minute, a choice's word, a flag's tag, a rich text's words. */
export function shown(c: Column, value: unknown, row: object): ReactNode {
  if (c.kind === 'money') return formatYuan(value as number);
  if (c.kind === 'time') return value ? formatMinute(value as string) : '—';
  if (c.kind === 'ref') return (c.ref?.name && (at(row, c.ref.name) as string)) || '—';
  if (c.kind === 'flag') {
    const word = c.words?.find(([v]) => v === value)?.[1] ?? String(value);
    return value === 1 ? <Tag color="green">{word}</Tag> : <Tag>{word}</Tag>;
  }
  if (c.kind === 'choice') return c.words?.find(([v]) => v === value)?.[1] ?? String(value ?? '');
  if (c.kind === 'longText' || c.kind === 'richText') {
    // A rich text's words without its tags, never its HTML as text.
    const text =
      c.kind === 'richText' && typeof value === 'string' ? richTextPlain(value) : (value as string);
    return text ? (
      <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );
  }
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A picture column's address, or a pictures column's first (its cover). */
const firstPicture = (value: unknown) =>
  (Array.isArray(value) ? (value[0] as string | undefined) : (value as string | undefined)) || undefined;

/** The widths of the kinds that need few characters (the rest share the row). */
const WIDTH: Partial<Record<Column['kind'], number>> = {
  int: 72,
  money: 130,
  time: 150,
  day: 110,
  flag: 80,
  picture: 72,
  pictures: 72,
};

/**
 * The list's columns: each column in the list, in declaration order, with its label, its phone
 * hint and the kind's rendering (a picture as a 40 px image named after the row); `render`
 * changes what a page shows otherwise (its entries join the derived column).
 */
export function declaredColumns<T extends Row>(
  shape: Shape,
  rowName: (row: T) => string,
  special: Partial<Record<string, Partial<ListColumn<T>>>> = {},
): ListColumns<T> {
  return listed(shape, 'list').map(([key, c]) => {
    const column: ListColumn<T> = {
      title: c.label,
      dataIndex: key,
      ...(WIDTH[c.kind] ? { width: WIDTH[c.kind] } : {}),
      ...(c.kind === 'int' || c.kind === 'money' ? { align: 'right' as const } : {}),
      ...(c.phone ? { phone: c.phone } : {}),
      render: (value: unknown, row: T) =>
        c.kind === 'picture' || c.kind === 'pictures' ? (
          firstPicture(value) ? (
            <img
              src={firstPicture(value)}
              alt={`${rowName(row)} ${c.label}`}
              width={40}
              height={40}
              className="resource-picture"
            />
          ) : (
            <span className="resource-picture resource-picture--empty" aria-hidden />
          )
        ) : (
          shown(c, value, row)
        ),
    };
    return { ...column, ...special[key] };
  });
}

/** The searched text columns' labels, as the search box's placeholder (品牌名称 / 品牌介绍). */
export const searchPlaceholderOf = (shape: Shape) =>
  Object.values(shape)
    .filter((c) => c.places.search && !c.words)
    .map((c) => c.label)
    .join(' / ');

/** The status filter: the searched flag named `status`, as the list's status select offers it. */
export function statusOptionsOf(shape: Shape) {
  const status = shape.status;
  return status?.places.search && status.kind === 'flag'
    ? wordOptions(status).map((o) => ({ value: Number(o.value), label: o.label }))
    : undefined;
}

let callsByPath: Map<string, CallRoute> | undefined;
/** The declared call at `path` (a reference names its picker's call by its path). */
export function callAt(path: string): CallRoute | undefined {
  callsByPath ??= new Map(
    Object.values(callTables)
      .flatMap((table) => Object.values(table as Record<string, CallRoute>))
      .map((route) => [route.path, route]),
  );
  return callsByPath.get(path);
}

/**
 * A reference's picker: its `ref.select` call searched by keyword on the server, the edited row's
 * own choice (the name its item holds) first while the search does not list it. Form.Item's value
 * and onChange pass through.
 */
export function RefSelect({
  column: c,
  known,
  ...props
}: { column: Column; known?: { value: number; label: string } | undefined } & Omit<
  SelectProps<number>,
  'options' | 'loading' | 'showSearch'
>) {
  const [keyword, setKeyword] = useState('');
  const route = c.ref && callAt(c.ref.select);
  const found = useQuery({
    queryKey: ['ref', c.ref?.select, keyword],
    enabled: route !== undefined,
    queryFn: () =>
      api
        .call(route as never, { keyword: keyword || undefined } as never)
        .then((d) => (d as { results?: { id: number; label: string }[] }).results ?? []),
  });
  const options = (found.data ?? []).map((o) => ({ value: o.id, label: o.label }));
  if (known && !options.some((o) => o.value === known.value)) options.unshift(known);
  return (
    <Select<number>
      notFoundContent={found.isFetching ? '加载中…' : `没有找到${c.label}`}
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      options={options}
    />
  );
}

/** The edited row's choice of a reference: its id and the name its item holds. */
function knownRef(c: Column, key: string, row: object | null) {
  const id = row && at(row, key);
  const name = c.ref?.name && row && at(row, c.ref.name);
  return typeof id === 'number' && typeof name === 'string' && name ? { value: id, label: name } : undefined;
}

/** The input of a field by its kind (an image upload, a number of yuan, a radio group of words, a picker). */
function control(c: Column, key: string, row: object | null): ReactNode {
  const placeholder = c.placeholder ?? (c.required ? undefined : '选填');
  switch (c.kind) {
    case 'longText':
    case 'richText':
      return <Input.TextArea rows={3} maxLength={c.max} showCount placeholder={placeholder} />;
    case 'int':
      return (
        <InputNumber
          min={c.min}
          max={c.max}
          precision={0}
          controls={false}
          placeholder={c.placeholder}
          style={{ width: 120 }}
        />
      );
    case 'money':
      // No rounding to fen: three decimals are refused by the rule, not changed (fieldRules).
      return (
        <InputNumber
          min={0}
          max={c.max === undefined ? undefined : c.max / 100}
          controls={false}
          prefix="¥"
          placeholder={c.placeholder}
          style={{ width: 200 }}
        />
      );
    case 'time':
      return <Input type="datetime-local" />;
    case 'day':
      return <Input type="date" style={{ width: 180 }} />;
    case 'flag':
    case 'choice':
      return (c.words?.length ?? 0) <= 4 ? (
        <Radio.Group options={wordOptions(c)} />
      ) : (
        <Select options={wordOptions(c)} placeholder={placeholder} />
      );
    case 'picture':
      return <ImageUpload alt={c.label} />;
    case 'pictures':
      return <PictureListUpload label={c.label} max={c.max ?? 1} />;
    case 'ref':
      return (
        <RefSelect
          column={c}
          known={knownRef(c, key, row)}
          placeholder={placeholder}
          {...(c.required ? {} : { allowClear: CLEARABLE })}
        />
      );
    default:
      return <Input maxLength={c.max} showCount={c.max !== undefined} placeholder={placeholder} />;
  }
}

/**
 * A field's rule: the declaration's schema, as the server checks it; money typed in yuan is
 * checked in fen (more than two decimals refused), a bound the message names said in yuan again;
 * a time typed in a `datetime-local` input is checked as the ISO time it stands for.
 */
export function fieldRules(c: Column, schema: Declared['fields'][string] | undefined) {
  if (!schema) return [];
  if (c.kind === 'time')
    return [
      zodRule({
        safeParse: (v: unknown) => schema.safeParse(typeof v === 'string' && v ? fromLocalInput(v) : v),
      }),
    ];
  if (c.kind !== 'money') return [zodRule(schema)];
  const inYuan = (message: string) => message.replace(/\d+$/, (n) => String(Number(n) / 100));
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  return [
    zodRule({
      safeParse: (v: unknown) => {
        if (!empty(v) && yuanToCents(v as number) === undefined)
          return { success: false, error: { issues: [{ message: `${c.label}须为金额，最多两位小数` }] } };
        const r = schema.safeParse(empty(v) ? v : yuanToCents(v as number));
        return r.success
          ? r
          : {
              success: false,
              error: { issues: r.error.issues.map((i) => ({ message: inYuan(i.message) })) },
            };
      },
    }),
  ];
}

/**
 * A writable column's Form.Item props — its label (money's says （元）), required mark, rules and
 * hint — for the dialog form and for a form a page lays out itself (新增商品).
 */
export function itemProps(resource: Declared, key: string) {
  const c = resource.shape[key] as Column;
  return {
    label: c.kind === 'money' ? `${c.label}（元）` : c.label,
    name: key,
    required: c.required,
    rules: fieldRules(c, resource.fields[key]),
    ...(c.hint ? { extra: c.hint } : {}),
  };
}

/** What a page gives its form besides the declaration. */
export interface FormSpecial<T, V> {
  /** A field's whole form item (a list of contacts, an item shown only for some values). */
  items?: Partial<Record<string, (form: FormInstance<V>, row: T | null) => ReactNode>>;
  /** A field's rules besides its declared one, which may read other fields (`dependencies`: re-checked when they change). */
  rules?: Partial<Record<string, { rules: FormRule[]; dependencies?: string[] }>>;
  /** A field's own input (a salesperson picker): replaces the kind's inside its Form.Item. */
  controls?: Partial<Record<string, (form: FormInstance<V>, row: T | null) => ReactNode>>;
  /** The form laid out by the page from the derived items (`items[key]`), where order is not enough. */
  layout?: (items: Record<string, ReactNode>, form: FormInstance<V>, row: T | null) => ReactNode;
  /** A new row's values besides the declared `initial`s. */
  initial?: Partial<V>;
  /** Values a row's form holds besides the declared mapping (`values` is it). */
  fromItem?: (row: T, values: Record<string, unknown>) => Record<string, unknown>;
  /** The call's input besides the declared mapping (`input` is it). */
  toInput?: (values: V, input: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The dialog form of a declared resource: a Form.Item per writable column (label — money's says
 * （元） —, required mark, the field's `zodRule`, its hint), its input by kind (a time in a
 * `datetime-local` input); a row's values (fen as yuan, a time as the input holds it) and the
 * call's input (trimmed text, yuan as fen, the ISO time, an empty field as '') by the same
 * declaration.
 */
export function declaredForm<T extends Row, V extends object>(
  resource: Declared,
  special: FormSpecial<T, V> = {},
) {
  const writable = listed(resource.shape, 'form');
  const initial = Object.fromEntries(
    writable.flatMap(([key, c]) => {
      if (c.initial !== undefined) return [[key, c.initial]];
      if (c.required && c.words) return [[key, c.words[0]?.[0]]];
      return [];
    }),
  );
  return {
    fields: writable.map(([key]) => key),
    initial: { ...initial, ...special.initial } as Partial<V>,
    fromItem: (row: T) => {
      const values = Object.fromEntries(
        writable.map(([key, c]) => {
          const v = at(row, key);
          if (v === null) return [key, undefined];
          if (c.kind === 'time') return [key, toLocalInput(v as string)];
          return [key, c.kind === 'money' ? (v as number) / 100 : v];
        }),
      );
      return (special.fromItem ? special.fromItem(row, values) : values) as V;
    },
    toInput: (values: V) => {
      const input = Object.fromEntries(
        writable.map(([key, c]) => {
          const v = at(values, key);
          if (c.kind === 'money') return [key, yuanToCents(v as number) ?? ''];
          if (c.kind === 'time') return [key, typeof v === 'string' && v ? fromLocalInput(v) : ''];
          if (typeof v === 'string') return [key, v.trim()];
          return [key, v ?? ''];
        }),
      );
      return special.toInput ? special.toInput(values, input) : input;
    },
    items: (form: FormInstance<V>, row: T | null) => {
      const items = Object.fromEntries(
        writable.map(([key, c]) => {
          const own = special.controls?.[key];
          const item = special.items?.[key];
          if (item) return [key, <Fragment key={key}>{item(form, row)}</Fragment>];
          const props = itemProps(resource, key);
          const also = special.rules?.[key];
          return [
            key,
            <Form.Item
              key={key}
              {...props}
              rules={[...props.rules, ...(also?.rules ?? [])]}
              dependencies={also?.dependencies}
            >
              {own ? own(form, row) : control(c, key, row)}
            </Form.Item>,
          ];
        }),
      );
      return special.layout ? special.layout(items, form, row) : Object.values(items);
    },
  };
}

/**
 * A row's detail: every column of the detail view and the audit times, labelled, as the list shows
 * them — a column the page renders itself (`render`, a customer's contacts) as the page renders it,
 * not as the kind's text (a custom column's would be its JSON).
 */
export function DeclaredDetail<T extends Row>({
  shape,
  row,
  render = {},
}: {
  shape: Shape;
  row: T;
  render?: Partial<Record<string, Partial<ListColumn<T>>>>;
}) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={listed(withTimes(shape), 'detail').map(([key, c]) => {
        const own = render[key]?.render;
        return {
          key,
          label: c.label,
          children: own ? (
            (own(at(row, key), row, 0) as ReactNode)
          ) : c.kind === 'picture' && at(row, key) ? (
            <img src={at(row, key) as string} alt={c.label} className="resource-picture" />
          ) : c.kind === 'pictures' && Array.isArray(at(row, key)) && (at(row, key) as string[]).length ? (
            <span className="resource-pictures">
              {pictureKeys(at(row, key) as string[]).map((k, i) => (
                <img
                  key={k}
                  src={(at(row, key) as string[])[i]}
                  alt={`${c.label} ${i + 1}`}
                  className="resource-picture"
                />
              ))}
            </span>
          ) : (
            shown(c, at(row, key), row)
          ),
        };
      })}
    />
  );
}

/**
 * Whether the caller may make a call, as its declaration says (`access` of the zod-free route):
 * the permission it names among the user's, or a login. The server checks again.
 */
export function useCanCall(route: CallRoute): boolean {
  return mayCall(route, usePermission().perm, useLoggedIn());
}

/** Whether `perm` (null: not loaded, every action allowed) and a login allow the call. */
export function mayCall(route: CallRoute, perm: UserPermission | null, loggedIn: boolean): boolean {
  const { access } = route;
  if ('public' in access) return true;
  if ('login' in access) return loggedIn;
  return hasAction(perm, moduleOf(access.permission) ?? '', access.permission);
}
