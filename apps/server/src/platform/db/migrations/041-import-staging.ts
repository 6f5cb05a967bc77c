import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * `import_rows` (issue 33, ADR 0037 "The import: staged, then published"): an import job's checked
 * sheet rows, written in short transactions while the job reads the sheet, then published in one.
 * A row that passed every check keeps the values to store (`values_json`); a refused row its cells
 * as read and each column's reason (`cells_json`, `errors_json`), so the refused rows' file and a
 * preview's list come from here instead of an array of the whole sheet. The rows live only while
 * their job runs: they are deleted when it ends, and when it starts again after its process died.
 */
export function importStaging(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'import_rows')
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id'))
        .addColumn('row_number', 'integer', (c) => c.notNull())
        .addColumn('refused', 'integer', (c) => c.notNull())
        .addColumn('values_json', 'text')
        .addColumn('cells_json', 'text')
        .addColumn('errors_json', 'text')
        .execute();
      // A job's valid rows in sheet order (the publish), its refused ones (the file, the preview).
      await createIndex(db, 'import_rows_job', 'import_rows', [
        'company_id',
        'job_id',
        'refused',
        'row_number',
      ]);
    },
  };
}
