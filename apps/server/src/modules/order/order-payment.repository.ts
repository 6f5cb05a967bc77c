import { RECEIPT_MAX_FILES } from '@portal/contract';
import { sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** An order's transfer receipts and the online payments reported for it. */
export const orderPaymentRepository = {
  receipts: (db: Database, companyId: number, orderId: number) =>
    inCompany(db, companyId)
      .selectFrom('order_receipts', 'r')
      .innerJoin('stored_files as f', 'f.id', 'r.file_id')
      .select(['r.id', 'r.file_id', 'f.filename', 'f.mimetype', 'f.size', 'r.created_at'])
      .where('r.order_id', '=', orderId)
      .orderBy('r.id')
      .execute(),

  receipt: (db: Database, companyId: number, orderId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('order_receipts')
      .select(['id', 'file_id'])
      .where('order_id', '=', orderId)
      .where('id', '=', id)
      .executeTakeFirst(),

  /**
   * Counts one more receipt on an order that awaits payment and holds fewer than the limit: one
   * conditional update, so parallel uploads cannot pass the limit and none lands after the payment
   * was confirmed. False when the order is not in that state or is full.
   */
  async takeReceiptSlot(db: Database, companyId: number, orderId: number, status: number, now: string) {
    const r = await inCompany(db, companyId)
      .updateTable('orders')
      // The first receipt of a wait stops the payment timer (`receipt_at`, migration 055).
      .set({ receipt_count: sql`receipt_count + 1`, receipt_at: sql`coalesce(receipt_at, ${now})` })
      .where('id', '=', orderId)
      .where('status', '=', status)
      .where('receipt_count', '<', RECEIPT_MAX_FILES)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async releaseReceiptSlot(db: Database, companyId: number, orderId: number) {
    await inCompany(db, companyId)
      .updateTable('orders')
      .set({ receipt_count: sql`receipt_count - 1` })
      .where('id', '=', orderId)
      .where('receipt_count', '>', 0)
      .execute();
  },

  /** The payment timer of an order: its deadline, and since when it is stopped (null: running). */
  timer: (db: Database, companyId: number, orderId: number) =>
    inCompany(db, companyId)
      .selectFrom('orders')
      .select(['receipt_count', 'receipt_at', 'expires_at'])
      .where('id', '=', orderId)
      .executeTakeFirst(),

  /** Starts the timer again with the new deadline, when no receipt waits any more. */
  resumeTimer: (db: Database, companyId: number, orderId: number, expiresAt: string) =>
    inCompany(db, companyId)
      .updateTable('orders')
      .set({ expires_at: expiresAt, receipt_at: null })
      .where('id', '=', orderId)
      .where('receipt_count', '=', 0)
      .execute(),

  insertReceipt: (
    db: Database,
    companyId: number,
    v: { order_id: number; file_id: number; created_at: string },
  ) => inCompany(db, companyId).insertInto('order_receipts', v).execute(),

  deleteReceipt: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId).deleteFrom('order_receipts').where('id', '=', id).execute(),

  /** Records a provider's trade; false when it was recorded before (a repeated notification). */
  async recordTrade(
    db: Database,
    companyId: number,
    v: { order_id: number; provider: string; trade_no: string; amount: number; created_at: string },
  ) {
    const r = await inCompany(db, companyId)
      .insertInto('payment_trades', v)
      .onConflict((oc) => oc.columns(['provider', 'trade_no']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },
};
