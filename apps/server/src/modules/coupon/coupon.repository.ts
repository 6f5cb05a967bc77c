import { sql } from 'kysely';
import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

const COLUMNS = [
  'c.id',
  'c.name',
  'c.code',
  'c.amount',
  'c.min_amount',
  'c.start_time',
  'c.end_time',
  'c.total',
  'c.claimed',
] as const;

export const couponRepository = {
  find: (db: Database, companyId: number, by: { id?: number; code?: string }) => {
    let q = inCompany(db, companyId).selectFrom('coupons', 'c').select(COLUMNS).where('c.status', '=', 1);
    if (by.id !== undefined) q = q.where('c.id', '=', by.id);
    if (by.code !== undefined) q = q.where('c.code', '=', by.code).where('c.code', '!=', '');
    return q.executeTakeFirst();
  },

  /** Coupons a member can still claim or use now. */
  active: (db: Database, companyId: number, now: string, limit: number, offset: number) =>
    inCompany(db, companyId)
      .selectFrom('coupons', 'c')
      .select(COLUMNS)
      .where('c.status', '=', 1)
      .where('c.end_time', '>=', now)
      .orderBy('c.end_time')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute(),

  activeCount: (db: Database, companyId: number, now: string) =>
    countRows(
      inCompany(db, companyId)
        .selectFrom('coupons', 'c')
        .where('c.status', '=', 1)
        .where('c.end_time', '>=', now),
    ),

  mine: (db: Database, companyId: number, userId: number, limit: number, offset: number) =>
    inCompany(db, companyId)
      .selectFrom('member_coupons', 'mc')
      .innerJoin('coupons as c', 'c.id', 'mc.coupon_id')
      .select([...COLUMNS, 'mc.status as mine_status'])
      .where('mc.user_id', '=', userId)
      .orderBy('mc.status')
      .orderBy('mc.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),

  mineCount: (db: Database, companyId: number, userId: number) =>
    countRows(inCompany(db, companyId).selectFrom('member_coupons').where('user_id', '=', userId)),

  copies: (db: Database, companyId: number, userId: number, couponIds: readonly number[]) =>
    couponIds.length === 0
      ? Promise.resolve([])
      : inCompany(db, companyId)
          .selectFrom('member_coupons')
          .select(['id', 'coupon_id', 'status'])
          .where('user_id', '=', userId)
          .where('coupon_id', 'in', couponIds)
          .execute(),

  /** Takes one from the coupon's total; false when none is left. */
  async takeOne(db: Database, companyId: number, couponId: number) {
    const r = await inCompany(db, companyId)
      .updateTable('coupons')
      .set({ claimed: sql`claimed + 1` })
      .where('id', '=', couponId)
      .where((eb) => eb.or([eb('total', '=', 0), eb('claimed', '<', eb.ref('total'))]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  insertCopy: async (db: Database, v: { companyId: number; couponId: number; userId: number; now: string }) =>
    (
      await inCompany(db, v.companyId)
        .insertInto('member_coupons', {
          coupon_id: v.couponId,
          user_id: v.userId,
          status: 0,
          claimed_at: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** Marks an unused copy used by an order; false if it was used meanwhile. */
  async markUsed(db: Database, companyId: number, copyId: number, orderId: number, now: string) {
    const r = await inCompany(db, companyId)
      .updateTable('member_coupons')
      .set({ status: 1, order_id: orderId, used_at: now })
      .where('id', '=', copyId)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  release: (db: Database, companyId: number, copyId: number) =>
    inCompany(db, companyId)
      .updateTable('member_coupons')
      .set({ status: 0, order_id: null, used_at: null })
      .where('id', '=', copyId)
      .execute(),
};
