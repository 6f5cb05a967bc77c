import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * Moving on (issue 37): a path row says which way it was entered by (`came_by`, the sequence flow
 * taken; null for the first nodes), and a parallel merge reached by a branch waits as a row of its
 * own (state 3) until every branch has arrived. Members' experiences of a business (1 draft,
 * 2 submitted), one each; the business ends once every member of its last node has submitted one.
 */
export function businessMovingOn(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('business_paths').addColumn('came_by', 'integer').execute();
      await companyTable(dialect, db, 'business_experiences')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'business_experiences_member',
        'business_experiences',
        ['company_id', 'business_id', 'user_id'],
        true,
      );
    },
  };
}
