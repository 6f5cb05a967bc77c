import type { Coupon } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  buyNowHref,
  buyNowProblem,
  changedLines,
  checkoutCoupons,
  couponProblem,
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
  per_member: 1,
  mine: 'unused',
  ...over,
});
const JUNE = Date.parse('2025-06-01T00:00:00Z');

describe('parseBuyNow', () => {
  it('reads several lines with their seen prices from `items`', () => {
    expect(parseBuyNow(new URLSearchParams('items=12x2@8000,13x1'))).toEqual({
      lines: [
        { goods_id: 12, quantity: 2, price: 8000 },
        { goods_id: 13, quantity: 1 },
      ],
      error: null,
    });
  });
  it('refuses a bad `items` with the message the server gives', () => {
    const error = (q: string) => parseBuyNow(new URLSearchParams(q))?.error;
    expect(error('items=12x1,12x2')).toBe('同一商品只能出现一次');
    expect(error('items=12x0')).toBe('数量不能小于1');
    expect(error('items=12x-1')).toBe('购买商品格式不正确');
    expect(error('items=12')).toBe('购买商品格式不正确');
    expect(error('items=')).toBe('请选择要购买的商品');
    expect(error(`items=${Array.from({ length: 21 }, (_, i) => `${i + 1}x1`).join(',')}`)).toBe(
      '一次最多购买20种商品',
    );
    expect(parseBuyNow(new URLSearchParams('items=12x0'))?.lines).toEqual([]);
  });
  it('reads the one goods of the goods page, its quantity and the seen price', () => {
    expect(parseBuyNow(new URLSearchParams('goods_id=3&quantity=2&price=1250'))).toEqual({
      lines: [{ goods_id: 3, quantity: 2, price: 1250 }],
      error: null,
    });
  });
  it('defaults the quantity to 1 and leaves a bad price out', () => {
    expect(parseBuyNow(new URLSearchParams('goods_id=3&quantity=0&price=abc'))).toEqual({
      lines: [{ goods_id: 3, quantity: 1, price: undefined }],
      error: null,
    });
    expect(parseBuyNow(new URLSearchParams('goods_id=3&quantity=100000'))?.lines[0]?.quantity).toBe(1);
  });
  it('is not a buy-now without items or a goods id', () => {
    expect(parseBuyNow(new URLSearchParams(''))).toBeNull();
    expect(parseBuyNow(new URLSearchParams('goods_id=-1'))).toBeNull();
    expect(parseBuyNow(new URLSearchParams('goods_id=x'))).toBeNull();
  });
  it('reads back what buyNowHref writes', () => {
    const lines = [
      { goods_id: 12, quantity: 2, price: 8000 },
      { goods_id: 13, quantity: 12, price: 4000 },
    ];
    const href = buyNowHref(lines);
    expect(href).toBe('/settle?items=12x2@8000,13x12@4000');
    expect(parseBuyNow(new URL(href, 'http://x').searchParams)?.lines).toEqual(lines);
  });
});

describe('buyNowProblem', () => {
  const g = { name: '成人票', on_sale: 1, stock: 5, max_per_order: 12, unit: '张' };
  it('is null when the line can be ordered', () => {
    expect(buyNowProblem({ quantity: 5 }, g)).toBeNull();
    expect(buyNowProblem({ quantity: 20 }, { ...g, stock: 100, max_per_order: 0 })).toBeNull();
  });
  it('names the goods that is off sale, sold out, short or over its limit', () => {
    expect(buyNowProblem({ quantity: 1 }, { ...g, on_sale: 0 })).toBe('「成人票」已下架');
    expect(buyNowProblem({ quantity: 1 }, { ...g, stock: 0 })).toBe('「成人票」已售罄');
    expect(buyNowProblem({ quantity: 6 }, g)).toBe('「成人票」库存不足，仅剩 5 件');
    expect(buyNowProblem({ quantity: 13 }, { ...g, stock: 100 })).toBe('「成人票」每单最多购买12张');
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
