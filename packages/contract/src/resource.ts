import { z } from 'zod';
import { postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  choice,
  form,
  id,
  idList,
  keyword,
  MAX_ID,
  optionalChoice,
  optionalId,
  paging,
  text,
  uploadedFile,
  yuanAsCents,
} from './fields.ts';
import { jobSchema } from './job.ts';
import type { Codename } from './permissions.ts';
import {
  exportJobKind,
  IMPORT_MODES,
  type ImportColumn,
  RESOURCE_BATCH_MAX,
  RESOURCE_EXPORT_DIRECT_MAX,
} from './resource-limits.ts';
import {
  excelChoicesOf,
  excelColumnsOf,
  type FieldsOf,
  fieldsOf,
  filtersOf,
  type ItemShape,
  itemSchemaOf,
  type Shape,
  sheetKindOf,
} from './screen.ts';

export * from './resource-limits.ts';

/**
 * A back-office resource (design/back-office.md, docs/ARCHITECTURE.md "Adding a back-office
 * resource"): declared once — its label, item, writable fields, filters, sorts and the
 * specification's paths with a permission each — and read by both sides. Its item, fields,
 * columns and filters are derived from its `shape` (`DeclaredResourceSpec`, `defineResource`,
 * ADR 0036): this is the spec they make. The declaration makes
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
  Sheet extends z.ZodRawShape = Fields,
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
    /**
     * The Excel import (POST multipart: `file` and `mode`); default `<export's folder>/import`
     * (ours). A resource whose specification names its import (`/goods/excel_data_save`) puts it here.
     */
    import?: string;
    /** The import's template (GET .xlsx); default `<export's folder>/import/template` (ours). */
    importTemplate?: string;
  };
  permissions: { view: Codename; add: Codename; change: Codename; delete: Codename };
  /**
   * The Excel import (design/back-office.md "Excel import"): its columns are the writable fields,
   * headed by their `columns` label (or `labels` here); required when the field is.
   */
  excel?: {
    /**
     * The sheet's own fields, when a spreadsheet's row is not the create call's (a name where the
     * call takes an id, yuan where it takes cents): the import's columns and row schema are these,
     * and the server's store turns a checked row into the values to store (`ResourceStore.import`).
     * Without it, the writable fields.
     */
    fields?: Sheet;
    /** The template's example row, as a user types it. */
    example: Partial<Record<(keyof Fields | keyof Sheet) & string, string | number>>;
    /** Headers of the sheet's columns that `columns` does not name (or names otherwise: these win). */
    labels?: Partial<Record<(keyof Fields | keyof Sheet) & string, string>>;
    /**
     * Columns whose cells pick from a list: the word a sheet shows → the value (`{启用: 1, 停用: 0}`,
     * the words the list shows). The export writes the word of an item's value; the import takes a
     * field's word (the value itself too), and the template offers the words as a drop-down. A
     * column the import does not take (the goods' 在售) has its words for the export alone.
     */
    choices?: Partial<
      Record<(keyof Fields | keyof Sheet | keyof z.output<Item>) & string, Record<string, string | number>>
    >;
  };
}

