import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, createLiveUnique } from './helpers.ts';

/**
 * The company's business customers (issue 12, `/crm/customer_index`; docs/adr/0020): contacts as a
 * JSON array in one column (read and written with the customer, searched with it), payment terms,
 * credit limit in cents, the salesperson and the name they had when chosen.
 */
export function customers(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'customers')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contacts', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('payment_terms', 'text', (c) => c.notNull().defaultTo('cash'))
        .addColumn('credit_days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('credit_limit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('salesperson_id', 'integer', (c) => c.references('users.id'))
        .addColumn('salesperson_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .$call(audit())
        .execute();
      // One live customer of a name per company, also under concurrent saves.
      await createLiveUnique(db, 'customers_name', 'customers', ['company_id', 'name']);
      await createIndex(db, 'customers_company_created', 'customers', [
        'company_id',
        'del_flag',
        'created_at',
        'id',
      ]);
      // The company's login records, newest first.
      await createIndex(db, 'login_logs_company_time', 'login_logs', ['company_id', 'id']);
    },
  };
}
