import { describe, expect, it } from 'vitest';
import { couponRule } from './couponRule.ts';

describe('couponRule', () => {
  it('describes the rule', () => {
    expect(couponRule({ amount: 1000, min_amount: 10000 })).toBe('满¥100.00减¥10.00');
    expect(couponRule({ min_amount: 0, amount: 500 })).toBe('无门槛减¥5.00');
  });
});
