import type { Coupon } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  changedLines,
  checkoutCoupons,
  couponProblem,
  couponRule,
  parseBuyNow,
  settleTotals,
} from './settle.ts';

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 1,
  name: '满100减10',
  code: 'C100',
  amount: 1000,
  min_amount: 10000,
  start_time: '2025-01-01T00:00:00.000Z',
  end_time: '2025-12-31T23:59:59.000Z',
  total: 0,
  claimed: 0,
  mine: 'unused',
  ...over,
});
const JUNE = Date.parse('2025-06-01T00:00:00Z');

describe('parseBuyNow', () => {
  it('reads goods, quantity and the seen price', () => {
    expect(parseBuyNow(new URLSearchParams('goods_id=3&quantity=2&price=1250'))).toEqual({
      goods_id: 3,
      quantity: 2,
      price: 1250,
    });
  });
  it('defaults the quantity to 1 and leaves a bad price out', () => {
    expect(parseBuyNow(new URLSearchParams('goods_id=3&quantity=0&price=abc'))).toEqual({
      goods_id: 3,
      quantity: 1,
      price: undefined,
    });
    expect(parseBuyNow(new URLSearchParams('goods_id=3&quantity=100000'))?.quantity).toBe(1);
  });
  it('is not a buy-now without a goods id', () => {
    expect(parseBuyNow(new URLSearchParams(''))).toBeNull();
    expect(parseBuyNow(new URLSearchParams('goods_id=-1'))).toBeNull();
    expect(parseBuyNow(new URLSearchParams('goods_id=x'))).toBeNull();
  });
});

describe('settleTotals', () => {
  const lines = [
    { price: 1250, quantity: 2 },
    { price: 399, quantity: 1 },
  ];
  it('adds the lines and takes the discount off', () => {
    expect(settleTotals(lines, 500)).toEqual({
      quantity: 3,
      goodsAmount: 2899,
      discount: 500,
      payable: 2399,
    });
  });
  it('without a coupon the payable is the goods amount', () => {
    expect(settleTotals(lines)).toEqual({ quantity: 3, goodsAmount: 2899, discount: 0, payable: 2899 });
  });
  it('never discounts more than the goods amount, nor below zero', () => {
    expect(settleTotals(lines, 5000).payable).toBe(0);
    expect(settleTotals(lines, 5000).discount).toBe(2899);
    expect(settleTotals(lines, -10).discount).toBe(0);
    expect(settleTotals([], 100)).toEqual({ quantity: 0, goodsAmount: 0, discount: 0, payable: 0 });
  });
});

describe('changedLines', () => {
  it('finds lines whose price moved', () => {
    const a = { price: 100, seen_price: 100 };
    const b = { price: 120, seen_price: 100 };
    expect(changedLines([a, b])).toEqual([b]);
  });
});

describe('coupons', () => {
  it('describes the rule', () => {
    expect(couponRule(coupon())).toBe('满¥100.00减¥10.00');
    expect(couponRule(coupon({ min_amount: 0, amount: 500 }))).toBe('无门槛减¥5.00');
  });

  it('says why a coupon does not apply', () => {
    expect(couponProblem(coupon(), 10000, JUNE)).toBeNull();
    expect(couponProblem(coupon(), 9000, JUNE)).toBe('差¥10.00可用');
    expect(couponProblem(coupon({ mine: 'used' }), 20000, JUNE)).toBe('已使用');
    expect(couponProblem(coupon(), 20000, Date.parse('2024-12-01T00:00:00Z'))).toBe('尚未开始');
    expect(couponProblem(coupon(), 20000, Date.parse('2026-01-02T00:00:00Z'))).toBe('已过期');
    expect(couponProblem(coupon({ mine: 'none', total: 5, claimed: 5 }), 20000, JUNE)).toBe('已领完');
    expect(couponProblem(coupon({ mine: 'unused', total: 5, claimed: 5 }), 20000, JUNE)).toBeNull();
  });

  it('offers unused and unclaimed coupons once each', () => {
    const mine = [coupon({ id: 1 }), coupon({ id: 2, mine: 'used' })];
    const shop = [
      coupon({ id: 1, mine: 'unused' }),
      coupon({ id: 3, mine: 'none' }),
      coupon({ id: 2, mine: 'used' }),
    ];
    expect(checkoutCoupons(mine, shop).map((c) => c.id)).toEqual([1, 3]);
  });
});
