import { JOB_FINISHED } from '@portal/contract';
import type { Database } from '../db/database.ts';
import { inCompany, unscoped } from '../db/scope.ts';
import type { RefusedRow } from '../excel/index.ts';

/**
 * The staged rows of one import job (`import_rows`, ADR 0037 "The import: staged, then
 * published"): what the job's reading of the sheet wrote, read back in sheet order by the publish
 * (the valid rows' values), the refused rows' file and the preview (the refused rows' cells and
 * reasons). Each read is one page (`PAGE` rows, after a row number), never the whole sheet.
 */

/** Rows one statement writes or reads. */
const PAGE = 500;
/** Rows one statement of `clear` deletes (about 10 ms of SQLite's time). */
const CLEAR_PAGE = 2000;

/** A row that passed every check: its number in the sheet and the values to store. */
export interface StagedRow {
  rowNumber: number;
  values: Record<string, unknown>;
}

export function importStaging(db: Database, companyId: number, jobId: number) {
  const rows = (conn: Database) =>
    inCompany(conn, companyId).selectFrom('import_rows', 'r').where('r.job_id', '=', jobId);

  /** One page of the job's rows of a kind, after `after` in sheet order. */
  const page = (conn: Database, refused: 0 | 1, after: number, limit: number) =>
    rows(conn)
      .select(['r.row_number', 'r.values_json', 'r.cells_json', 'r.errors_json'])
      .where('r.refused', '=', refused)
      .where('r.row_number', '>', after)
      .orderBy('r.row_number')
      .limit(limit)
      .execute();

  return {
    /** Writes a batch of checked rows in one short transaction of its own. */
    async add(valid: readonly StagedRow[], refused: readonly RefusedRow[]) {
      const staged = [
        ...valid.map((r) => ({
          job_id: jobId,
          row_number: r.rowNumber,
          refused: 0,
          values_json: JSON.stringify(r.values),
        })),
        ...refused.map((r) => ({
          job_id: jobId,
          row_number: r.rowNumber,
          refused: 1,
          cells_json: JSON.stringify(r.values),
          errors_json: JSON.stringify(r.errors),
        })),
      ];
      if (staged.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let at = 0; at < staged.length; at += PAGE)
          await inCompany(trx, companyId)
            .insertInto('import_rows', staged.slice(at, at + PAGE))
            .execute();
      });
    },

    /** The valid rows in sheet order, `size` at a time, read on `conn` (the publish's transaction). */
    async *valid(conn: Database, size: number): AsyncGenerator<StagedRow[]> {
      for (let after = 0; ; ) {
        const got = await page(conn, 0, after, size);
        if (got.length === 0) return;
        yield got.map((r) => ({ rowNumber: r.row_number, values: JSON.parse(r.values_json ?? '{}') }));
        after = got.at(-1)?.row_number ?? after;
        if (got.length < size) return;
      }
    },

    /** The refused rows in sheet order (at most `limit`), a page at a time. */
    async *refused(limit = Number.POSITIVE_INFINITY): AsyncGenerator<RefusedRow> {
      let left = limit;
      for (let after = 0; left > 0; ) {
        const size = Math.min(PAGE, left);
        const got = await page(db, 1, after, size);
        for (const r of got)
          yield {
            rowNumber: r.row_number,
            values: JSON.parse(r.cells_json ?? '{}'),
            errors: JSON.parse(r.errors_json ?? '{}'),
          };
        left -= got.length;
        after = got.at(-1)?.row_number ?? after;
        if (got.length < size) return;
      }
    },

    /**
     * Deletes the job's staged rows (the job ended, or starts again after its process died),
     * `CLEAR_PAGE` at a time with other requests served between: 50,000 rows deleted by one
     * statement held SQLite's only thread 0.15–0.4 s.
     */
    async clear() {
      for (;;) {
        const r = await inCompany(db, companyId)
          .deleteFrom('import_rows')
          .where('id', 'in', rows(db).select('r.id').limit(CLEAR_PAGE))
          .executeTakeFirst();
        if (Number(r.numDeletedRows) < CLEAR_PAGE) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
export type ImportStaging = ReturnType<typeof importStaging>;

/**
 * The staged rows of import jobs that have ended: a job normally deletes its own as it ends, but
 * not when its process died after the publish's commit, nor when the runner gave up on it after
 * three attempts without running it again. A platform repeat (app.ts), hourly.
 */
export async function sweepEndedImports(db: Database) {
  const everyCompany = unscoped(
    db,
    'the sweep deletes the staged rows of ended import jobs of every company',
  );
  await everyCompany
    .deleteFrom('import_rows')
    .where('job_id', 'in', everyCompany.selectFrom('jobs').select('id').where('state', 'in', JOB_FINISHED))
    .execute();
}
