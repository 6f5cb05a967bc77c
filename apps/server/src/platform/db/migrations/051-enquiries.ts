import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, withId } from './helpers.ts';

/**
 * A visitor's product-planning and investment enquiries (`POST /account/product/plan`,
 * `/account/venture/capital`; issue 34): one table, `kind` tells them apart; staff of the site's
 * company list them and mark each handled once.
 */
export function enquiries(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('enquiries'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        // 'product_plan' | 'venture_capital'
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('organization', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('subject', 'text', (c) => c.notNull())
        // 拟融资金额（万元）, venture capital only
        .addColumn('amount', 'integer')
        .addColumn('content', 'text', (c) => c.notNull())
        // 0 待处理, 1 已处理
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('handled_by', 'integer', (c) => c.references('users.id'))
        .addColumn('handled_at', 'text')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'enquiries_company_status', 'enquiries', ['company_id', 'status', 'id']);
      await createIndex(db, 'enquiries_company_kind', 'enquiries', ['company_id', 'kind', 'id']);
    },
  };
}
