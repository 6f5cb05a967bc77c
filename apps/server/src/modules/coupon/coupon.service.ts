import { Codes, type Coupon, couponDiscount } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { nowIso } from '#server/platform/time.ts';
import { couponRepository as repo } from './coupon.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
type Mine = Coupon['mine'];

const toCoupon = (r: Row, mine: Mine): Coupon => ({ ...r, mine });
const mineOf = (status: number | undefined): Mine =>
  status === undefined ? 'none' : status === 0 ? 'unused' : 'used';

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
 * Whether the member can use the coupon on an order of `amount`, given their copy (none yet: one
 * must be left to claim). The claim itself is the guard against a concurrent last claim.
 */
function assertUsable(coupon: Row, copy: { status: number } | undefined, amount: number) {
  if (copy && copy.status !== 0) throw new AppError('COUPON_USED');
  if (!copy && coupon.total > 0 && coupon.claimed >= coupon.total) throw new AppError('COUPON_SOLD_OUT');
  if (amount < coupon.min_amount) throw new AppError('COUPON_MIN_AMOUNT');
}

async function claim(trx: Database, caller: Caller, coupon: Row, now: string) {
  if (!(await repo.takeOne(trx, caller.companyId, coupon.id))) throw new AppError('COUPON_SOLD_OUT');
  return onUnique(
    () =>
      repo.insertCopy(trx, { companyId: caller.companyId, couponId: coupon.id, userId: caller.userId, now }),
    new AppError('COUPON_CLAIMED'),
  );
}

/**
 * Checks a coupon for an order of `amount` and marks the member's copy used by `orderId`, claiming
 * it first when the member has none. Runs inside the order's transaction; a copy used by a
 * concurrent order makes this one fail (one use per member).
 */
export async function useCoupon(trx: Database, caller: Caller, ref: CouponRef, amount: number) {
  const now = nowIso();
  const coupon = await findValid(trx, caller, ref, now);
  const [copy] = await repo.copies(trx, caller.companyId, caller.userId, [coupon.id]);
  assertUsable(coupon, copy, amount);
  // A concurrent order that claimed it first is using it: one use per member.
  const copyId =
    copy?.id ??
    (await claim(trx, caller, coupon, now).catch((error) => {
      throw error instanceof AppError && error.c === Codes.COUPON_CLAIMED.c
        ? new AppError('COUPON_USED')
        : error;
    }));
  return {
    couponId: coupon.id,
    copyId,
    name: coupon.name,
    discount: couponDiscount(coupon, amount),
    /** Call once the order row exists. */
    markUsed: async (orderId: number) => {
      if (!(await repo.markUsed(trx, caller.companyId, copyId, orderId, now)))
        throw new AppError('COUPON_USED');
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
      const copies = new Map(
        (
          await repo.copies(
            db,
            caller.companyId,
            caller.userId,
            rows.map((r) => r.id),
          )
        ).map((c) => [c.coupon_id, c.status]),
      );
      return { count, results: rows.map((r) => toCoupon(r, mineOf(copies.get(r.id)))) };
    },

    async get(caller: Caller, ref: CouponRef): Promise<Coupon> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const coupon = await findValid(trx, caller, ref, now);
        const [copy] = await repo.copies(trx, caller.companyId, caller.userId, [coupon.id]);
        if (copy) throw new AppError('COUPON_CLAIMED');
        await claim(trx, caller, coupon, now);
        return toCoupon({ ...coupon, claimed: coupon.claimed + 1 }, 'unused');
      });
    },

    async check(caller: Caller, ref: CouponRef, amount: number) {
      const coupon = await findValid(db, caller, ref, nowIso());
      const [copy] = await repo.copies(db, caller.companyId, caller.userId, [coupon.id]);
      assertUsable(coupon, copy, amount);
      return { coupon: toCoupon(coupon, mineOf(copy?.status)), discount: couponDiscount(coupon, amount) };
    },
  };
}

export type CouponService = ReturnType<typeof couponService>;
