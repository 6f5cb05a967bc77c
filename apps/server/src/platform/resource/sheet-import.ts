import {
  type ImportColumn,
  type ImportMode,
  type ImportResult,
  RESOURCE_IMPORT_MAX_BYTES,
  RESOURCE_IMPORT_MAX_ROWS,
  RESOURCE_IMPORT_PREVIEW_ROWS,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import type { Database } from '../db/database.ts';
import {
  errorWorkbook,
  labelsOf,
  type ReadProgress,
  type RefusedRow,
  readWorkbook,
  templateWorkbook,
  validateRow,
} from '../excel/index.ts';
import type { JobContext, JobHandler } from '../jobs/types.ts';
import { type ImportStaging, importStaging, type StagedRow } from './import-staging.ts';

/**
 * An Excel import as a job (ADR 0017, ADR 0037 "The import: staged, then published"): the sheet
 * read a row at a time and checked (the row's schema, the owner's `resolve`, unique fields within
 * the file, then a batch at a time the owner's `check` against what is stored), each batch staged
 * (`import_rows`), the refused rows kept as the job's file `refused`; a preview answers the counts
 * and the first rows; a commit publishes the staged valid rows in ONE transaction with the job
 * marked done in it (never published twice). The resource block's imports (resource-service.ts)
 * and the people's (modules/users) are its owners: what rows become and how they are written is
 * theirs, the rest is here, once.
 */

/** Bounds of one import's sheet (the upload's byte limit is the route's, RESOURCE_IMPORT_MAX_BYTES). */
const IMPORT_LIMITS = {
  maxRows: RESOURCE_IMPORT_MAX_ROWS,
  maxColumns: 50,
  maxCells: RESOURCE_IMPORT_MAX_ROWS * 20,
  maxBytes: RESOURCE_IMPORT_MAX_BYTES,
};
/** Rows of a staged batch, and of one batch of the publish. */
export const IMPORT_BATCH = 200;
/** The share of an import job's progress its reading takes (the publish the rest). */
const READ_SHARE = 90;

/** What an import job is started with (the sheet is its input file). */
export interface ImportJobData {
  mode: ImportMode;
}
/** What one checked sheet row becomes: the values to store, or its refusals (field → Chinese reason). */
export type SheetValues = { values: Record<string, unknown> } | { errors: Record<string, string> };
/** A row of an import that passed every check: its cells as read and the values to store. */
export interface ImportedRow extends StagedRow {
  cells: Record<string, string>;
}

/** One import job's work as its owner does it (`SheetImport.begin`). */
export interface ImportRun {
  /** A row the schema passed: the values to store, or its refusals. Synchronous: once per row. */
  resolve(data: Record<string, unknown>): SheetValues;
  /**
   * A batch of resolved rows against what is stored, on `db` outside a transaction (reads): the
   * refusals of the rows refused, by row number (field → Chinese reason).
   */
  check?(rows: readonly ImportedRow[]): Promise<Map<number, Record<string, string>>>;
  /** The values to stage for a batch of valid rows (made for insert ahead of the publish). */
  stage?(rows: readonly ImportedRow[]): Promise<Record<string, unknown>[]>;
  /**
   * The publish's transaction: `work` in one, a refusal of the database (a unique index's race)
   * answered as the owner's `AppError`.
   */
  transaction<T>(work: (trx: Database) => Promise<T>): Promise<T>;
  /**
   * Writes one batch of staged valid rows (sheet order) in the publish's transaction, audited; an
   * `AppError` refuses the whole import (nothing written). `created` counts the rows before it.
   */
  publish(trx: Database, rows: readonly StagedRow[], created: number): Promise<void>;
}

/** What an import is: its sheet, and how its owner checks and writes its rows. */
export interface SheetImport<D extends ImportJobData = ImportJobData> {
  /** What a row is (品牌, 人员): the template's, refused file's and messages' word. */
  label: string;
  /** The job's kind (`import:<the import call's path>`). */
  kind: string;
  columns: readonly ImportColumn[];
  /** A sheet row as the create call checks it (the fields' Chinese messages). */
  row: z.ZodType;
  /** The template's example row and each picked column's words. */
  example?: Record<string, unknown>;
  choices?: Record<string, readonly string[]>;
  /**
   * Columns whose cells are never kept (a first password): the preview and the refused rows' file
   * show them as ******.
   */
  hidden?: readonly string[];
  /** Fields a row's value of must not repeat a row above it in the file (an empty value repeats none). */
  unique: readonly string[];
  /**
   * Starts one job's work (on `db`, outside a transaction): reads what rows refer to. `commit`: the
   * job will publish (not a preview).
   */
  begin(ctx: JobContext<D>, commit: boolean): Promise<ImportRun>;
}

const given = (v: unknown) => v !== undefined && v !== '';

/** The import's template, job and refusals (`sheetImport(db, spec)`). */
export function sheetImport<D extends ImportJobData>(db: Database, spec: SheetImport<D>) {
  const { columns, label } = spec;
  const labelOf = (key: string | undefined) =>
    (key && columns.find((c) => c.key === key)?.label) || key || '整行';
  const named = (errors: Record<string, string>) =>
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [labelOf(field), message]));

  /**
   * Reads and checks the sheet at `file`, a row at a time (never the whole sheet in memory),
   * outside any long transaction (ADR 0037): each row by the schema, the owner's `resolve` and the
   * unique fields against the rows above it in the file; then, IMPORT_BATCH rows at a time, the
   * owner's `check` (reads on `db`). Each batch's rows — valid ones with their values, refused ones
   * with their cells and reasons — are staged in a short transaction of their own; between batches
   * the job reports its progress and stops if it was cancelled. Keeps the first `keep` valid rows.
   */
  async function stage(
    ctx: JobContext<D>,
    run: ImportRun,
    file: string,
    staging: ImportStaging,
    keep: number,
  ) {
    const out = { total: 0, valid: 0, invalid: 0, kept: [] as ImportedRow[] };
    // How far the reader is through the file, for the progress bar (excel/sheet.ts ReadProgress).
    const read: ReadProgress = { read: 0, total: 0 };
    let refused: RefusedRow[] = [];
    const hidden = spec.hidden ?? [];
    const kept = (cells: Record<string, string>) =>
      hidden.length === 0
        ? cells
        : Object.fromEntries(
            Object.entries(cells).map(([key, cell]) => [key, hidden.includes(key) && cell ? '******' : cell]),
          );
    const refuse = (rowNumber: number, cells: Record<string, string>, errors: Record<string, string>) => {
      refused.push({ rowNumber, values: kept(cells), errors });
      out.invalid++;
    };
    const seen = new Map<string, Map<unknown, number>>(spec.unique.map((f) => [f, new Map()]));
    let batch: ImportedRow[] = [];

    const flush = async () => {
      let rows = batch;
      batch = [];
      if (run.check && rows.length > 0) {
        const refusals = await run.check(rows);
        rows = rows.filter((row) => {
          const errors = refusals.get(row.rowNumber);
          if (!errors) return true;
          refuse(row.rowNumber, row.cells, named(errors));
          return false;
        });
      }
      out.valid += rows.length;
      for (const row of rows) if (out.kept.length < keep) out.kept.push(row);
      if (run.stage && rows.length > 0) {
        const made = await run.stage(rows);
        rows = rows.map((r, i) => ({ ...r, values: made[i] ?? r.values }));
      }
      const refusedNow = refused;
      refused = [];
      await staging.add(rows, refusedNow);
      // The share of the file read (bytes), whatever its number of rows; the row cap otherwise.
      const share = read.total > 0 ? read.read / read.total : out.total / RESOURCE_IMPORT_MAX_ROWS;
      await ctx.progress(
        Math.min(READ_SHARE, Math.floor(READ_SHARE * share)),
        `已检查 ${out.total.toLocaleString('en-US')} 行`,
      );
      await ctx.checkCancelled();
      // SQLite's statements end synchronously, so the awaits above never let this process serve
      // another request: between batches it does (the reads that came meanwhile wait one batch).
      await new Promise((resolve) => setImmediate(resolve));
    };

    const labels = labelsOf(columns);
    for await (const row of readWorkbook(file, { columns, ...IMPORT_LIMITS, progress: read })) {
      out.total++;
      const checked = validateRow(row, spec.row, labels);
      if ('errors' in checked) refuse(row.rowNumber, row.values, checked.errors);
      else {
        const resolved = run.resolve(checked.data as Record<string, unknown>);
        if ('errors' in resolved) refuse(row.rowNumber, row.values, named(resolved.errors));
        else {
          const { values } = resolved;
          const errors: Record<string, string> = {};
          for (const field of spec.unique) {
            const value = values[field];
            if (!given(value)) continue;
            const above = seen.get(field)?.get(value);
            if (above === undefined) seen.get(field)?.set(value, row.rowNumber);
            else errors[labelOf(field)] = `${labelOf(field)}「${String(value)}」与第${above}行重复`;
          }
          if (Object.keys(errors).length > 0) refuse(row.rowNumber, row.values, errors);
          else batch.push({ rowNumber: row.rowNumber, cells: kept(row.values), values });
        }
      }
      if (batch.length + refused.length >= IMPORT_BATCH) await flush();
    }
    await flush();
    return out;
  }

  /**
   * Publishes the staged valid rows in ONE transaction (all or nothing), the job marked done in it
   * (`completeIn`: never published twice), a batch at a time through the owner's `publish`;
   * between batches other requests are served. Answers the result with `publish_ms`.
   */
  async function publish(
    ctx: JobContext<D>,
    run: ImportRun,
    staging: ImportStaging,
    counts: Omit<ImportResult, 'created' | 'rows'>,
  ): Promise<ImportResult> {
    return run.transaction(async (trx) => {
      const began = performance.now();
      let created = 0;
      for await (const rows of staging.valid(trx, IMPORT_BATCH)) {
        await run.publish(trx, rows, created);
        created += rows.length;
        // The statements of a batch run back to back; between batches this process serves the
        // requests that came meanwhile (their reads go to SQLite's reader or another connection).
        await new Promise((resolve) => setImmediate(resolve));
      }
      const result = { ...counts, created, rows: [], publish_ms: Math.round(performance.now() - began) };
      await ctx.completeIn(trx, result);
      return result;
    });
  }

  return {
    /** The import template: the columns, the example row, the picked columns' words (these unless given). */
    template: (choices = spec.choices ?? {}) =>
      templateWorkbook(columns, spec.example ?? {}, choices, `${label}导入模板`),

    /**
     * An import job (ADR 0037): the sheet it was started with read, checked and staged (`stage`);
     * the refused rows kept as the job's file `refused`. A `preview` answers the counts and the
     * first rows and writes nothing; `all` publishes every row or, when any is refused, fails with
     * nothing written; `valid` publishes the rows that pass (`publish`: one short transaction). The
     * staged rows go when the job ends, whichever way, and before a run that follows a dead one.
     */
    async importSheet(ctx: JobContext<D>): Promise<ImportResult> {
      const { mode } = ctx.data;
      const staging = importStaging(db, ctx.caller.companyId, ctx.id);
      if (ctx.attempt > 1) await staging.clear();
      try {
        const file = await ctx.inputFile();
        if (!file) throw new AppError('PARAM_ERROR', '请选择要导入的Excel文件');
        const run = await spec.begin(ctx, mode !== 'preview');
        const r = await stage(ctx, run, file, staging, mode === 'preview' ? RESOURCE_IMPORT_PREVIEW_ROWS : 0);
        const counts = { total: r.total, valid: r.valid, invalid: r.invalid, columns: [...columns] };
        if (r.invalid > 0)
          await ctx.putFile('refused', `${label}导入错误行.xlsx`, errorWorkbook(columns, staging.refused()));
        if (mode === 'preview') {
          const rows: ImportResult['rows'] = [];
          for await (const x of staging.refused(RESOURCE_IMPORT_PREVIEW_ROWS))
            rows.push({ row: x.rowNumber, values: x.values, errors: x.errors });
          for (const x of r.kept) rows.push({ row: x.rowNumber, values: x.cells, errors: {} });
          return { ...counts, created: 0, rows: rows.sort((x, y) => x.row - y.row) };
        }
        if (mode === 'all' && r.invalid > 0)
          throw new AppError(
            'PARAM_ERROR',
            `有${r.invalid}行数据有误，没有导入任何一行：请修正后重新导入，或选择仅导入有效行`,
          );
        if (r.valid === 0) throw new AppError('PARAM_ERROR', `表格中没有可以导入的${label}`);
        await ctx.progress(READ_SHARE, `正在导入 ${r.valid.toLocaleString('en-US')} 行`);
        return await publish(ctx, run, staging, counts);
      } finally {
        await staging.clear();
      }
    },
  };
}
export type SheetImporter<D extends ImportJobData = ImportJobData> = ReturnType<typeof sheetImport<D>>;

/** The import as a kind of job for its module's `jobs`: the queue runs `importSheet`. */
export const sheetImportJob = <D extends ImportJobData>(
  kind: string,
  importer: Pick<SheetImporter<D>, 'importSheet'>,
): JobHandler<D> => ({ kind, run: (ctx) => importer.importSheet(ctx) });
