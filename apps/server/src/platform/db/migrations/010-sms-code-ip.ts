import type { Kysely } from 'kysely';
import { createIndex } from './helpers.ts';

/**
 * SMS send limits count issued codes, whichever sender delivered them (the outbox is only the
 * built-in sender's log): each code keeps the IP that asked for it.
 */
export const smsCodeIp = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sms_codes')
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await createIndex(db, 'sms_codes_sent', 'sms_codes', ['mobile', 'created_at']);
    await createIndex(db, 'sms_codes_ip', 'sms_codes', ['ip', 'created_at']);
  },
};
