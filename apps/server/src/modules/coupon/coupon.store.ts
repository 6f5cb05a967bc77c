import { type CouponAdmin, couponAdminSchema, type couponResource } from '@portal/contract';
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
  entity: 'coupons',
  search: ['name', 'code'],
  sorts: {
    newest: [['created_at', 'desc']],
    end_time: [['end_time', 'asc']],
    name: [['name', 'asc']],
  },
  labelColumn: 'name',
  uniqueCodes: { code: 'COUPON_CODE_TAKEN' },
  toItem: (row): CouponAdmin =>
    couponAdminSchema.parse({
      id: row.id,
      name: row.name,
      code: row.code,
      amount: row.amount,
      min_amount: row.min_amount,
      start_time: row.start_time,
      end_time: row.end_time,
      total: row.total,
      claimed: row.claimed,
      per_member: row.per_member,
      status: row.status,
      create_time: row.created_at,
      update_time: row.updated_at,
    }),
  toValues: (f) => ({
    name: f.name,
    code: f.code ?? '',
    amount: f.amount,
    min_amount: f.min_amount ?? 0,
    start_time: f.start_time,
    end_time: f.end_time,
    total: f.total ?? 0,
    per_member: f.per_member ?? 1,
    status: f.status,
  }),
  rules: {
    async beforeSave(trx, values, caller, before) {
      if (String(values.end_time) <= String(values.start_time))
        throw new AppError('PARAM_ERROR', '结束时间必须晚于开始时间', 'end_time');
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
