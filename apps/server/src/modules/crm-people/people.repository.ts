import { MEMBER_DETAIL_COUPONS, MEMBER_DETAIL_ORDERS, MEMBER_ROLE, ORDER_STATUS } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { countRows, pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany, inShared } from '#server/platform/db/scope.ts';

/** Orders whose money came in (待发货, 已发货, 已完成): what a member "paid". */
const PAID = [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.COMPLETED];

const MEMBER_COLUMNS = [
  'id',
  'username',
  'real_name',
  'mobile',
  'email',
  'status',
  'referrer_mobile',
  'last_login_at',
  'created_at',
] as const;

/** The statements of the company's people screens; every one through the company scope. */
export const peopleRepository = {
  members(db: Database, companyId: number) {
    return inCompany(db, companyId).selectFrom('users').where('role', '=', MEMBER_ROLE);
  },

  async memberPage(
    db: Database,
    companyId: number,
    f: { keyword?: string | undefined; status?: number | undefined },
    p: PageParams,
  ) {
    let q = peopleRepository.members(db, companyId);
    if (f.keyword) {
      const keyword = f.keyword;
      q = q.where((eb) => containsLike(eb, ['real_name', 'mobile', 'username'], keyword));
    }
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    return pageAndCount(q, p, (q) => q.select(MEMBER_COLUMNS).orderBy('id', 'desc'));
  },

  member: (db: Database, companyId: number, id: number) =>
    peopleRepository.members(db, companyId).select(MEMBER_COLUMNS).where('id', '=', id).executeTakeFirst(),

  /** Per member: how many orders, and what they paid on the paid ones (cents). */
  async orderTotals(db: Database, companyId: number, userIds: readonly number[]) {
    if (userIds.length === 0) return new Map<number, { count: number; paid: number }>();
    const rows = await inCompany(db, companyId)
      .selectFrom('orders')
      .select((eb) => [
        'user_id',
        eb.fn.countAll<number | string>().as('n'),
        eb.fn
          .sum<number | string | null>(
            eb.case().when('status', 'in', PAID).then(eb.ref('pay_amount')).else(0).end(),
          )
          .as('paid'),
      ])
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, { count: Number(r.n), paid: Number(r.paid ?? 0) }]));
  },

  /** The member's latest orders, each with how many goods it holds. */
  async recentOrders(db: Database, companyId: number, userId: number) {
    const orders = await inCompany(db, companyId)
      .selectFrom('orders')
      .select(['id', 'order_no', 'status', 'pay_amount', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(MEMBER_DETAIL_ORDERS)
      .execute();
    if (orders.length === 0) return [];
    const counts = await inCompany(db, companyId)
      .selectFrom('order_items')
      .select((eb) => ['order_id', eb.fn.sum<number | string>('quantity').as('q')])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .groupBy('order_id')
      .execute();
    const byOrder = new Map(counts.map((c) => [c.order_id, Number(c.q)]));
    return orders.map((o) => ({ ...o, goods_count: byOrder.get(o.id) ?? 0 }));
  },

  coupons: (db: Database, companyId: number, userId: number) =>
    inCompany(db, companyId)
      .selectFrom('member_coupons')
      .innerJoin('coupons', 'coupons.id', 'member_coupons.coupon_id')
      .select([
        'member_coupons.id',
        'coupons.name',
        'coupons.amount',
        'coupons.min_amount',
        'coupons.end_time',
        'member_coupons.status',
        'member_coupons.claimed_at',
        'member_coupons.used_at',
      ])
      .where('member_coupons.user_id', '=', userId)
      .orderBy('member_coupons.id', 'desc')
      .limit(MEMBER_DETAIL_COUPONS)
      .execute(),

  /** The member of the company whose mobile number this is (a referrer), if any. */
  memberByMobile: (db: Database, companyId: number, mobile: string) =>
    peopleRepository
      .members(db, companyId)
      .select(['id', 'real_name'])
      .where('mobile', '=', mobile)
      .executeTakeFirst(),

  referredCount: (db: Database, companyId: number, mobile: string) =>
    countRows(peopleRepository.members(db, companyId).where('referrer_mobile', '=', mobile)),

  setUserStatus: (db: Database, companyId: number, id: number, status: number, now: string) =>
    inCompany(db, companyId)
      .updateTable('users')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .where('role', '=', MEMBER_ROLE)
      .execute(),

  /** Ends every session of a user (a stopped member is logged out everywhere). */
  endSessions: (db: Database, userId: number) =>
    db.deleteFrom('sessions').where('user_id', '=', userId).execute(),

  company: (db: Database, id: number) =>
    inShared(db).selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Another active company using `loginPath`. */
  loginPathTaken: (db: Database, id: number, loginPath: string) =>
    inShared(db)
      .selectFrom('companies')
      .select('id')
      .where('login_path', '=', loginPath)
      .where('id', '<>', id)
      .where('status', '=', 1)
      .executeTakeFirst(),

  updateCompany: (db: Database, id: number, set: Record<string, string>) =>
    inShared(db)
      .updateTable('companies')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),

  async loginPage(
    db: Database,
    companyId: number,
    f: {
      keyword?: string | undefined;
      user_id?: number | undefined;
      ip?: string | undefined;
      success?: number | undefined;
      /** The days as stored-time bounds: `from` inclusive, `until` exclusive (the company's zone). */
      from?: string | undefined;
      until?: string | undefined;
    },
    p: PageParams,
  ) {
    let q = inCompany(db, companyId)
      .selectFrom('login_logs', 'l')
      .leftJoin('users as u', 'u.id', 'l.user_id');
    if (f.keyword) {
      const keyword = f.keyword;
      q = q.where((eb) => containsLike(eb, ['l.username', 'u.real_name'], keyword));
    }
    if (f.user_id !== undefined) q = q.where('l.user_id', '=', f.user_id);
    if (f.ip) q = q.where('l.ip', '=', f.ip);
    if (f.success !== undefined) q = q.where('l.success', '=', f.success);
    if (f.from) q = q.where('l.created_at', '>=', f.from);
    if (f.until) q = q.where('l.created_at', '<', f.until);
    return pageAndCount(q, p, (q) =>
      q
        .select([
          'l.id',
          'l.user_id',
          'l.username',
          'l.ip',
          'l.user_agent',
          'l.success',
          'l.reason',
          'l.created_at',
          'u.real_name',
          'u.role',
        ])
        .orderBy('l.id', 'desc'),
    );
  },

  user: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('users')
      .leftJoin('departments', 'departments.id', 'users.department_id')
      .leftJoin('positions', 'positions.id', 'users.position_id')
      .select([
        'users.id',
        'users.username',
        'users.real_name',
        'users.role',
        'users.mobile',
        'users.email',
        'users.status',
        'users.last_login_at',
        'users.created_at',
        'departments.name as group_name',
        'positions.name as position_name',
      ])
      .where('users.id', '=', id)
      .executeTakeFirst(),

  salespeople(
    db: Database,
    companyId: number,
    roles: readonly number[],
    keyword: string | undefined,
    max: number,
  ) {
    let q = inCompany(db, companyId)
      .selectFrom('users')
      .select(['id', 'real_name', 'username'])
      .where('role', 'in', [...roles])
      .where('status', '=', 1);
    if (keyword) q = q.where((eb) => containsLike(eb, ['real_name', 'username'], keyword));
    return q.orderBy('real_name').orderBy('id').limit(max).execute();
  },
};
