import {
  type CodeName,
  columnName,
  itemFromRow,
  RESOURCE_EXPORT_MAX,
  RESOURCE_SELECT_MAX,
  type Resource,
  searchColumnsOf,
  valuesFromFields,
} from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type AuditEntry, audit, auditMany } from '../audit/audit.ts';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from '../core/errors.ts';
import { paged, pageParams } from '../core/paging.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { containsLike } from '../db/like.ts';
import { type CompanyTable, inCompany, inShared, type SharedTable } from '../db/scope.ts';
import { freshStatistics } from '../db/statistics.ts';
import type { JobHandler } from '../jobs/types.ts';
import { nowIso } from '../time.ts';
import type { StagedRow } from './import-staging.ts';
import {
  type ImportedRow,
  type ImportJobData,
  type SheetValues,
  sheetImport,
  sheetImportJob,
} from './sheet-import.ts';

export type { ImportJobData, SheetValues } from './sheet-import.ts';

type Row = Record<string, unknown> & { id: number };
/** Rows an export reads per statement. */
const EXPORT_PAGE = 500;

/**
 * An export's rows, page by page (EXPORT_PAGE a statement, at most RESOURCE_EXPORT_MAX): `read`
 * answers the rows of one page, so the rows are written as they are read, never all at once. A
 * service whose list is its own (products, read with their output goods) exports through it too.
 */
export async function* exportPages<T>(read: (limit: number, offset: number) => Promise<T[]>) {
  for (let offset = 0; offset < RESOURCE_EXPORT_MAX; offset += EXPORT_PAGE) {
    const page = await read(Math.min(EXPORT_PAGE, RESOURCE_EXPORT_MAX - offset), offset);
    yield* page;
    if (page.length < EXPORT_PAGE) return;
  }
}
type Fields<R extends Resource> = z.output<R['schemas']['createBody']>;

/** Values of one uniqueness query of an import (PostgreSQL's planner proves partial indexes up to 100). */
const IN_LIST = 100;
/** Rows a publish writes before the table's statistics are checked (`freshStatistics`). */
const ANALYZE_AFTER = 1000;

/**
 * How a resource is stored and what is special about it (design/back-office.md). Everything else —
 * company scope and soft delete through `inCompany`, `created_by`/`updated_by`, audit with
 * before/after in the writing transaction, paging, the escaped keyword search over `search`, the
 * uniqueness `check` and the unique index's race as a field error, the picker, the all-or-nothing
 * batch delete — comes from `serveResource`.
 */
