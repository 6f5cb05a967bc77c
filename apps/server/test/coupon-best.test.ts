import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/platform/time.ts';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * `/coupon/best` (issue 35): the coupon a checkout preselects is the one the server would accept
 * at `/order/create` with the largest discount, ties by the soonest end; the order then gives
 * that very discount.
 */
let h: Harness;
let companyId: number;
let otherCompany: number;

const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function coupon(
  cid: number,
  v: {
    amount: number;
    min_amount?: number;
    total?: number;
    claimed?: number;
    per_member?: number;
    status?: number;
    start?: string;
    end?: string;
    del_flag?: number;
  },
) {
  const now = nowIso();
  return (
    await h.db
      .insertInto('coupons')
      .values({
        company_id: cid,
        name: `减${v.amount / 100}`,
        code: '',
        amount: v.amount,
        min_amount: v.min_amount ?? 0,
        start_time: v.start ?? at(-HOUR),
        end_time: v.end ?? at(24 * HOUR),
        total: v.total ?? 0,
        claimed: v.claimed ?? 0,
        per_member: v.per_member ?? 1,
        status: v.status ?? 1,
        del_flag: v.del_flag ?? 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('选券单位');
  otherCompany = await h.company('别家选券');
});
afterAll(() => h.close());

describe('the best coupon of a checkout', () => {
  it('is the largest discount that applies, ties by the soonest end, and the order agrees', async () => {
    const m = await h.member(companyId);
    const best = (amount: number) => m.call('/coupon/best', { amount });
    expect((await best(10000)).d).toEqual({ coupon: null, discount: 0 });

    const small = await coupon(companyId, { amount: 500 });
    const large = await coupon(companyId, { amount: 3000, min_amount: 20000 });
    // Not offered: not started, ended, stopped with no copy held, sold out, deleted, another company's.
    await coupon(companyId, { amount: 9000, start: at(HOUR) });
    await coupon(companyId, { amount: 9000, start: at(-2 * HOUR), end: at(-HOUR) });
    await coupon(companyId, { amount: 9000, status: 0 });
    await coupon(companyId, { amount: 9000, total: 5, claimed: 5 });
    await coupon(companyId, { amount: 9000, del_flag: 1 });
    await coupon(otherCompany, { amount: 9000 });

    expect((await best(10000)).d).toMatchObject({ coupon: { id: small, mine: 'none' }, discount: 500 });
    expect((await best(20000)).d).toMatchObject({ coupon: { id: large }, discount: 3000 });
    // Never more than the amount: a 5 yuan coupon on a 3 yuan order gives 3.
    expect((await best(300)).d).toMatchObject({ coupon: { id: small }, discount: 300 });

    // Two of 30 yuan: the one that ends first.
    const sooner = await coupon(companyId, { amount: 3000, min_amount: 20000, end: at(2 * HOUR) });
    expect((await best(20000)).d).toMatchObject({ coupon: { id: sooner }, discount: 3000 });

    // A stopped coupon of which the member holds a copy stays usable, so it is offered.
    const held = await coupon(companyId, { amount: 4000, min_amount: 20000 });
    expect((await m.call('/coupon/get', { coupon_id: held })).c).toBe(0);
    await h.db.updateTable('coupons').set({ status: 0 }).where('id', '=', held).execute();
    expect((await best(20000)).d).toMatchObject({ coupon: { id: held, mine: 'unused' }, discount: 4000 });

    // The order accepts the chosen coupon with the same discount; then the next best is offered.
    const g = await createGoods(h.db, companyId, { name: '选券商品', price: 20000, stock: 5, on_sale: 1 });
    const placed = await m.call('/order/create', {
      goods_id: g,
      quantity: 1,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
      coupon_id: held,
    });
    expect(placed.d.order).toMatchObject({ goods_amount: 20000, discount_amount: 4000 });
    expect((await best(20000)).d).toMatchObject({ coupon: { id: sooner }, discount: 3000 });

    // All a member may hold of a coupon used: it is no longer offered.
    const once = await coupon(companyId, { amount: 8000, per_member: 1, end: at(HOUR) });
    expect((await best(20000)).d).toMatchObject({ coupon: { id: once } });
    await m.call('/order/create', {
      goods_id: g,
      quantity: 1,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
      coupon_id: once,
    });
    expect((await best(20000)).d).toMatchObject({ coupon: { id: sooner } });
  });

  it('answers only the caller, and refuses the anonymous and a bad amount', async () => {
    // A member of another company is offered its own company's coupons only (the 90 yuan one above).
    const other = await h.member(otherCompany);
    const own = await h.db
      .selectFrom('coupons')
      .select('id')
      .where('company_id', '=', otherCompany)
      .executeTakeFirstOrThrow();
    expect((await other.call('/coupon/best', { amount: 20000 })).d).toEqual({
      coupon: expect.objectContaining({ id: own.id }),
      discount: 9000,
    });
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/coupon/best', payload: { amount: 1 } });
    expect(anonymous.json().c).toBe(10003);
    const bad = await other.call('/coupon/best', { amount: -1 });
    expect(bad).toMatchObject({ c: 10001, field: 'amount' });
  });
});
