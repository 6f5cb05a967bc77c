import { sql } from 'kysely';
import type { LineGoods } from '#server/modules/stock/index.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** The list's filters (the call's, days already turned into UTC bounds). */
export interface PurchaseFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  supplier_id?: number | undefined;
  /** ISO times: created at or after `from`, before `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface NewLine extends LineGoods {
  quantity: number;
  unit_price: number;
  sort: number;
}

/** The order's columns with what its lines received and returned in all. */
function orders(conn: Database, companyId: number) {
  const scope = inCompany(conn, companyId);
  const sum = (column: 'received_qty' | 'returned_qty') =>
    scope
      .selectFrom('purchase_lines', 'l')
      .select(sql<number>`coalesce(sum(${sql.ref(`l.${column}`)}), 0)`.as('n'))
      .where(sql<boolean>`l.purchase_id = p.id`);
  return scope
    .selectFrom('purchases', 'p')
    .selectAll('p')
    .select((eb) => [
      eb.fn.coalesce(sum('received_qty'), eb.lit(0)).as('received_quantity'),
      eb.fn.coalesce(sum('returned_qty'), eb.lit(0)).as('returned_quantity'),
    ]);
}
export type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof orders>['executeTakeFirst']>>>;

function filtered(conn: Database, companyId: number, f: PurchaseFilter) {
  let q = orders(conn, companyId);
  if (f.status !== undefined) q = q.where('p.status', '=', f.status);
  if (f.supplier_id !== undefined) q = q.where('p.supplier_id', '=', f.supplier_id);
  if (f.from) q = q.where('p.created_at', '>=', f.from);
  if (f.to) q = q.where('p.created_at', '<', f.to);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => containsLike(eb, ['p.order_no', 'p.supplier_name', 'p.remark'], k));
  }
  return q;
}

