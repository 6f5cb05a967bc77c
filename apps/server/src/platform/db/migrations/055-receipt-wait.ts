import type { Kysely } from 'kysely';

/**
 * A bank-transfer order whose receipt awaits the shop (issue 35, docs/shop.md "Payment"):
 * `receipt_at` is when the first receipt of the current wait was uploaded. While it is set the
 * expiry sweep leaves the order alone (the timer is stopped); when the member deletes the last
 * receipt the stopped time is added to `expires_at` and it is cleared.
 */
export const receiptWait = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('receipt_at', 'text').execute();
  },
};