export interface ResourceStore<R extends Resource> {
  /** A company table with `del_flag` (soft delete), `created_at`, `updated_at`. */
  table: CompanyTable | SharedTable;
  /**
   * The rows are shared by every company (public brands): read by all, written only by callers
   * holding the write permissions (the super administrator). Without it, rows are the caller's
   * company's, through `inCompany`.
   */
  shared?: true;
  /** The audit log's entity name (the table's name unless given). */
  entity?: string;
  /**
   * Columns the keyword searches (contains, case-insensitive, wildcards literal); the shape's
   * searched text columns unless given.
   */
  search?: readonly string[];
  /**
   * Each declared sort as columns and directions; `id` breaks ties. Unless given, `newest` is the
   * newest first and any other sort its column of the same name, ascending.
   */
  sorts?: Partial<Record<keyof R['sorts'] & string, readonly (readonly [string, 'asc' | 'desc'])[]>>;
  /** The picker's label column (the first unique field's unless given). */
  labelColumn?: string;
  /** The code a duplicate value of each unique field answers (its message names the field). */
  uniqueCodes: Record<R['unique'][number], CodeName>;
  /**
   * A stored row as the declared item: its columns are read by the naming rule (`itemFromRow`,
   * handed over as `item`); the store gives only what differs.
   */
  toItem?(row: Row, item: Record<string, unknown>): z.input<R['item']>;
  /**
   * The row's values from the validated fields (defaults filled; `values` is the declaration's
   * mapping, `valuesFromFields`). It may refuse a value with an `AppError` naming the field (a
   * create or save answers it; an import refuses the row).
   */
  toValues?(fields: Fields<R>, values: Record<string, unknown>): Record<string, unknown>;
  /**
   * An import whose sheet has its own fields (`excel.fields`: names where the create call takes
   * ids, yuan where it takes cents): `prepare` runs once per import job on `db` (outside a
   * transaction), reads what the rows refer to, and answers how one checked sheet row becomes the
   * values to store — or its refusals, sheet field → Chinese reason. Without it, `toValues`.
   */
  import?: {
    prepare(conn: Database, caller: Caller): Promise<(row: Record<string, unknown>) => SheetValues>;
    /**
     * What `rules.beforeInsert` reads (goods: the company's categories and brands, with their
     * names), compared as JSON. Given, an import job runs `beforeInsert` as it stages its rows —
     * outside the publish's transaction, which then holds the database for less (ADR 0037) — and
     * its publish runs it again only when this has changed since the job began.
     */
    basis?(conn: Database, caller: Caller): Promise<unknown>;
  };
  /**
   * The export's side of `import` (ADR 0017 "An export imports again"): the sheet's own values of
   * a page of stored items (`excel.fields` the item does not hold under the same key: a category's
   * path, a brand's name, a product's materials as 编码*用量), in the items' order, read on the
   * export's connection. Without it, the item's own values.
   */
  sheet?(
    conn: Database,
    caller: Caller,
    items: readonly Record<string, unknown>[],
  ): Promise<Record<string, unknown>[]>;
  rules?: {
    /**
     * Before an insert or an update, in its transaction (`before` on an update). An import job runs
     * it for each checked row on `db`, outside a transaction: on an insert it may read and change
     * the values, never write.
     */
    beforeSave?(trx: Database, values: Record<string, unknown>, caller: Caller, before?: Row): Promise<void>;
    /** Before rows are removed, in the transaction: throw to refuse all of them with a reason. */
    beforeRemove?(trx: Database, rows: Row[], caller: Caller): Promise<void>;
    /** After rows are removed, in the transaction (what depends on them: goods leave the search index). */
    afterRemove?(trx: Database, rows: Row[], caller: Caller): Promise<void>;
    /** After an update, in its transaction (what depends on the row: a brand's goods are indexed again). */
    afterUpdate?(trx: Database, after: Row, before: Row, caller: Caller): Promise<void>;
    /**
     * Before rows are inserted (a create, or one batch of an import's publish), in the transaction:
     * the values to insert instead (goods: their search index columns, computed only for rows that
     * are written, so an import's preview does not pay for them). With `import.basis`, an import
     * job calls it on `db` as it stages a batch, not in its publish; it must not depend on the
     * rows' times (`created_at`).
     */
    beforeInsert?(
      trx: Database,
      values: Record<string, unknown>[],
      caller: Caller,
    ): Promise<Record<string, unknown>[]>;
    /**
     * After rows are inserted (a create, or one batch of an import's publish), in the transaction,
     * before they are audited: what depends on new rows (goods: opening stock, the search index).
     */
    afterInsert?(trx: Database, rows: Row[], caller: Caller): Promise<void>;
  };
}

/**
 * The store with what a declaration gives filled in: the row mapping by the naming rule, the
 * searched columns, the sorts, the picker's label and the audit entity.
 */
function declaredStore<R extends Resource>(resource: R, store: ResourceStore<R>) {
  const { shape } = resource;
  const sorts = Object.fromEntries(
    Object.keys(resource.sorts).map((name) => [
      name,
      (store.sorts as Record<string, readonly (readonly [string, 'asc' | 'desc'])[]> | undefined)?.[name] ??
        (name === 'newest' ? [['created_at', 'desc']] : [[columnName(name, shape[name]), 'asc']]),
    ]),
  ) as Record<string, readonly (readonly [string, 'asc' | 'desc'])[]>;
  return {
    ...store,
    entity: store.entity ?? store.table,
    search: store.search ?? searchColumnsOf(shape),
    sorts,
    labelColumn: store.labelColumn ?? columnName(String(resource.unique[0] ?? 'name')),
    toItem: (row: Row): z.input<R['item']> => {
      const item = itemFromRow(shape, row);
      return resource.item.parse(store.toItem ? store.toItem(row, item) : item) as z.input<R['item']>;
    },
    toValues: (fields: Fields<R>) => {
      const values = valuesFromFields(shape, fields as Record<string, unknown>);
      return store.toValues ? store.toValues(fields, values) : values;
    },
  };
}