/** One row of an import's preview: its number in the sheet, its cells, and each column's error. */
export const importRowSchema = z.object({
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  /** Column label (or 整行) → the Chinese reason; empty when the row can be imported. */
  errors: z.record(z.string(), z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * What an import job's result holds (`job.result`): the counts, and in a preview the rows (refused
 * first-class, see `rows`).
 */
export const importResultSchema = z.object({
  /** Data rows read (empty rows skipped). */
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Rows written (0 in a preview). */
  created: z.number().int(),
  /** The sheet's columns (key, header), in order: what a preview shows. */
  columns: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
  /** Preview: up to RESOURCE_IMPORT_PREVIEW_ROWS refused and as many valid rows, in sheet order. */
  rows: z.array(importRowSchema),
  /**
   * A commit: how long its publish held the database's writes, in milliseconds (from the begin of
   * its one transaction to the job marked done in it; ADR 0037).
   */
  publish_ms: z.number().int().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * What an export job's result holds (`job.result`): the rows its file `export` holds, and the
 * list's rows under the filters (`total`: more than `rows` when over RESOURCE_EXPORT_MAX).
 */
export const exportResultSchema = z.object({ rows: z.number().int(), total: z.number().int() });
export type ExportResult = z.infer<typeof exportResultSchema>;

export const selectOptionSchema = z.object({ id: z.number().int(), label: z.string() });
export type SelectOption = z.infer<typeof selectOptionSchema>;

/**
 * A resource declared from its columns (screen.ts, ADR 0036): `shape` gives the item, the writable
 * fields, the filters (searched choices and flags), the Excel headers and words; `filters` adds
 * the list's own (a category), `fields` written fields that are no column of the item (the goods'
 * specifications), `excel.choices` words of the sheet's own fields.
 */
export type DeclaredResourceSpec<
  S extends Shape,
  Extra extends z.ZodRawShape,
  Sorts extends string,
  Unique extends string,
  Sheet extends z.ZodRawShape,
  // biome-ignore lint/complexity/noBannedTypes: no fields of its own unless declared
  Own extends z.ZodRawShape = {},
> = Omit<
  ResourceSpec<z.ZodObject<ItemShape<S>>, FieldsOf<S> & NoInfer<Own>, Extra, Sorts, Unique, Sheet>,
  'item' | 'fields' | 'columns' | 'filters'
> & {
  shape: S;
  filters?: Extra;
  fields?: Own;
};

/**
 * Declares a resource from its columns (`shape`, screen.ts, ADR 0036): its item, writable fields,
 * Excel columns and filters are derived from the shape, then its calls made from them.
 */
export function defineResource<
  S extends Shape,
  Sorts extends string,
  Unique extends string,
  // biome-ignore lint/complexity/noBannedTypes: no filters of its own unless declared
  Extra extends z.ZodRawShape = {},
  Sheet extends z.ZodRawShape = FieldsOf<S>,
  // biome-ignore lint/complexity/noBannedTypes: no fields of its own unless declared
  Own extends z.ZodRawShape = {},
>(
  spec: DeclaredResourceSpec<S, Extra, Sorts, Unique, Sheet, Own>,
): Built<z.ZodObject<ItemShape<S>>, FieldsOf<S> & Own, Extra, Sorts, Unique, Sheet> & { shape: S } {
  const { shape, filters, fields, excel, ...rest } = spec as LooseDeclared;
  const built = buildResource(
    {
      ...rest,
      item: itemSchemaOf(shape),
      fields: { ...fieldsOf(shape), ...fields },
      columns: excelColumnsOf(shape),
      filters: { ...filtersOf(shape), ...filters },
      ...(excel ? { excel: { ...excel, choices: { ...excelChoicesOf(shape), ...excel.choices } } } : {}),
    },
    shape,
  );
  // screen.ts types what the shape derives; the built resource is the declaration's.
  return built as never;
}

type LooseDeclared = DeclaredResourceSpec<Shape, z.ZodRawShape, string, string, z.ZodRawShape>;

type Built<
  Item extends z.ZodObject<{ id: z.ZodNumber }>,
  Fields extends z.ZodRawShape,
  Filters extends z.ZodRawShape,
  Sorts extends string,
  Unique extends string,
  Sheet extends z.ZodRawShape,
> = ReturnType<typeof buildResource<Item, Fields, Filters, Sorts, Unique, Sheet>>;

function buildResource<
  Item extends z.ZodObject<{ id: z.ZodNumber }>,
  Fields extends z.ZodRawShape,
  Filters extends z.ZodRawShape,
  Sorts extends string,
  Unique extends string,
  Sheet extends z.ZodRawShape = Fields,
>(spec: ResourceSpec<Item, Fields, Filters, Sorts, Unique, Sheet>, shape: Shape) {
  const { label, tags, item, paths, permissions: p } = spec;
  const exportQuery = form({
    keyword: keyword(),
    sort: optionalChoice('排序方式', spec.sorts),
    ...spec.filters,
  });
  const listBody = exportQuery.extend(paging);
  const idBody = form({ id: id(label) });
  const createBody = form(spec.fields);
  const updateBody = form({ id: id(label), ...spec.fields });
  const idsBody = form({ ids: idList(label, RESOURCE_BATCH_MAX) });
  const selectBody = form({ keyword: keyword() });
  const uniqueNames = Object.fromEntries(spec.unique.map((u) => [u, u])) as Record<Unique, Unique>;
  const checkBody = form({
    field: optionalChoice('字段', uniqueNames),
    value: text('内容', { max: 200 }),
    id: optionalId(label),
  });
  /** One of the resource's calls: a POST (all of the specification's are) needing `permission`. */
  const call = postCalls(tags);
  const count = z.object({ count: z.number().int() });
  const folder = paths.export.replace(/\/[^/]*$/, '');
  const importPath = paths.import ?? `${folder}/import`;
  const templatePath = paths.importTemplate ?? `${folder}/import/template`;
  const labels = { ...(spec.excel?.labels as Record<string, string> | undefined) };
  const headers = spec.columns as Record<string, string | undefined>;
  const sheetFields: z.ZodRawShape = spec.excel?.fields ?? spec.fields;
  const choices = (spec.excel?.choices ?? {}) as Record<string, Record<string, string | number>>;
  /** A sheet column's kind: its declared column's (by key), one with words a choice, else text. */
  const sheetColumn = (key: string, label: string, required: boolean): ImportColumn => {
    const c = shape[key];
    const kind = choices[key] ? 'choice' : sheetKindOf(c);
    return { key, label, required, kind, ...(c?.code === 'pad' ? { pad: true } : {}) };
  };
  const importColumns: ImportColumn[] = Object.entries(sheetFields).map(([key, field]) =>
    sheetColumn(key, labels[key] ?? headers[key] ?? key, !(field as z.ZodType).safeParse(undefined).success),
  );
  const importLabels = new Set(importColumns.map((c) => c.label));
  /**
   * The export's columns: the import's (so an export imports again as it is), then the list's
   * read-only columns the import ignores (销量, 更新时间), but none under an import column's header.
   */
  const exportColumns: ImportColumn[] = [
    ...importColumns,
    ...Object.entries(headers).flatMap(([key, label]) =>
      label === undefined || importLabels.has(label) || importColumns.some((c) => c.key === key)
        ? []
        : [sheetColumn(key, label, false)],
    ),
  ];
  /** A sheet's row as the create call checks it; a picked cell is its word or the value. */
  const importRow = form(
    Object.fromEntries(
      Object.entries(sheetFields).map(([key, field]) => {
        const words = choices[key];
        const column = importColumns.find((c) => c.key === key);
        // Money is yuan in a sheet (the fields take fen), unless the sheet declares its own fields.
        if (!spec.excel?.fields && column?.kind === 'money') {
          const c = shape[key];
          const yuan = yuanAsCents(column.label, { max: c?.max ?? MAX_ID, min: c?.min ?? 0 });
          return [key, column.required ? yuan : yuan.optional()];
        }
        if (!words) return [key, field];
        const label = importColumns.find((c) => c.key === key)?.label ?? key;
        const allowed = new Map<string, string>();
        for (const [word, value] of Object.entries(words)) {
          allowed.set(word, String(value));
          allowed.set(String(value), String(value));
        }
        const list = Object.keys(words)
          .map((w) => `「${w}」`)
          .join('、');
        const picked = z.preprocess((v, ctx) => {
          if (typeof v !== 'string' || v.trim() === '') return v;
          const value = allowed.get(v.trim());
          if (value !== undefined) return value;
          ctx.addIssue({ code: 'custom', message: `${label}只能是${list}`, input: v });
          return z.NEVER;
        }, field as z.ZodType);
        return [key, picked];
      }),
    ) as Sheet,
  );
  const importBody = form({
    mode: choice('导入方式', IMPORT_MODES),
    file: uploadedFile('请选择要导入的Excel文件'),
  });
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
    // A list over RESOURCE_EXPORT_DIRECT_MAX rows is exported as a job (ADR 0037): the call answers
    // the job, whose file `export` is the same sheet as `export`'s once it is done.
    exportJob: call(
      `${paths.export}/job`,
      `导出${label}（任务：超过 ${RESOURCE_EXPORT_DIRECT_MAX.toLocaleString('en')} 行的列表；答复导出任务）`,
      p.view,
      exportQuery,
      jobSchema,
    ),
    importTemplate: {
      ...call(templatePath, `${label}导入模板（Excel）`, p.add, z.object({}), z.object({})),
      method: 'GET' as const,
      file: true as const,
    },
    // Answers the job that imports (ADR 0037): its result is an ImportResult, its file `refused`
    // the refused rows; the browser follows it with jobCalls.
    import: call(
      importPath,
      `导入${label}（multipart：file .xlsx, mode 预览/全部导入/仅导入有效行；答复导入任务）`,
      p.add,
      importBody,
      jobSchema,
    ),
  };
  return {
    ...spec,
    /** The declared columns (screen.ts) the rest is derived from. */
    shape,
    calls,
    /**
     * The kinds of the resource's jobs (`jobCalls.list`'s `kind`): its imports, and its exports
     * that run as jobs.
     */
    jobKinds: { import: `import:${importPath}`, export: exportJobKind(paths.export) },
    importColumns,
    exportColumns,
    schemas: { listBody, exportQuery, createBody, updateBody, idsBody, checkBody, importBody, importRow },
  };
}

export type Resource = ReturnType<typeof buildResource>;
