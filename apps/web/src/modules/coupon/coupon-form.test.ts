import type { CouponAdmin } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  couponInput,
  couponValues,
  fromLocalInput,
  timeRule,
  toLocalInput,
  yuanRule,
} from './coupon-form.ts';

const coupon: CouponAdmin = {
  id: 1,
  name: '满100减10',
  code: 'C100',
  amount: 1050,
  min_amount: 10000,
  start_time: '2026-01-01T00:00:00.000Z',
  end_time: '2026-02-01T00:00:00.000Z',
  total: 0,
  claimed: 0,
  per_member: 2,
  status: 1,
  create_time: '2026-01-01T00:00:00.000Z',
  update_time: '2026-01-01T00:00:00.000Z',
};

const check = (rule: ReturnType<typeof yuanRule>, value: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

describe('the coupon form', () => {
  it('shows cents as yuan and times as the datetime-local input holds them, and back', () => {
    const values = couponValues(coupon);
    expect(values).toMatchObject({ amount: '10.50', min_amount: '100', per_member: 2, status: 1 });
    expect(fromLocalInput(values.start_time)).toBe(coupon.start_time);
    expect(couponInput(values)).toEqual({
      name: '满100减10',
      code: 'C100',
      amount: 1050,
      min_amount: 10000,
      start_time: coupon.start_time,
      end_time: coupon.end_time,
      total: 0,
      per_member: 2,
      status: 1,
    });
    expect(couponInput({ ...values, min_amount: '' }).min_amount).toBe(0);
    expect(toLocalInput(coupon.start_time)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });

  it('checks yuan amounts and times with the declaration’s messages', async () => {
    const amount = yuanRule('优惠金额', 'amount', true);
    await expect(check(amount, '')).rejects.toThrow('优惠金额不能为空');
    await expect(check(amount, '1.234')).rejects.toThrow('优惠金额须为金额，最多两位小数');
    await expect(check(amount, '0')).rejects.toThrow('优惠金额不能小于0.01');
    await expect(check(amount, '9.99')).resolves.toBeUndefined();
    await expect(check(yuanRule('使用门槛', 'min_amount', false), '')).resolves.toBeUndefined();
    await expect(check(timeRule('end_time'), '')).rejects.toThrow('结束时间不能为空');
    await expect(check(timeRule('end_time'), '2026-02-31T10:00')).rejects.toThrow('结束时间格式不正确');
    await expect(check(timeRule('end_time'), '2026-02-03T10:00')).resolves.toBeUndefined();
  });
});
