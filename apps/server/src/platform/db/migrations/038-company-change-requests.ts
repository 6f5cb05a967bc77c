import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * `company_change_requests` (issue 12, docs/adr/0029): a company's request to change its
 * registered identity, approved or rejected by the super administrator. `changes` is a JSON array
 * of `{field, before, after}` (only the fields that differ, with the values when the request was
 * made); `status` 0 待审核, 1 已通过, 2 已驳回, 3 已撤回. At most one pending request per company, also
 * under concurrent submits: a partial unique index on the pending rows.
 */
export function companyChangeRequests(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'company_change_requests')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .execute();
      await db.schema
        .createIndex('company_change_requests_pending')
        .on('company_change_requests')
        .column('company_id')
        .unique()
        .where(sql<boolean>`status = 0`)
        .execute();
      // A company's history, newest first; the super administrator's list by state.
      await createIndex(db, 'company_change_requests_company', 'company_change_requests', [
        'company_id',
        'id',
      ]);
      await createIndex(db, 'company_change_requests_status', 'company_change_requests', ['status', 'id']);
    },
  };
}
