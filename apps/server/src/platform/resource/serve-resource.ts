import { type CodeName, RESOURCE_EXPORT_MAX, RESOURCE_SELECT_MAX, type Resource } from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/audit.ts';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from '../core/errors.ts';
import { paged, pageParams } from '../core/paging.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { containsLike } from '../db/like.ts';
import { type CompanyTable, inCompany, inShared, type SharedTable } from '../db/scope.ts';
import { writeWorkbook, XLSX_MIME } from '../excel/index.ts';
import type { App } from '../http/reply.ts';
import { serve } from '../http/serve.ts';
import { nowIso } from '../time.ts';

type Row = Record<string, unknown> & { id: number };
/** Rows an export reads per statement. */
const EXPORT_PAGE = 500;
type Fields<R extends Resource> = z.output<R['schemas']['createBody']>;

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
  /** The audit log's entity name. */
  entity: string;
  /** Columns the keyword searches (contains, case-insensitive, wildcards literal). */
  search: readonly string[];
  /** Each declared sort as columns and directions; `id` breaks ties. */
  sorts: Record<keyof R['sorts'] & string, readonly (readonly [string, 'asc' | 'desc'])[]>;
  /** The picker's label column. */
  labelColumn: string;
  /** The code a duplicate value of each unique field answers (its message names the field). */
  uniqueCodes: Record<R['unique'][number], CodeName>;
  /** A stored row as the declared item. */
  toItem(row: Row): z.input<R['item']>;
  /** The row's values from the validated fields (defaults filled). */
  toValues(fields: Fields<R>): Record<string, unknown>;
  rules?: {
    /** Before an insert or an update, in its transaction (`before` on an update). */
    beforeSave?(trx: Database, values: Record<string, unknown>, caller: Caller, before?: Row): Promise<void>;
    /** Before rows are removed, in the transaction: throw to refuse all of them with a reason. */
    beforeRemove?(trx: Database, rows: Row[], caller: Caller): Promise<void>;
  };
}

// The scope primitive is typed per table; a resource names its table at run time.
// biome-ignore lint/suspicious/noExplicitAny: the one loosely typed seam of the block, checked by its API tests
type Loose = any;

/** The resource's service: the rules of every call, without HTTP. */
export function resourceService<R extends Resource>(db: Database, resource: R, store: ResourceStore<R>) {
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
    const sorts = store.sorts as Record<string, readonly (readonly [string, string])[]>;
    for (const [column, dir] of sorts[sortName as string] ?? []) out = out.orderBy(column, dir);
    return out.orderBy('id', 'desc');
  }

  const duplicate = (field: string) => {
    const code = (store.uniqueCodes as Record<string, CodeName>)[field];
    return new AppError(code ?? 'PARAM_ERROR', undefined, field);
  };

  /** Refuses a value another live row holds (the unique index refuses a race the same way). */
  async function checkUnique(trx: Database, companyId: number, values: Record<string, unknown>, id?: number) {
    for (const field of resource.unique as readonly string[])
      if (values[field] !== undefined && (await taken(trx, companyId, field, values[field], id)))
        throw duplicate(field);
  }

  async function write<T>(work: (trx: Database) => Promise<T>, values: Record<string, unknown>) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const field = (resource.unique as readonly string[]).find((f) => values[f] !== undefined);
      throw duplicate(field ?? 'id');
    }
  }

  return {
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
    async *rows(caller: Caller, input: z.output<R['schemas']['exportQuery']>) {
      const f = input as Record<string, unknown>;
      for (let offset = 0; offset < RESOURCE_EXPORT_MAX; offset += EXPORT_PAGE) {
        const page = (await ordered(filtered(db, caller.companyId, f), f)
          .limit(Math.min(EXPORT_PAGE, RESOURCE_EXPORT_MAX - offset))
          .offset(offset)
          .execute()) as Row[];
        for (const row of page) yield store.toItem(row) as Record<string, unknown>;
        if (page.length < EXPORT_PAGE) return;
      }
    },

    get: async (caller: Caller, id: number) => store.toItem(await one(db, caller.companyId, id)),

    async create(caller: Caller, fields: Fields<R>) {
      const values = store.toValues(fields);
      const row = await write(async (trx) => {
        await checkUnique(trx, caller.companyId, values);
        await store.rules?.beforeSave?.(trx, values, caller);
        const now = nowIso();
        const inserted: Row = await scope(trx, caller.companyId, caller.userId)
          .insertInto(table, { ...values, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, caller, {
          action: 'create',
          entity: store.entity,
          entityId: inserted.id,
          after: inserted,
        });
        return inserted;
      }, values);
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
        await audit(trx, caller, { action: 'update', entity: store.entity, entityId: id, before, after });
        return after;
      }, values);
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
        for (const row of rows)
          await audit(trx, caller, { action: 'delete', entity: store.entity, entityId: row.id, before: row });
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

/** Serves every call of the declaration from the service (routes stay thin). */
export function serveResource<R extends Resource>(app: App, resource: R, service: ResourceService<R>) {
  const c = resource.calls as Resource['calls'];
  serve(app, c.list, async ({ input, caller }) => service.list(caller, input as never) as never);
  serve(app, c.get, async ({ input, caller }) => service.get(caller, input.id) as never);
  serve(app, c.create, async ({ input, caller }) => service.create(caller, input as never) as never);
  serve(app, c.update, async ({ input, caller }) => {
    const { id, ...fields } = input as { id: number } & Record<string, unknown>;
    return service.update(caller, id, fields as never) as never;
  });
  serve(app, c.remove, ({ input, caller }) => service.remove(caller, [input.id]));
  serve(app, c.removeMany, ({ input, caller }) => service.remove(caller, input.ids));
  serve(app, c.select, ({ input, caller }) => service.select(caller, input.keyword));
  serve(app, c.check, ({ input, caller }) => service.check(caller, input as never));
  serve(app, c.export, async ({ input, caller, reply }) => {
    const columns = Object.entries(resource.columns as Record<string, string>).map(([key, label]) => ({
      key,
      label,
    }));
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const filename = `${resource.label}-${day}.xlsx`;
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .header('cache-control', 'private, no-store')
      .send(writeWorkbook(columns, service.rows(caller, input as never), resource.label));
  });
}
