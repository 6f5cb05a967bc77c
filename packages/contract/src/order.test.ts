import { describe, expect, it } from 'vitest';
import {
  BUY_NOW_MAX_LINES,
  buyNowItems,
  formatBuyNowItems,
  ORDER_STATUS,
  parseBuyNowItems,
  payAmountLabel,
} from './order.ts';

const refusal = (v: unknown) => {
  const r = buyNowItems.safeParse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('buy-now items', () => {
  it('reads the compact text and writes it back', () => {
    const lines = [
      { goods_id: 12, quantity: 2, price: 8000 },
      { goods_id: 13, quantity: 1 },
    ];
    expect(parseBuyNowItems(' 12x2@8000, 13x1 ')).toEqual(lines);
    expect(formatBuyNowItems(lines)).toBe('12x2@8000,13x1');
    expect(parseBuyNowItems('')).toEqual([]);
    expect(parseBuyNowItems('12:2')).toEqual(['12:2']);
  });

  it('takes the compact text, a JSON array in a string, or an array', () => {
    const want = [{ goods_id: 1, quantity: 3 }];
    expect(buyNowItems.parse('1x3')).toEqual(want);
    expect(buyNowItems.parse('[{"goods_id":"1","quantity":"3"}]')).toEqual(want);
    expect(buyNowItems.parse([{ goods_id: 1, quantity: 3 }])).toEqual(want);
  });

  it('refuses empty, duplicate, bad and too many lines', () => {
    expect(refusal('')).toBe('请选择要购买的商品');
    expect(refusal([])).toBe('请选择要购买的商品');
    expect(refusal('1x1,1x2')).toBe('同一商品只能出现一次');
    expect(refusal('1x0')).toBe('数量不能小于1');
    expect(refusal('1x1000')).toBe('数量不能大于999');
    expect(refusal('1x-1')).toBe('购买商品格式不正确');
    expect(refusal('[1,2]')).toBe('购买商品格式不正确');
    expect(refusal('[{')).toBe('购买商品格式不正确');
    expect(refusal(42)).toBe('购买商品格式不正确');
    const many = Array.from({ length: BUY_NOW_MAX_LINES + 1 }, (_, i) => `${i + 1}x1`).join(',');
    expect(refusal(many)).toBe(`一次最多购买${BUY_NOW_MAX_LINES}种商品`);
    expect(refusal(many.split(',').slice(0, BUY_NOW_MAX_LINES).join(','))).toBeNull();
  });

  it('names a specification as <goods_id>:<sku_id>, one line per goods and specification', () => {
    const lines = [
      { goods_id: 12, quantity: 2, price: 8000 },
      { goods_id: 13, sku_id: 34, quantity: 1 },
      { goods_id: 13, sku_id: 35, quantity: 1, price: 5900 },
    ];
    expect(parseBuyNowItems('12x2@8000,13:34x1,13:35x1@5900')).toEqual(lines);
    expect(formatBuyNowItems(lines)).toBe('12x2@8000,13:34x1,13:35x1@5900');
    expect(buyNowItems.parse('13:34x1,13:35x2')).toHaveLength(2);
    expect(refusal('13:34x1,13:34x2')).toBe('同一商品只能出现一次');
    expect(refusal('13:x1')).toBe('购买商品格式不正确');
    expect(refusal('13:0x1')).not.toBeNull();
  });
});

describe('the amount of an order', () => {
  it('is 应付 while unpaid (awaiting or cancelled unpaid) and 实付 once paid', () => {
    expect(payAmountLabel(ORDER_STATUS.AWAITING_PAYMENT)).toBe('应付');
    expect(payAmountLabel(ORDER_STATUS.CANCELLED)).toBe('应付');
    for (const s of [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.COMPLETED, ORDER_STATUS.REFUNDED])
      expect(payAmountLabel(s)).toBe('实付');
  });
});
