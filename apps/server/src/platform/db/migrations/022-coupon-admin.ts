import { type Kysely, sql } from 'kysely';
import { createIndex } from './helpers.ts';

/**
 * Coupons in the back office (issue 12): a per-member limit, the audit columns the resource block
 * fills, one live coupon per code in a company, and a member's copies numbered 1..limit so that the
 * limit holds under concurrent claims and issues (the unique index refuses a second copy number).
 */
export const couponAdmin = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('coupons')
      .addColumn('per_member', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('coupons')
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .execute();
    await db.schema
      .alterTable('coupons')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
      .execute();
    // One live coupon of a code per company (codes are typed at checkout); no code is no code.
    await db.schema
      .createIndex('coupons_code')
      .on('coupons')
      .columns(['company_id', 'code'])
      .unique()
      .where(sql<boolean>`code <> '' and del_flag = 0`)
      .execute();
    await db.schema
      .alterTable('member_coupons')
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // Was one copy per member; now copies 1..per_member, each number once.
    await db.schema.dropIndex('member_coupons_once').execute();
    await createIndex(db, 'member_coupons_copy', 'member_coupons', ['coupon_id', 'user_id', 'seq'], true);
  },
};
