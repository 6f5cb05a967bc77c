import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, withId } from './helpers.ts';

/**
 * App releases for `/app` and `GET /check/app/version`, and the training projects that
 * `/searchExperiment` lists. `projects` is the project of the training area (design/training.md:
 * a runnable configuration of a flow); the training issue adds its wizard columns to it.
 */
export function appSearch(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('app_versions'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('build', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('download_url', 'text', (c) => c.notNull())
        .addColumn('force_update', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('released_at', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'app_versions_company_platform',
        'app_versions',
        ['company_id', 'platform', 'version'],
        true,
      );

      await withId(dialect, db.schema.createTable('projects'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
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
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
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