/** Purchase orders, lines, receipts, returns and their history: the only SQL on these tables. */
export const purchaseRepository = {
  page: (conn: Database, companyId: number, f: PurchaseFilter, limit: number, offset: number) =>
    filtered(conn, companyId, f).orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),

  async count(conn: Database, companyId: number, f: PurchaseFilter) {
    const r = await filtered(conn, companyId, f)
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  byId: (conn: Database, companyId: number, id: number) =>
    orders(conn, companyId).where('p.id', '=', id).executeTakeFirst(),

  /** The next number of the company's day (1, 2, …): an upsert, atomic under concurrent creates. */
  async nextNumber(trx: Database, companyId: number, day: string) {
    const row = await inCompany(trx, companyId)
      .insertInto('purchase_numbers', { day, last_no: 1 })
      .onConflict((oc) =>
        oc.columns(['company_id', 'day']).doUpdateSet({ last_no: sql<number>`purchase_numbers.last_no + 1` }),
      )
      .returning('last_no')
      .executeTakeFirstOrThrow();
    return row.last_no;
  },

  insert: (
    trx: Database,
    companyId: number,
    userId: number,
    values: {
      order_no: string;
      supplier_id: number;
      supplier_name: string;
      warehouse_id: number;
      warehouse_name: string;
      expected_date: string;
      remark: string;
      total_quantity: number;
      total_amount: number;
      maker_name: string;
      created_at: string;
      updated_at: string;
    },
  ) =>
    inCompany(trx, companyId, { userId })
      .insertInto('purchases', { ...values, status: 0 })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /**
   * Changes an order only while it is in one of `statuses` (and live): the row is locked for the
   * rest of the transaction (PostgreSQL), so receipts, returns and changes of one order queue.
   * Answers whether it was changed.
   */
  async claim(
    trx: Database,
    companyId: number,
    userId: number,
    id: number,
    statuses: readonly number[],
    set: {
      status?: number;
      del_flag?: number;
      ordered_at?: string;
      supplier_id?: number;
      supplier_name?: string;
      warehouse_id?: number;
      warehouse_name?: string;
      expected_date?: string;
      remark?: string;
      total_quantity?: number;
      total_amount?: number;
      updated_at: string;
    },
  ) {
    const r = await inCompany(trx, companyId, { userId })
      .updateTable('purchases')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', [...statuses])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  lines: (conn: Database, companyId: number, purchaseId: number) =>
    inCompany(conn, companyId)
      .selectFrom('purchase_lines', 'l')
      .selectAll('l')
      .where('l.purchase_id', '=', purchaseId)
      .orderBy('l.sort')
      .orderBy('l.id')
      .execute(),

  insertLines: (trx: Database, companyId: number, purchaseId: number, lines: readonly NewLine[]) =>
    inCompany(trx, companyId)
      .insertInto(
        'purchase_lines',
        lines.map((l) => ({ ...l, purchase_id: purchaseId })),
      )
      .execute(),

  /** A draft's lines, replaced when it is edited (nothing refers to a draft's lines yet). */
  deleteLines: (trx: Database, companyId: number, purchaseId: number) =>
    inCompany(trx, companyId).deleteFrom('purchase_lines').where('purchase_id', '=', purchaseId).execute(),

  /** Adds `n` to a line's received quantity unless that would pass what was ordered. */
  async receive(trx: Database, companyId: number, purchaseId: number, lineId: number, n: number) {
    const r = await inCompany(trx, companyId)
      .updateTable('purchase_lines')
      .set({ received_qty: sql<number>`received_qty + ${n}` })
      .where('id', '=', lineId)
      .where('purchase_id', '=', purchaseId)
      .where(sql<boolean>`received_qty + ${n} <= quantity`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Adds `n` to a line's returned quantity unless that would pass `max` (what was checked into stock). */
  async giveBack(
    trx: Database,
    companyId: number,
    purchaseId: number,
    lineId: number,
    n: number,
    max: number,
  ) {
    const r = await inCompany(trx, companyId)
      .updateTable('purchase_lines')
      .set({ returned_qty: sql<number>`returned_qty + ${n}` })
      .where('id', '=', lineId)
      .where('purchase_id', '=', purchaseId)
      .where(sql<boolean>`returned_qty + ${n} <= ${max}`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  insertReceipt: (
    trx: Database,
    companyId: number,
    values: {
      purchase_id: number;
      quantity: number;
      remark: string;
      created_by: number;
      created_by_name: string;
      created_at: string;
    },
  ) =>
    inCompany(trx, companyId)
      .insertInto('purchase_receipts', values)
      .returning('id')
      .executeTakeFirstOrThrow(),

  receipts: (conn: Database, companyId: number, purchaseId: number) =>
    inCompany(conn, companyId)
      .selectFrom('purchase_receipts', 'r')
      .selectAll('r')
      .where('r.purchase_id', '=', purchaseId)
      .orderBy('r.id')
      .execute(),

  async insertReturn(
    trx: Database,
    companyId: number,
    values: {
      purchase_id: number;
      quantity: number;
      amount: number;
      reason: string;
      created_by: number;
      created_by_name: string;
      created_at: string;
    },
    lines: readonly { line_id: number; quantity: number }[],
  ) {
    const scope = inCompany(trx, companyId);
    const made = await scope.insertInto('purchase_returns', values).returning('id').executeTakeFirstOrThrow();
    await scope
      .insertInto(
        'purchase_return_lines',
        lines.map((l) => ({ ...l, return_id: made.id, purchase_id: values.purchase_id })),
      )
      .execute();
    return made;
  },

  returns: (conn: Database, companyId: number, purchaseId: number) =>
    inCompany(conn, companyId)
      .selectFrom('purchase_returns', 'r')
      .selectAll('r')
      .where('r.purchase_id', '=', purchaseId)
      .orderBy('r.id')
      .execute(),

  returnLines: (conn: Database, companyId: number, purchaseId: number) =>
    inCompany(conn, companyId)
      .selectFrom('purchase_return_lines', 'rl')
      .innerJoin('purchase_lines as l', 'l.id', 'rl.line_id')
      .select(['rl.return_id', 'rl.line_id', 'rl.quantity', 'l.goods_name', 'l.spec_text'])
      .where('rl.purchase_id', '=', purchaseId)
      .orderBy('rl.id')
      .execute(),

  addHistory: (
    trx: Database,
    companyId: number,
    values: {
      purchase_id: number;
      from_status: number | null;
      to_status: number;
      note: string;
      user_id: number;
      user_name: string;
      created_at: string;
    },
  ) => inCompany(trx, companyId).insertInto('purchase_history', values).execute(),

  history: (conn: Database, companyId: number, purchaseId: number) =>
    inCompany(conn, companyId)
      .selectFrom('purchase_history', 'h')
      .selectAll('h')
      .where('h.purchase_id', '=', purchaseId)
      .orderBy('h.id')
      .execute(),
};
