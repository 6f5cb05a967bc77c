import type { Kysely } from 'kysely';
import { createIndex } from './helpers.ts';

/**
 * Limits that every server process shares and a restart keeps (ADR 0010): fixed-window counters
 * (login failures, SMS and registration limits, visitor forms, person search) and the browsers a
 * user has logged in from, whose login attempts the lock-out counts apart from strangers'.
 */
export const loginLimits = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      // Epoch milliseconds at which the window closes.
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await createIndex(db, 'rate_counters_reset', 'rate_counters', ['reset_at']);

    await db.schema
      .createTable('login_devices')
      // SHA-256 of the browser's device cookie; the cookie itself is never stored.
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_devices_pk', ['token_hash', 'user_id'])
      .execute();
    await createIndex(db, 'login_devices_used', 'login_devices', ['last_used_at']);
    // "Has this user logged in from this address before?" (the lock-out's known addresses).
    await createIndex(db, 'login_logs_user_ip', 'login_logs', ['user_id', 'ip', 'success']);
    // Each company reads only its own SMS outbox.
    await createIndex(db, 'sms_outbox_company', 'sms_outbox', ['company_id', 'id']);
  },
};
