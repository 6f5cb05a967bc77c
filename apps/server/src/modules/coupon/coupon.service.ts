import { bestCoupon, Codes, type Coupon, couponDiscount } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { nowIso } from '#server/platform/time.ts';
import { couponRepository as repo } from './coupon.repository.ts';

type Found = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
type Row = Omit<Found, 'status'>;
type Copy = Awaited<ReturnType<typeof repo.copies>>[number];
type Mine = Coupon['mine'];

const toCoupon = ({ status: _status, ...r }: Row & { status?: number }, mine: Mine): Coupon => ({
  ...r,
  mine,
});
const mineOf = (status: number | undefined): Mine =>
  status === undefined ? 'none' : status === 0 ? 'unused' : 'used';
/** A member's copies of one coupon as the list shows them: one unused; all they may hold used; or none yet. */
const mineOfCopies = (coupon: { per_member: number }, copies: readonly { status: number }[]): Mine =>
  copies.some((c) => c.status === 0) ? 'unused' : copies.length >= coupon.per_member ? 'used' : 'none';

export interface CouponRef {
  coupon_id?: number;
  code?: string;
}

async function findValid(db: Database, caller: Caller, ref: CouponRef, now: string) {
  if (ref.coupon_id === undefined && !ref.code)
    throw new AppError('PARAM_ERROR', '请选择优惠券或输入优惠码', 'coupon_id');
  const coupon = await repo.find(db, caller.companyId, { id: ref.coupon_id, code: ref.code });
  if (!coupon) throw new AppError('COUPON_NOT_FOUND', undefined, ref.coupon_id ? 'coupon_id' : 'code');
  if (now < coupon.start_time || now > coupon.end_time) throw new AppError('COUPON_NOT_VALID_NOW');
  return coupon;
}

/**
 * Whether the member can use the coupon on an order of `amount`, given their copies: an unused one,
 * or one still to claim (issued, one left, under their limit). The claim itself is the guard
 * against a concurrent last claim.
 */
function assertUsable(coupon: Found, copies: readonly Copy[], amount: number) {
  if (!copies.some((c) => c.status === 0)) {
    if (copies.length >= coupon.per_member) throw new AppError('COUPON_USED');
    if (coupon.status !== 1) throw new AppError('COUPON_STOPPED');
    if (coupon.total > 0 && coupon.claimed >= coupon.total) throw new AppError('COUPON_SOLD_OUT');
  }
  if (amount < coupon.min_amount) throw new AppError('COUPON_MIN_AMOUNT');
}

/**
 * One more copy for the caller: takes one from the total first (which locks the coupon's row, so
 * claims and issues of the coupon run one after the other), then counts the member's copies
 * against the per-member limit.
 */
async function claim(trx: Database, caller: Caller, coupon: Found, now: string) {
  if (coupon.status !== 1) throw new AppError('COUPON_STOPPED');
  if (!(await repo.take(trx, caller.companyId, coupon.id, 1))) throw new AppError('COUPON_SOLD_OUT');
  const held = await repo.copies(trx, caller.companyId, caller.userId, [coupon.id]);
  if (held.length >= coupon.per_member) throw new AppError('COUPON_CLAIMED');
  const seq = Math.max(0, ...held.map((c) => c.seq)) + 1;
  return onUnique(
    () =>
      repo.insertCopy(trx, {
        companyId: caller.companyId,
        couponId: coupon.id,
        userId: caller.userId,
        seq,
        now,
      }),
    new AppError('COUPON_CLAIMED'),
  );
}

/**
 * Checks a coupon for an order of `amount` and takes one of the member's copies for it: their
 * oldest unused copy that no concurrent order took, or one claimed now when they have none left and
 * may claim. Runs inside the order's transaction; `markUsed` names the order once it exists.
 */
