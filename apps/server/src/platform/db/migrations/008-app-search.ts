import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * App releases for `/app` and `GET /check/app/version`, and the training projects that
 * `/searchExperiment` lists. `projects` is the project of the training area (design/training.md:
 * a runnable configuration of a flow); the training issue adds its wizard columns to it.
 */
export function appSearch(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'app_versions')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('build', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('download_url', 'text', (c) => c.notNull())
        .addColumn('force_update', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('released_at', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(
        db,
        'app_versions_company_platform',
        'app_versions',
        ['company_id', 'platform', 'version'],
        true,
      );

      await companyTable(dialect, db, 'projects')
        // The flow (BPMN template) the project runs; the training issue creates `flows`.
        .addColumn('flow_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('requirement', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit('del_flag', 'created_by', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'projects_company_public', 'projects', [
        'company_id',
        'is_public',
        'status',
        'del_flag',
      ]);
    },
  };
}
