import {
  COUPON_ISSUE_ALL_MAX,
  type CouponIssueBody,
  type CouponIssueResult,
  type couponResource,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import type { ResourceService } from '#server/platform/resource/resource-service.ts';
import { nowIso } from '#server/platform/time.ts';
import { couponRepository as repo } from './coupon.repository.ts';

/** Most refusals one reply lists (the count says how many in all). */
const SKIPPED_LISTED = 200;

/**
 * Issues one copy of a coupon to each chosen member (by mobile) or to every member of the company,
 * in one transaction: the coupon's row is locked first (claims and other issues of it wait), members
 * already holding as many copies as one may are left out with the reason, and the rest are taken
 * from the total at once — all of them or, when fewer are left, none.
 */
export function couponIssuer(db: Database, coupons: ResourceService<typeof couponResource>) {
  return async (caller: Caller, input: CouponIssueBody): Promise<CouponIssueResult> => {
    const field = input.target === 'mobiles' ? 'mobiles' : 'target';
    const result = await onUnique(
      () =>
        db.transaction().execute(async (trx) => {
          const now = nowIso();
          const [coupon] = await repo.lock(trx, caller.companyId, [input.coupon_id]);
          if (!coupon) throw new AppError('NOT_FOUND', '优惠券不存在或已被删除', 'coupon_id');
          if (coupon.status !== 1)
            throw new AppError('COUPON_STOPPED', '优惠券已停发，请先改为发放中再发放', 'coupon_id');
          if (coupon.end_time < now)
            throw new AppError('COUPON_NOT_VALID_NOW', '优惠券已过期，不能发放', 'coupon_id');

          const members = await targets(trx, caller, input);
          const holders = new Map(
            (await repo.holders(trx, caller.companyId, coupon.id)).map((h) => [
              h.user_id,
              { held: Number(h.held), last: Number(h.last) },
            ]),
          );
          const given: { userId: number; seq: number }[] = [];
          const skipped: { mobile: string; reason: string }[] = [];
          for (const m of members) {
            const h = holders.get(m.id) ?? { held: 0, last: 0 };
            if (h.held >= coupon.per_member)
              skipped.push({
                mobile: m.mobile,
                reason: `已有 ${h.held} 张，达到每人限领 ${coupon.per_member} 张`,
              });
            else given.push({ userId: m.id, seq: h.last + 1 });
          }
          if (given.length > 0) {
            if (!(await repo.take(trx, caller.companyId, coupon.id, given.length)))
              throw new AppError(
                'COUPON_NOT_ENOUGH',
                `优惠券只剩 ${Math.max(0, coupon.total - coupon.claimed)} 张，不够发给 ${given.length} 位会员`,
                field,
              );
            await repo.insertCopies(trx, caller.companyId, coupon.id, given, now);
          }
          await audit(trx, caller, {
            action: 'update',
            entity: 'coupons',
            entityId: coupon.id,
            before: { claimed: coupon.claimed },
            after: { claimed: coupon.claimed + given.length, issued: given.length, target: input.target },
          });
          return { issued: given.length, skipped };
        }),
      // A member's own claim of the same copy number cannot pass the lock; should it, nothing was written.
      new AppError('COUPON_CLAIMED', '有会员同时领取了该优惠券，请重新发放', field),
    );
    return {
      issued: result.issued,
      skipped: result.skipped.slice(0, SKIPPED_LISTED),
      skipped_count: result.skipped.length,
      coupon: await coupons.get(caller, input.coupon_id),
    };
  };
}

/** The members an issue reaches: those with the mobiles (every one must be a member), or all of them. */
async function targets(trx: Database, caller: Caller, input: CouponIssueBody) {
  if (input.target === 'all') {
    const all = await repo.members(trx, caller.companyId, { limit: COUPON_ISSUE_ALL_MAX + 1 });
    if (all.length === 0) throw new AppError('PARAM_ERROR', '本单位还没有会员', 'target');
    if (all.length > COUPON_ISSUE_ALL_MAX)
      throw new AppError(
        'PARAM_ERROR',
        `本单位会员超过 ${COUPON_ISSUE_ALL_MAX} 人，请按手机号分批发放`,
        'target',
      );
    return all;
  }
  const mobiles = input.mobiles ?? [];
  const found = await repo.members(trx, caller.companyId, { mobiles, limit: mobiles.length * 2 + 10 });
  const known = new Set(found.map((m) => m.mobile));
  const unknown = mobiles.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new AppError(
      'COUPON_MEMBERS_UNKNOWN',
      `以下手机号不是本单位在用的会员：${unknown.slice(0, 10).join('、')}${unknown.length > 10 ? ` 等 ${unknown.length} 个` : ''}`,
      'mobiles',
    );
  // One copy per member, also if two accounts share a mobile (the first account).
  const seen = new Set<string>();
  return found.filter((m) => !seen.has(m.mobile) && seen.add(m.mobile));
}
