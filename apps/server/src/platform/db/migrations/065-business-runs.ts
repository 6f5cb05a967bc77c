import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * A business runs (issue 37): when it was started and ended, and its path — one row per node it
 * has entered, in order (`step`), current (1) until it moves on (2 done); parallel branches are
 * several current rows at once.
 */
export function businessRuns(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('businesses').addColumn('started_at', 'text').execute();
      await db.schema.alterTable('businesses').addColumn('ended_at', 'text').execute();

      await companyTable(dialect, db, 'business_paths')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('entered_at', 'text', (c) => c.notNull())
        .addColumn('left_at', 'text')
        .execute();
      await createIndex(db, 'business_paths_business', 'business_paths', [
        'company_id',
        'business_id',
        'step',
      ]);
    },
  };
}
