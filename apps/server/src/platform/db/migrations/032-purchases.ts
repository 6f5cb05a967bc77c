import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, goodsRef, goodsWords } from './helpers.ts';

/**
 * Purchase orders (issue 12, ADR 0025): the order (soft delete, its number unique per company),
 * its lines with what was received and returned so far (checks keep received ≤ ordered and
 * returned ≤ received whatever the code above does), the receipts (each wrote pending stock-in
 * records, which now name the order, line and receipt they came from), the returns with their
 * lines, the history of every change of state, and the per-company, per-day counter the order
 * numbers (CG20261124-0001) are taken from.
 */
export function purchases(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'purchases')
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id'))
        .addColumn('supplier_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('warehouse_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expected_date', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        // 0 草稿, 1 已下单, 2 部分到货, 3 已完成, 4 已取消
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('maker_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ordered_at', 'text')
        .$call(audit())
        .execute();
      // A number is never given twice in a company, not even after its draft was deleted.
      await createIndex(db, 'purchases_no', 'purchases', ['company_id', 'order_no'], true);
      await createIndex(db, 'purchases_company', 'purchases', ['company_id', 'del_flag', 'id']);
      await createIndex(db, 'purchases_supplier', 'purchases', ['company_id', 'supplier_id', 'id']);

      await companyTable(dialect, db, 'purchase_lines')
        .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id'))
        .$call(goodsRef)
        .$call(goodsWords)
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_price', 'integer', (c) => c.notNull().defaultTo(0).check(sql`unit_price >= 0`))
        .addColumn('received_qty', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`received_qty >= 0 and received_qty <= quantity`),
        )
        .addColumn('returned_qty', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`returned_qty >= 0 and returned_qty <= received_qty`),
        )
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'purchase_lines_purchase', 'purchase_lines', ['company_id', 'purchase_id', 'id']);

      await companyTable(dialect, db, 'purchase_receipts')
        .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'purchase_receipts_purchase', 'purchase_receipts', [
        'company_id',
        'purchase_id',
        'id',
      ]);

      await companyTable(dialect, db, 'purchase_returns')
        .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'purchase_returns_purchase', 'purchase_returns', [
        'company_id',
        'purchase_id',
        'id',
      ]);

      await companyTable(dialect, db, 'purchase_return_lines')
        .addColumn('return_id', 'integer', (c) => c.notNull().references('purchase_returns.id'))
        .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id'))
        .addColumn('line_id', 'integer', (c) => c.notNull().references('purchase_lines.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .execute();
      await createIndex(db, 'purchase_return_lines_purchase', 'purchase_return_lines', [
        'company_id',
        'purchase_id',
        'return_id',
      ]);

      await companyTable(dialect, db, 'purchase_history')
        .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id'))
        .addColumn('from_status', 'integer')
        .addColumn('to_status', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'purchase_history_purchase', 'purchase_history', [
        'company_id',
        'purchase_id',
        'id',
      ]);

      // The last order number given per company and day (China time): taken by an upsert, so two
      // orders made at once get consecutive numbers and never the same one.
      await db.schema
        .createTable('purchase_numbers')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('last_no', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('purchase_numbers_pk', ['company_id', 'day'])
        .execute();

      // A stock-in record written by a receipt names its order, line and receipt.
      await db.schema.alterTable('stock_inputs').addColumn('purchase_id', 'integer').execute();
      await db.schema.alterTable('stock_inputs').addColumn('purchase_line_id', 'integer').execute();
      await db.schema.alterTable('stock_inputs').addColumn('purchase_receipt_id', 'integer').execute();
      await db.schema
        .alterTable('stock_inputs')
        .addColumn('purchase_no', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await createIndex(db, 'stock_inputs_purchase', 'stock_inputs', ['company_id', 'purchase_id']);
    },
  };
}
