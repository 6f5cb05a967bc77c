import type { Kysely } from 'kysely';

/**
 * Whether a member is texted about their orders (issue 35; packages/contract member.ts
 * `noticeSettingsSchema`): on unless they turn it off, as a Chinese shop texts 发货 and 付款.
 */
export const orderSms = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('order_sms', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
};