export async function useCoupon(trx: Database, caller: Caller, ref: CouponRef, amount: number) {
  const now = nowIso();
  const coupon = await findValid(trx, caller, ref, now);
  const copies = await repo.copies(trx, caller.companyId, caller.userId, [coupon.id]);
  assertUsable(coupon, copies, amount);
  let copyId: number | undefined;
  for (const c of copies)
    if (c.status === 0 && (await repo.reserve(trx, caller.companyId, c.id, now))) {
      copyId = c.id;
      break;
    }
  if (copyId === undefined) {
    // Every copy was taken by concurrent orders: one more, if the member may hold one more.
    if (copies.length >= coupon.per_member) throw new AppError('COUPON_USED');
    copyId = await claim(trx, caller, coupon, now).catch((error) => {
      throw error instanceof AppError && error.c === Codes.COUPON_CLAIMED.c
        ? new AppError('COUPON_USED')
        : error;
    });
    if (!(await repo.reserve(trx, caller.companyId, copyId, now))) throw new AppError('COUPON_USED');
  }
  const taken = copyId;
  return {
    couponId: coupon.id,
    copyId: taken,
    name: coupon.name,
    discount: couponDiscount(coupon, amount),
    /** Call once the order row exists. */
    markUsed: async (orderId: number) => {
      if (!(await repo.markUsed(trx, caller.companyId, taken, orderId))) throw new AppError('COUPON_USED');
    },
  };
}

/** Gives a cancelled order's coupon back to the member. */
export const releaseCoupon = (trx: Database, companyId: number, copyId: number) =>
  repo.release(trx, companyId, copyId);

export function couponService(db: Database) {
  return {
    async list(caller: Caller, mine: boolean, p: PageParams) {
      if (mine) {
        const [rows, count] = await Promise.all([
          repo.mine(db, caller.companyId, caller.userId, p.pageSize, p.offset),
          repo.mineCount(db, caller.companyId, caller.userId),
        ]);
        return { count, results: rows.map(({ mine_status, ...r }) => toCoupon(r, mineOf(mine_status))) };
      }
      const now = nowIso();
      const [rows, count] = await Promise.all([
        repo.active(db, caller.companyId, now, p.pageSize, p.offset),
        repo.activeCount(db, caller.companyId, now),
      ]);
      const copies = await repo.copies(
        db,
        caller.companyId,
        caller.userId,
        rows.map((r) => r.id),
      );
      return {
        count,
        results: rows.map((r) =>
          toCoupon(
            r,
            mineOfCopies(
              r,
              copies.filter((c) => c.coupon_id === r.id),
            ),
          ),
        ),
      };
    },

    async get(caller: Caller, ref: CouponRef): Promise<Coupon> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const coupon = await findValid(trx, caller, ref, now);
        const copies = await repo.copies(trx, caller.companyId, caller.userId, [coupon.id]);
        if (copies.length >= coupon.per_member) throw new AppError('COUPON_CLAIMED');
        await claim(trx, caller, coupon, now);
        return toCoupon({ ...coupon, claimed: coupon.claimed + 1 }, 'unused');
      });
    },

    /** The coupon a checkout of `amount` preselects: the best that `useCoupon` would accept now. */
    async best(caller: Caller, amount: number) {
      const usable = await repo.usableNow(db, caller.companyId, caller.userId, nowIso(), amount);
      const best = bestCoupon(usable, amount);
      if (!best) return { coupon: null, discount: 0 };
      const { mine, ...row } = best;
      return { coupon: toCoupon(row, mine), discount: couponDiscount(best, amount) };
    },

    async check(caller: Caller, ref: CouponRef, amount: number) {
      const coupon = await findValid(db, caller, ref, nowIso());
      const copies = await repo.copies(db, caller.companyId, caller.userId, [coupon.id]);
      assertUsable(coupon, copies, amount);
      return {
        coupon: toCoupon(coupon, mineOfCopies(coupon, copies)),
        discount: couponDiscount(coupon, amount),
      };
    },
  };
}

export type CouponService = ReturnType<typeof couponService>;
