import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * A person's move to another company (issue 34, docs/adr/0038 "Moving to another company"). The
 * row belongs to the company the person leaves (`company_id`); the company they go to
 * (`to_company_id`) reads it through the transfer module's one unscoped read. Each side answers
 * (`from_state`, `to_state`: 0 waiting, 1 agreed, 2 refused); `status` is the request's (0 waiting,
 * 1 done, 2 refused, 3 withdrawn). One waiting request per person: a partial unique index, so two
 * requests sent at once cannot both be kept.
 */
export const personTransfers = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await companyTable(dialect, db, 'person_transfers')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('to_company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('from_state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('to_state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('from_reviewer', 'integer', (c) => c.references('users.id'))
      .addColumn('to_reviewer', 'integer', (c) => c.references('users.id'))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .execute();
    await createIndex(db, 'person_transfers_from', 'person_transfers', ['company_id', 'status', 'id']);
    await createIndex(db, 'person_transfers_to', 'person_transfers', ['to_company_id', 'status', 'id']);
    await sql`create unique index person_transfers_pending on person_transfers (user_id) where status = 0`.execute(
      db,
    );
  },
});
