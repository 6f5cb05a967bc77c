import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, createIndex, withId } from './helpers.ts';

/**
 * Payments (ADR 0015): a company's receiving bank account, stored files (transfer receipts first),
 * the receipts of an order, and the online payments providers reported (one row per provider trade,
 * so a repeated callback finds its trade and changes nothing).
 */
export function payments(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('payment_accounts'))
        .addColumn('company_id', 'integer', (c) => c.notNull().unique())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('branch_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('account_name', 'text', (c) => c.notNull())
        .addColumn('account_no', 'text', (c) => c.notNull())
        .$call(audit('updated_by', 'updated_at'))
        .execute();

      // Files kept in the database: shared by every process, written in the transaction of the
      // record that owns them. Small ones only (receipts ≤ 5 MB); see ADR 0015.
      await withId(dialect, db.schema.createTable('stored_files'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('mimetype', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('content', dialect === 'pg' ? 'bytea' : 'blob', (c) => c.notNull())
        .$call(audit('created_by', 'created_at'))
        .execute();

      await withId(dialect, db.schema.createTable('order_receipts'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'order_receipts_order', 'order_receipts', ['company_id', 'order_id']);
      // The receipts an order holds, counted by one conditional update (at most RECEIPT_MAX_FILES,
      // also under parallel uploads).
      await db.schema
        .alterTable('orders')
        .addColumn('receipt_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(dialect, db.schema.createTable('payment_trades'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('trade_no', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'payment_trades_trade', 'payment_trades', ['provider', 'trade_no'], true);
      await createIndex(db, 'payment_trades_order', 'payment_trades', ['company_id', 'order_id']);
    },
  };
}
