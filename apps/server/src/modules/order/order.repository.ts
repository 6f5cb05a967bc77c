import { type Insertable, sql } from 'kysely';
import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { OrderEventTable, OrderItemTable, OrderTable } from '#server/platform/db/schema.ts';
import { inCompany, unscoped } from '#server/platform/db/scope.ts';

export type OrderRow = Awaited<ReturnType<typeof orderRepository.find>> & {};

export interface OrderScope {
  companyId: number;
  /** Set for a member: only their own orders. */
  userId?: number;
}

function orders(db: Database, scope: OrderScope) {
  let q = inCompany(db, scope.companyId)
    .selectFrom('orders', 'o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select('u.username as user_name');
  if (scope.userId !== undefined) q = q.where('o.user_id', '=', scope.userId);
  return q;
}

function filtered(
  db: Database,
  scope: OrderScope,
  f: { status?: number; keyword?: string; receipt_waiting?: 0 | 1; from?: string; to?: string },
) {
  let q = orders(db, scope);
  if (f.status !== undefined) q = q.where('o.status', '=', f.status);
  // ISO times: placed at or after `from`, before `to` (the company's days, order.service.ts).
  if (f.from) q = q.where('o.created_at', '>=', f.from);
  if (f.to) q = q.where('o.created_at', '<', f.to);
  // A transfer receipt waits for the shop (the mark and filter of 待确认收款).
  if (f.receipt_waiting === 1) q = q.where('o.status', '=', 1).where('o.receipt_count', '>', 0);
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => containsLike(eb, ['o.order_no', 'o.consignee_name', 'o.consignee_mobile'], keyword));
  }
  return q;
}

const ITEM_COLUMNS = [
  'id',
  'order_id',
  'goods_id',
  'sku_id',
  'sku_text',
  'name',
  'cover',
  'price',
  'quantity',
  'amount',
  'reviewed',
] as const;

export const orderRepository = {
  find: (db: Database, scope: OrderScope, id: number) =>
    orders(db, scope).where('o.id', '=', id).executeTakeFirst(),

  /** An order by its number (a payment provider's notification names it so). */
  findByNo: (db: Database, scope: OrderScope, orderNo: string) =>
    orders(db, scope).where('o.order_no', '=', orderNo).executeTakeFirst(),

  page: (db: Database, scope: OrderScope, f: Parameters<typeof filtered>[2], limit: number, offset: number) =>
    filtered(db, scope, f).orderBy('o.id', 'desc').limit(limit).offset(offset).execute(),

  count: (db: Database, scope: OrderScope, f: Parameters<typeof filtered>[2]) =>
    countRows(filtered(db, scope, f).clearSelect()),

  countsByStatus: (db: Database, scope: OrderScope) => {
    let q = inCompany(db, scope.companyId)
      .selectFrom('orders')
      .select(['status', sql<number>`count(*)`.as('n')]);
    if (scope.userId !== undefined) q = q.where('user_id', '=', scope.userId);
    return q.groupBy('status').execute();
  },

  items: (db: Database, companyId: number, orderIds: readonly number[]) =>
    orderIds.length === 0
      ? Promise.resolve([])
      : inCompany(db, companyId)
          .selectFrom('order_items')
          .select(ITEM_COLUMNS)
          .where('order_id', 'in', orderIds)
          .orderBy('id')
          .execute(),

  events: (db: Database, companyId: number, orderId: number) =>
    inCompany(db, companyId)
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'action', 'actor_name', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),

  /** Inserts an order and answers it as `find` would (the caller names the user). */
  insert: async (
    db: Database,
    companyId: number,
    v: Omit<Insertable<OrderTable>, 'company_id'>,
    userName: string,
  ) => ({
    ...(await inCompany(db, companyId).insertInto('orders', v).returningAll().executeTakeFirstOrThrow()),
    user_name: userName,
  }),

  /** Inserts order lines and answers them as `items` would. */
  insertItems: (db: Database, companyId: number, rows: Omit<Insertable<OrderItemTable>, 'company_id'>[]) =>
    inCompany(db, companyId).insertInto('order_items', rows).returning(ITEM_COLUMNS).execute(),

  insertEvent: (db: Database, companyId: number, v: Omit<Insertable<OrderEventTable>, 'company_id'>) =>
    inCompany(db, companyId).insertInto('order_events', v).execute(),

  /** Moves an order from one of `from` to `to`; false when its state changed meanwhile. */
  async moveStatus(
    db: Database,
    companyId: number,
    id: number,
    from: readonly number[],
    set: Partial<Insertable<OrderTable>> & { status: number; updated_at: string },
  ) {
    const r = await inCompany(db, companyId)
      .updateTable('orders')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Where the member of an order is told (issue 35): their mobile, and whether they allow texts. */
  memberContact: (db: Database, companyId: number, userId: number) =>
    inCompany(db, companyId)
      .selectFrom('users')
      .select(['id', 'mobile', 'order_sms'])
      .where('id', '=', userId)
      .executeTakeFirst(),

  /**
   * The company's active staff with every role they hold (their own and those given beside it),
   * members and the platform's super administrator left out: who may be told of an order
   * (checked against the permission after).
   */
  async staffRoles(db: Database, companyId: number, leaveOut: readonly number[]) {
    const scope = inCompany(db, companyId);
    const [own, extra] = await Promise.all([
      scope
        .selectFrom('users')
        .select(['id', 'role'])
        .where('status', '=', 1)
        .where('role', 'not in', leaveOut)
        .execute(),
      scope
        .selectFrom('user_roles', 'r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['u.id', 'r.role'])
        .where('u.status', '=', 1)
        .where('r.role', 'not in', leaveOut)
        .execute(),
    ]);
    return [...own, ...extra];
  },

  /** An order line of the member's, with its order's state (for reviews). */
  line: (db: Database, companyId: number, userId: number, itemId: number) =>
    inCompany(db, companyId)
      .selectFrom('order_items', 'i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.goods_id', 'i.reviewed', 'o.status', 'o.company_id'])
      .where('i.id', '=', itemId)
      .where('o.user_id', '=', userId)
      .executeTakeFirst(),

  /** Marks a line reviewed; false if it already was (one review per order line). */
  async markReviewed(db: Database, companyId: number, itemId: number) {
    const r = await inCompany(db, companyId)
      .updateTable('order_items')
      .set({ reviewed: 1 })
      .where('id', '=', itemId)
      .where('reviewed', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Unpaid orders past their time, oldest first; not one whose transfer receipt waits (its timer is stopped). */
  expired: (db: Database, now: string, limit: number) =>
    unscoped(db, 'the expiry job sweeps every company')
      .selectFrom('orders')
      .select(['id', 'company_id'])
      .where('status', '=', 1)
      .where('receipt_count', '=', 0)
      .where('expires_at', '<', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute(),
};
