import { MEMBER_ROLE } from '@portal/contract';
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
  'c.per_member',
] as const;

/** Rows one insert writes (well under both dialects' parameter limits). */
const INSERT_CHUNK = 500;

export const couponRepository = {
  /** A live coupon of the company, issued or stopped (a stopped one's copies stay usable). */
  find: (db: Database, companyId: number, by: { id?: number; code?: string }) => {
    let q = inCompany(db, companyId)
      .selectFrom('coupons', 'c')
      .select([...COLUMNS, 'c.status']);
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

  /**
   * Coupons the member may use now on an order of `amount` (what `useCoupon` accepts): those of
   * which they hold an unused copy, issued or stopped, and those issued with one left to claim
   * under their limit; each once, in the period, its threshold met.
   */
  async usableNow(db: Database, companyId: number, userId: number, now: string, amount: number) {
    const live = inCompany(db, companyId)
      .selectFrom('coupons', 'c')
      .select(COLUMNS)
      .where('c.start_time', '<=', now)
      .where('c.end_time', '>=', now)
      .where('c.min_amount', '<=', amount);
    const unused = await inCompany(db, companyId)
      .selectFrom('member_coupons')
      .select('coupon_id')
      .where('user_id', '=', userId)
      .where('status', '=', 0)
      .execute();
    const held =
      unused.length === 0
        ? []
        : await live
            .where(
              'c.id',
              'in',
              unused.map((u) => u.coupon_id),
            )
            .execute();
    const open = await live
      .where('c.status', '=', 1)
      .where((eb) => eb.or([eb('c.total', '=', 0), eb('c.claimed', '<', eb.ref('c.total'))]))
      .execute();
    const copies = await couponRepository.copies(
      db,
      companyId,
      userId,
      open.map((r) => r.id),
    );
    const claimable = open.filter((r) => copies.filter((c) => c.coupon_id === r.id).length < r.per_member);
    return [
      ...held.map((r) => ({ ...r, mine: 'unused' as const })),
      ...claimable
        .filter((r) => !held.some((h) => h.id === r.id))
        .map((r) => ({ ...r, mine: 'none' as const })),
    ];
  },

  /** The member's copies of the coupons, oldest first. */
  copies: (db: Database, companyId: number, userId: number, couponIds: readonly number[]) =>
    couponIds.length === 0
      ? Promise.resolve([])
      : inCompany(db, companyId)
          .selectFrom('member_coupons')
          .select(['id', 'coupon_id', 'status', 'seq'])
          .where('user_id', '=', userId)
          .where('coupon_id', 'in', couponIds)
          .orderBy('id')
          .execute(),

  /**
   * Locks the coupons' rows for the rest of the transaction (a write that changes nothing) and
   * reads them: claims, issues, a change of the total and a delete of the same coupon then run one
   * after the other, each seeing what the one before wrote.
   */
  lock: (db: Database, companyId: number, ids: readonly number[]) =>
    inCompany(db, companyId)
      .updateTable('coupons')
      .set({ claimed: sql`claimed` })
      .where('id', 'in', ids)
      .returning(['id', 'name', 'claimed', 'total', 'per_member', 'status', 'start_time', 'end_time'])
      .execute(),

  /** Takes `n` from the coupon's total; false when fewer are left. */
  async take(db: Database, companyId: number, couponId: number, n: number) {
    const r = await inCompany(db, companyId)
      .updateTable('coupons')
      .set({ claimed: sql`claimed + ${n}` })
      .where('id', '=', couponId)
      .where((eb) => eb.or([eb('total', '=', 0), eb(sql`claimed + ${n}`, '<=', eb.ref('total'))]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  insertCopy: async (
    db: Database,
    v: { companyId: number; couponId: number; userId: number; seq: number; now: string },
  ) =>
    (
      await inCompany(db, v.companyId)
        .insertInto('member_coupons', {
          coupon_id: v.couponId,
          user_id: v.userId,
          seq: v.seq,
          status: 0,
          claimed_at: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** One copy each, numbered after the member's last one. */
  async insertCopies(
    db: Database,
    companyId: number,
    couponId: number,
    copies: readonly { userId: number; seq: number }[],
    now: string,
  ) {
    for (let i = 0; i < copies.length; i += INSERT_CHUNK)
      await inCompany(db, companyId)
        .insertInto(
          'member_coupons',
          copies.slice(i, i + INSERT_CHUNK).map((c) => ({
            coupon_id: couponId,
            user_id: c.userId,
            seq: c.seq,
            status: 0,
            claimed_at: now,
          })),
        )
        .execute();
  },

  /** Per member holding copies of the coupon: how many, and the last copy's number. */
  holders: (db: Database, companyId: number, couponId: number) =>
    inCompany(db, companyId)
      .selectFrom('member_coupons')
      .select(['user_id', sql<number>`count(*)`.as('held'), sql<number>`max(seq)`.as('last')])
      .where('coupon_id', '=', couponId)
      .groupBy('user_id')
      .execute(),

  /** Per coupon: how many members hold an unused copy. */
  unusedHolders: (db: Database, companyId: number, couponIds: readonly number[]) =>
    inCompany(db, companyId)
      .selectFrom('member_coupons')
      .select(['coupon_id', sql<number>`count(distinct user_id)`.as('n')])
      .where('coupon_id', 'in', couponIds)
      .where('status', '=', 0)
      .groupBy('coupon_id')
      .execute(),

  /** Active members of the company (all, up to `limit`, or those with the mobiles). */
  members: (db: Database, companyId: number, opts: { mobiles?: readonly string[]; limit: number }) => {
    let q = inCompany(db, companyId)
      .selectFrom('users')
      .select(['id', 'mobile'])
      .where('role', '=', MEMBER_ROLE)
      .where('status', '=', 1);
    if (opts.mobiles) q = q.where('mobile', 'in', opts.mobiles);
    return q.orderBy('id').limit(opts.limit).execute();
  },

  /**
   * Takes an unused copy for an order being placed (marks it used); false when another order took
   * it meanwhile (its row lock makes a concurrent order wait, then find it used).
   */
  async reserve(db: Database, companyId: number, copyId: number, now: string) {
    const r = await inCompany(db, companyId)
      .updateTable('member_coupons')
      .set({ status: 1, used_at: now })
      .where('id', '=', copyId)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Names the order a reserved copy was used by. */
  async markUsed(db: Database, companyId: number, copyId: number, orderId: number) {
    const r = await inCompany(db, companyId)
      .updateTable('member_coupons')
      .set({ order_id: orderId })
      .where('id', '=', copyId)
      .where('status', '=', 1)
      .where('order_id', 'is', null)
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