// The scope primitive is typed per table; a resource names its table at run time.
// biome-ignore lint/suspicious/noExplicitAny: the one loosely typed seam of the block, checked by its API tests
type Loose = any;

/** The resource's service: the rules of every call, without HTTP. */
export function resourceService<R extends Resource>(db: Database, resource: R, declared: ResourceStore<R>) {
  const store = declaredStore(resource, declared);
  const { table } = store;
  const scope = (conn: Database, companyId: number, userId?: number): Loose =>
    store.shared
      ? inShared(conn, userId === undefined ? undefined : { userId })
      : inCompany(conn, companyId, userId === undefined ? undefined : { userId });

  const find = (conn: Database, companyId: number, ids: readonly number[]): Promise<Row[]> =>
    scope(conn, companyId).selectFrom(table).selectAll().where('id', 'in', ids).execute();

  async function one(conn: Database, companyId: number, id: number) {
    const [row] = await find(conn, companyId, [id]);
    if (!row) throw new AppError('NOT_FOUND', `${resource.label}不存在或已被删除`);
    return row;
  }

  /** A live row of the company holding `value` in `field`, other than `exceptId`. */
  async function taken(conn: Database, companyId: number, field: string, value: unknown, exceptId?: number) {
    let q = scope(conn, companyId).selectFrom(table).select('id').where(field, '=', value);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** The company's (or the shared) live rows under the list's keyword and filters. */
  function filtered(conn: Database, companyId: number, f: Record<string, unknown>) {
    let q = scope(conn, companyId).selectFrom(table);
    if (typeof f.keyword === 'string' && f.keyword !== '' && store.search.length > 0) {
      const keyword = f.keyword;
      q = q.where((eb: Loose) => containsLike(eb, [...store.search] as Loose[], keyword));
    }
    for (const name of Object.keys(resource.filters))
      if (f[name] !== undefined) q = q.where(name, '=', f[name]);
    return q;
  }

  /** All columns in the declared sort (the first one unless asked), `id` last. */
  function ordered(q: Loose, f: Record<string, unknown>) {
    const sortName = (f.sort as string | undefined) ?? Object.keys(resource.sorts)[0];
    let out = q.selectAll();
    for (const [column, dir] of store.sorts[sortName as string] ?? []) out = out.orderBy(column, dir);
    return out.orderBy('id', 'desc');
  }

  const duplicate = (field: string) => {
    const code = (store.uniqueCodes as Record<string, CodeName>)[field];
    return new AppError(code ?? 'PARAM_ERROR', undefined, field);
  };

  /** A value a unique field holds: an optional field left empty ('') holds none. */
  const given = (v: unknown) => v !== undefined && v !== '';

  /** Refuses a value another live row holds (the unique index refuses a race the same way). */
  async function checkUnique(trx: Database, companyId: number, values: Record<string, unknown>, id?: number) {
    for (const field of resource.unique as readonly string[])
      if (given(values[field]) && (await taken(trx, companyId, field, values[field], id)))
        throw duplicate(field);
  }

  /** The unique field a race at the unique index is answered as: the first one `values` holds. */
  const raced = (values: Record<string, unknown>) =>
    (resource.unique as readonly string[]).find((f) => given(values[f]));

  /** Runs `work` in a transaction; the unique index's refusal is answered as `field`'s duplicate. */
  async function write<T>(work: (trx: Database) => Promise<T>, field: string | undefined) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw duplicate(field ?? 'id');
    }
  }

  const importColumns = resource.importColumns;

  /**
   * The values of `field` among `rows` that a live stored row holds, asked at most IN_LIST values
   * a query: PostgreSQL uses a partial unique index (goods' codes: `where del_flag = 0 and code <>
   * ''`) only when it can prove the index's condition from the query, which it does from an IN list
   * of at most 100 values; with more it read every goods of the company for each batch (ADR 0017
   * "Cost").
   */
  async function storedValues(conn: Database, companyId: number, field: string, rows: readonly StagedRow[]) {
    const values = [...new Set(rows.map((r) => r.values[field]).filter(given))];
    const found = new Set<unknown>();
    for (let at = 0; at < values.length; at += IN_LIST) {
      const got: Record<string, unknown>[] = await scope(conn, companyId)
        .selectFrom(table)
        .select(field)
        .where(field, 'in', values.slice(at, at + IN_LIST))
        .execute();
      for (const r of got) found.add(r[field]);
    }
    return found;
  }

  /**
   * The resource's import (sheet-import.ts, ADR 0037): each row by the fields (the create call's
   * schemas, picked words → values; `import.prepare` or `toValues`) and its unique fields against
   * the rows above it in the file; then a batch at a time on `db` (reads, so SQLite's reader answers
   * them while another request writes) against the stored rows (a unique value a live row holds)
   * and the store's `beforeSave` (its refusal names the column). The publish checks each batch's
   * unique values again against the stored rows (another user may have saved one since the rows
   * were checked: the whole import is refused with that duplicate, as the unique index refuses a
   * race) and inserts it as a create does (`insertValues`).
   */
  const importer = sheetImport<ImportJobData>(db, {
    label: resource.label,
    kind: resource.jobKinds.import,
    columns: importColumns,
    row: resource.schemas.importRow,
    example: (resource.excel?.example ?? {}) as Record<string, unknown>,
    choices: Object.fromEntries(
      Object.entries((resource.excel?.choices ?? {}) as Record<string, Record<string, unknown>>).map(
        ([key, words]) => [key, Object.keys(words)],
      ),
    ),
    unique: resource.unique as readonly string[],
    async begin(ctx, commit) {
      const { caller } = ctx;
      const unique = resource.unique as readonly string[];
      const { beforeSave, beforeInsert } = store.rules ?? {};
      // Read before the sheet: a change while it is read is found by the publish.
      const basis = commit && beforeInsert && store.import?.basis ? await insertBasis(db, caller) : undefined;
      const resolve = store.import
        ? await store.import.prepare(db, caller)
        : (data: Record<string, unknown>): SheetValues => {
            // `toValues` may refuse a value it cannot store (a rich text too long once sanitised).
            try {
              return { values: store.toValues(data as Fields<R>) };
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              return { errors: { [error.field ?? '']: error.message } };
            }
          };
      /** Whether the staged values were made for insert and what made them is unchanged. */
      let prepared = false;
      return {
        resolve,
        async check(rows: readonly ImportedRow[]) {
          const refused = new Map<number, Record<string, string>>();
          let left = rows;
          for (const field of unique) {
            const taken = await storedValues(db, caller.companyId, field, left);
            if (taken.size === 0) continue;
            const message = duplicate(field).message;
            left = left.filter((row) => {
              if (!taken.has(row.values[field])) return true;
              refused.set(row.rowNumber, { [field]: `${message}：「${String(row.values[field])}」` });
              return false;
            });
          }
          if (beforeSave)
            for (const row of left) {
              try {
                await beforeSave(db, row.values, caller);
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                refused.set(row.rowNumber, { [error.field ?? '']: error.message });
              }
            }
          return refused;
        },
        ...(basis !== undefined && beforeInsert
          ? {
              stage: (rows: readonly ImportedRow[]) =>
                beforeInsert(
                  db,
                  rows.map((r) => r.values),
                  caller,
                ),
            }
          : {}),
        // A race the check below misses, refused by the unique index, is the first unique field's.
        transaction: (work) => write(work, unique[0]),
        async publish(trx, rows, created) {
          // The staged values are made for insert (`beforeInsert`) unless what made them has changed.
          if (created === 0) prepared = basis !== undefined && (await insertBasis(trx, caller)) === basis;
          for (const field of unique) {
            const taken = await storedValues(trx, caller.companyId, field, rows);
            const row = rows.find((r) => taken.has(r.values[field]));
            if (row)
              throw new AppError(
                (store.uniqueCodes as Record<string, CodeName>)[field] ?? 'PARAM_ERROR',
                `${duplicate(field).message}：「${String(row.values[field])}」（第${row.rowNumber}行），没有导入任何一行：请修正后重新导入`,
                field,
              );
          }
          await insertValues(
            trx,
            caller,
            rows.map((r) => r.values),
            prepared,
          );
          // Once, after the first thousand rows: statistics that still count the table (nearly)
          // empty are made again, so the next batches' queries use its indexes (PostgreSQL).
          const now = created + rows.length;
          if (created < ANALYZE_AFTER && now >= ANALYZE_AFTER) await freshStatistics(trx, table, now);
        },
      };
    },
  });

  /** `import.basis` as JSON, the text an import's staging and its publish compare. */
  const insertBasis = async (conn: Database, caller: Caller) =>
    JSON.stringify(await store.import?.basis?.(conn, caller));

  /**
   * Inserts rows as a create does, in the caller's transaction: stamped, `beforeInsert`'s values
   * (unless `prepared`: an import's rows made for insert when staged),
   * the insert, `afterInsert`, and a `create` audit row each (one statement for the batch).
   */
  async function insertValues(
    trx: Database,
    caller: Caller,
    rows: readonly Record<string, unknown>[],
    prepared = false,
  ) {
    const now = nowIso();
    const stamped = rows.map((v) => ({ ...v, created_at: now, updated_at: now }));
    const values = (!prepared && (await store.rules?.beforeInsert?.(trx, stamped, caller))) || stamped;
    const into = scope(trx, caller.companyId, caller.userId);
    const inserted: Row[] = [];
    if (store.shared)
      // A shared table's scope inserts one row at a time (public brands: a few hundred at most).
      for (const v of values)
        inserted.push(await into.insertInto(table, v).returningAll().executeTakeFirstOrThrow());
    else inserted.push(...(await into.insertInto(table, values).returningAll().execute()));
    await store.rules?.afterInsert?.(trx, inserted, caller);
    const entries: AuditEntry[] = inserted.map((row) => ({
      action: 'create',
      entity: store.entity,
      entityId: row.id,
      after: row,
    }));
    await auditMany(trx, caller, entries);
    return inserted;
  }

  return {
    /** The import template: the columns, the declaration's example row, the picked fields' words. */
    template: () => importer.template(),

    /** An import job (sheet-import.ts; its kind `resource.jobKinds.import`). */
    importSheet: importer.importSheet,

    async list(caller: Caller, input: z.output<R['schemas']['listBody']>) {
      const { page, pageSize, offset } = pageParams(input);
      const q = filtered(db, caller.companyId, input as Record<string, unknown>);
      const [rows, total] = await Promise.all([
        ordered(q, input as Record<string, unknown>)
          .limit(pageSize)
          .offset(offset)
          .execute() as Promise<Row[]>,
        q.select(sql<number>`count(*)`.as('n')).executeTakeFirst() as Promise<{ n: number | string }>,
      ]);
      return paged({ count: Number(total?.n ?? 0), results: rows.map(store.toItem) }, { page, pageSize });
    },

    /**
     * The list's rows under its filters and sort, as items, page by page (500 at a time, at most
     * RESOURCE_EXPORT_MAX): an export reads them as it writes, never all at once.
     */
    rows(caller: Caller, input: z.output<R['schemas']['exportQuery']>) {
      const f = input as Record<string, unknown>;
      return exportPages(async (limit, offset) => {
        const page: Row[] = await ordered(filtered(db, caller.companyId, f), f)
          .limit(limit)
          .offset(offset)
          .execute();
        return page.map((row) => store.toItem(row) as Record<string, unknown>);
      });
    },

    /**
     * The export's items (`rows`, or a module's own) with the import sheet's own values beside
     * theirs (`ResourceStore.sheet`), a page at a time.
     */
    async *sheetRows(caller: Caller, items: AsyncIterable<Record<string, unknown>>) {
      const sheet = declared.sheet;
      if (!sheet) return yield* items;
      let page: Record<string, unknown>[] = [];
      const withSheet = async (list: Record<string, unknown>[]) => {
        const values = await sheet(db, caller, list);
        return list.map((item, i) => ({ ...item, ...values[i] }));
      };
      for await (const item of items) {
        page.push(item);
        if (page.length < EXPORT_PAGE) continue;
        yield* await withSheet(page);
        page = [];
      }
      if (page.length) yield* await withSheet(page);
    },

    get: async (caller: Caller, id: number) => store.toItem(await one(db, caller.companyId, id)),

    async create(caller: Caller, fields: Fields<R>) {
      const values = store.toValues(fields);
      const row = await write(async (trx) => {
        await checkUnique(trx, caller.companyId, values);
        await store.rules?.beforeSave?.(trx, values, caller);
        const [inserted] = await insertValues(trx, caller, [values]);
        return inserted as Row;
      }, raced(values));
      return store.toItem(row);
    },

    async update(caller: Caller, id: number, fields: Fields<R>) {
      const values = store.toValues(fields);
      const row = await write(async (trx) => {
        const before = await one(trx, caller.companyId, id);
        await checkUnique(trx, caller.companyId, values, id);
        await store.rules?.beforeSave?.(trx, values, caller, before);
        const after: Row = await scope(trx, caller.companyId, caller.userId)
          .updateTable(table)
          .set({ ...values, updated_at: nowIso() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await store.rules?.afterUpdate?.(trx, after, before, caller);
        await audit(trx, caller, { action: 'update', entity: store.entity, entityId: id, before, after });
        return after;
      }, raced(values));
      return store.toItem(row);
    },

    /** Removes all of `ids` or none: an unknown id or a rule's refusal leaves every row as it was. */
    async remove(caller: Caller, ids: readonly number[]) {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const rows = await find(trx, caller.companyId, unique);
        if (rows.length !== unique.length)
          throw new AppError('NOT_FOUND', `所选${resource.label}不存在或已被删除，请刷新后重试`);
        await store.rules?.beforeRemove?.(trx, rows, caller);
        const done = await scope(trx, caller.companyId, caller.userId)
          .updateTable(table)
          .set({ del_flag: 1, updated_at: nowIso() })
          .where('id', 'in', unique)
          .executeTakeFirst();
        await store.rules?.afterRemove?.(trx, rows, caller);
        await auditMany(
          trx,
          caller,
          rows.map((row) => ({ action: 'delete', entity: store.entity, entityId: row.id, before: row })),
        );
        return { count: Number(done.numUpdatedRows) };
      });
    },

    async select(caller: Caller, keyword: string | undefined) {
      let q = scope(db, caller.companyId)
        .selectFrom(table)
        .select(['id', `${store.labelColumn} as label`]);
      if ('status' in (resource.item.shape as object)) q = q.where('status', '=', 1);
      if (keyword) q = q.where((eb: Loose) => containsLike(eb, [store.labelColumn as Loose], keyword));
      const rows: { id: number; label: unknown }[] = await q
        .orderBy(store.labelColumn)
        .limit(RESOURCE_SELECT_MAX)
        .execute();
      return { results: rows.map((r) => ({ id: r.id, label: String(r.label) })) };
    },

    async check(caller: Caller, input: { field?: string; value: string; id?: number }) {
      const field = input.field ?? (resource.unique as readonly string[])[0];
      if (!field) return { available: true, message: '' };
      const isTaken = await taken(db, caller.companyId, field, input.value, input.id);
      return { available: !isTaken, message: isTaken ? duplicate(field).message : '' };
    },
  };
}

export type ResourceService<R extends Resource> = ReturnType<typeof resourceService<R>>;

/**
 * The resource's import as a kind of job (`resource.jobKinds.import`), for its module's `jobs`
 * (ADR 0037): the queue runs `service.importSheet` — the module's own when it wraps the block's.
 */
export const importJob = <R extends Resource>(
  resource: R,
  service: Pick<ResourceService<R>, 'importSheet'>,
): JobHandler<ImportJobData> => sheetImportJob(resource.jobKinds.import, service);
