import { z } from 'zod';
import { defineCall } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, idList, optionalChoice, optionalId, optionalText, paging, text } from './fields.ts';
import type { Codename } from './permissions.ts';

/**
 * A back-office resource (design/back-office.md, docs/ARCHITECTURE.md "Adding a back-office
 * resource"): declared once — its label, item, writable fields, filters, sorts and the
 * specification's paths with a permission each — and read by both sides. The declaration makes
 * the calls (list, get, create, update, remove, removeMany, select, check); the server serves them
 * with `serveResource` (apps/server/src/platform/resource) and only the rules that are special; the
 * web makes its list page and form from the same declaration.
 */
export interface ResourceSpec<
  Item extends z.ZodObject<{ id: z.ZodNumber }>,
  Fields extends z.ZodRawShape,
  Filters extends z.ZodRawShape,
  Sorts extends string,
  Unique extends string,
> {
  /** The Chinese name of one row (品牌): messages and titles say it. */
  label: string;
  tags: readonly string[];
  item: Item;
  /** The item's columns as a spreadsheet shows them (export headers, import headers), in order. */
  columns: Partial<Record<keyof z.output<Item> & string, string>>;
  /** The writable fields (fields.ts helpers, so their Chinese messages come along). */
  fields: Fields;
  /** Filters of the list besides the keyword (each a column of the same name). */
  filters: Filters;
  /** The list's orders, name → Chinese label; the first is the default. */
  sorts: Record<Sorts, string>;
  /** Fields unique per company (the `check` call asks about one). */
  unique: readonly Unique[];
  paths: {
    list: string;
    get: string;
    create: string;
    update: string;
    remove: string;
    removeMany: string;
    select: string;
    /** The uniqueness check (the specification's `…/check`, or one of our own where it has none). */
    check: string;
    /** The list as an Excel file (GET, the list's filters; ours: the specification names none). */
    export: string;
  };
  permissions: { view: Codename; add: Codename; change: Codename; delete: Codename };
}

/** Most rows one picker (`select`) answers. */
export const RESOURCE_SELECT_MAX = 50;
/** Most ids one batch action takes. */
export const RESOURCE_BATCH_MAX = 200;
/** Most rows one export writes (narrow the list with its filters for more). */
export const RESOURCE_EXPORT_MAX = 50_000;

export const selectOptionSchema = z.object({ id: z.number().int(), label: z.string() });
export type SelectOption = z.infer<typeof selectOptionSchema>;

export function defineResource<
  Item extends z.ZodObject<{ id: z.ZodNumber }>,
  Fields extends z.ZodRawShape,
  Filters extends z.ZodRawShape,
  Sorts extends string,
  Unique extends string,
>(spec: ResourceSpec<Item, Fields, Filters, Sorts, Unique>) {
  const { label, tags, item, paths, permissions: p } = spec;
  const exportQuery = form({
    keyword: optionalText('关键字', { max: 50 }),
    sort: optionalChoice('排序方式', spec.sorts),
    ...spec.filters,
  });
  const listBody = exportQuery.extend(paging);
  const idBody = form({ id: id(label) });
  const createBody = form(spec.fields);
  const updateBody = form({ id: id(label), ...spec.fields });
  const idsBody = form({ ids: idList(label, RESOURCE_BATCH_MAX) });
  const selectBody = form({ keyword: optionalText('关键字', { max: 50 }) });
  const uniqueNames = Object.fromEntries(spec.unique.map((u) => [u, u])) as Record<Unique, Unique>;
  const checkBody = form({
    field: optionalChoice('字段', uniqueNames),
    value: text('内容', { max: 200 }),
    id: optionalId(label),
  });
  /** One of the resource's calls: a POST (all of the specification's are) needing `permission`. */
  const call = <I extends z.ZodType, O extends z.ZodType>(
    path: string,
    summary: string,
    permission: Codename,
    input: I,
    output: O,
  ) => defineCall({ method: 'POST', path, summary, tags, access: { permission }, input, output });
  const count = z.object({ count: z.number().int() });
  const calls = {
    list: call(paths.list, `${label}列表`, p.view, listBody, pageOf(item)),
    get: call(paths.get, `${label}详情`, p.view, idBody, item),
    create: call(paths.create, `新增${label}`, p.add, createBody, item),
    update: call(paths.update, `修改${label}`, p.change, updateBody, item),
    remove: call(paths.remove, `删除${label}`, p.delete, idBody, count),
    removeMany: call(paths.removeMany, `批量删除${label}（全部成功或全部不删）`, p.delete, idsBody, count),
    select: call(
      paths.select,
      `${label}选项（选择器）`,
      p.view,
      selectBody,
      z.object({ results: z.array(selectOptionSchema) }),
    ),
    check: call(
      paths.check,
      `${label}唯一性检查`,
      p.view,
      checkBody,
      z.object({ available: z.boolean(), message: z.string() }),
    ),
    export: {
      ...call(paths.export, `导出${label}（Excel，按列表的筛选条件）`, p.view, exportQuery, z.object({})),
      method: 'GET' as const,
      file: true as const,
    },
  };
  return { ...spec, calls, schemas: { listBody, exportQuery, createBody, updateBody, idsBody, checkBody } };
}

export type Resource = ReturnType<typeof defineResource>;
