import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/** A member's private notes in a business (issue 37, design/training.md "Note"): one per node, rewritten. */
export function businessNotes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'business_notes')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'business_notes_member',
        'business_notes',
        ['company_id', 'business_id', 'user_id', 'node_id'],
        true,
      );
    },
  };
}
