import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * `cart_merges`: the guest carts merged into a member's cart, by the key the browser gave the guest
 * cart when it first wrote it. The unique index makes `/cart/merge` add a guest cart once, however
 * often the browser sends it (a page that moved on before the answer came sends it again).
 */
export function cartMerges(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'cart_merges')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('merge_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'cart_merges_key', 'cart_merges', ['company_id', 'user_id', 'merge_key'], true);
    },
  };
}
