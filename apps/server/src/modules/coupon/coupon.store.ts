import { COUPON_END_AFTER_START, type couponResource } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';
import { nowIso } from '#server/platform/time.ts';
import { couponRepository as repo } from './coupon.repository.ts';

/**
 * Where the back office's coupons are kept and what is special about them: the end after the
 * start, a total never below what members already hold, and no delete while a member holds an
 * unused copy that can still be used (stop issuing instead: held copies stay usable until the end
 * time).
 */
export const couponStore: ResourceStore<typeof couponResource> = {
  table: 'coupons',
  // The picker names a coupon by its name (the unique field is its code).
  labelColumn: 'name',
  uniqueCodes: { code: 'COUPON_CODE_TAKEN' },
  // A member may hold one copy unless the form says more.
  toValues: (f, values) => ({ ...values, per_member: f.per_member ?? 1 }),
  rules: {
    async beforeSave(trx, values, caller, before) {
      if (String(values.end_time) <= String(values.start_time))
        throw new AppError('PARAM_ERROR', COUPON_END_AFTER_START, 'end_time');
      if (!before) return;
      // The row locked first, so a claim running now is counted (or waits for this change).
      const [locked] = await repo.lock(trx, caller.companyId, [before.id]);
      const total = Number(values.total);
      if (locked && total !== 0 && total < locked.claimed)
        throw new AppError(
          'COUPON_TOTAL_BELOW_CLAIMED',
          `发放总量不能少于已领取的 ${locked.claimed} 张（0 为不限）`,
          'total',
        );
    },
    async beforeRemove(trx, rows, caller) {
      // An ended coupon's copies can no longer be used: it may go whoever holds it.
      const now = nowIso();
      const ids = rows.filter((r) => String(r.end_time) >= now).map((r) => r.id);
      if (ids.length === 0) return;
      // Locked first: a member's claim either came before (and is counted) or finds it deleted.
      await repo.lock(trx, caller.companyId, ids);
      const held = await repo.unusedHolders(trx, caller.companyId, ids);
      const first = held.find((h) => Number(h.n) > 0);
      if (!first) return;
      const name = rows.find((r) => r.id === first.coupon_id)?.name;
      throw new AppError(
        'COUPON_HELD',
        `优惠券「${String(name)}」已有 ${Number(first.n)} 位会员领取且尚未使用，不能删除；可改为停发，已领的券到期前仍可使用`,
      );
    },
  },
};
