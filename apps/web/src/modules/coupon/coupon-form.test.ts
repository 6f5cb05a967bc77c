import { COUPON_END_AFTER_START, type CouponAdmin, couponResource } from '@portal/contract';
import type { FormInstance } from 'antd';
import type { Rule, RuleObject, RuleRender } from 'antd/es/form';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from '#web/shared/format.ts';
import { declaredForm, fieldRules } from '#web/shared/resource/declared.tsx';
import { couponRules, newCouponValues } from './coupon-form.ts';

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

const form = declaredForm<CouponAdmin, Record<string, unknown>>(couponResource);
const check = (key: keyof typeof couponResource.fields, value: unknown) => {
  const [rule] = fieldRules(couponResource.shape[key], couponResource.fields[key]) as [
    { validator: (r: unknown, v: unknown) => Promise<void> },
  ];
  return rule.validator({}, value);
};

describe('the coupon form, from its declaration', () => {
  it('shows cents as yuan and times as the datetime-local input holds them, and back', () => {
    const values = form.fromItem(coupon);
    expect(values).toMatchObject({ amount: 10.5, min_amount: 100, per_member: 2, status: 1 });
    expect(values.start_time).toBe(toLocalInput(coupon.start_time));
    expect(values.start_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(form.toInput(values)).toEqual({
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
    // Left empty: no threshold (the server stores 0), and the server's one copy a member.
    expect(form.toInput({ ...values, min_amount: null, per_member: undefined })).toMatchObject({
      min_amount: '',
      per_member: '',
    });
    expect(form.initial).toEqual({ total: 0, per_member: 1, status: 1 });
  });

  it('starts a new coupon now and ends it at the end of the 30th day, on the company’s clock', () => {
    // 02:15 UTC is 10:15 in Beijing (the default zone), whatever the machine's zone.
    const now = new Date('2026-03-01T02:15:42Z');
    expect(newCouponValues(now)).toEqual({ start_time: '2026-03-01T10:15', end_time: '2026-03-31T23:59' });
    expect(fromLocalInput('2026-03-01T10:15')).toBe('2026-03-01T02:15:00.000Z');
  });

  it('checks yuan amounts and times with the declaration’s messages', async () => {
    await expect(check('amount', '')).rejects.toThrow('优惠金额不能为空');
    await expect(check('amount', 1.234)).rejects.toThrow('优惠金额须为金额，最多两位小数');
    await expect(check('amount', 0)).rejects.toThrow('优惠金额不能小于0.01');
    await expect(check('amount', 9.99)).resolves.toBeUndefined();
    await expect(check('min_amount', null)).resolves.toBeUndefined();
    await expect(check('end_time', '')).rejects.toThrow('结束时间不能为空');
    await expect(check('end_time', '2026-02-31T10:00')).rejects.toThrow('结束时间格式不正确');
    await expect(check('end_time', '2026-02-03T10:00')).resolves.toBeUndefined();
  });
});

describe('the coupon form’s period', () => {
  // The rule runs where the server's would answer after 保存: the end not after the start.
  const [endAfterStart] = couponRules.end_time.rules;
  const checkEnd = (start: string | undefined, end: string | undefined) =>
    (endAfterStart as RuleRender)({ getFieldValue: () => start } as unknown as FormInstance).validator?.(
      {} as RuleObject,
      end,
      () => undefined,
    );

  it('refuses an end not after the start with the server’s message, and re-checks it when the start changes', async () => {
    await expect(checkEnd('2026-03-01T10:15', '2026-03-01T10:15')).rejects.toThrow(
      '结束时间必须晚于开始时间',
    );
    await expect(checkEnd('2026-03-01T10:15', '2026-02-28T23:59')).rejects.toThrow(COUPON_END_AFTER_START);
    await expect(checkEnd('2026-03-01T10:15', '2026-03-01T10:16')).resolves.toBeUndefined();
    // Empty or missing: the declared rules say 不能为空.
    await expect(checkEnd(undefined, '2026-03-01T10:16')).resolves.toBeUndefined();
    await expect(checkEnd('2026-03-01T10:15', '')).resolves.toBeUndefined();
    expect(couponRules.end_time.dependencies).toEqual(['start_time']);
  });

  it('is on the dialog’s 结束时间 item, after the declared rules', async () => {
    const withPeriod = declaredForm<CouponAdmin, Record<string, unknown>>(couponResource, {
      rules: couponRules,
    });
    const [endItem] = (withPeriod.items({} as FormInstance, null) as ReactElement[]).filter(
      (i) => i.key === 'end_time',
    );
    const props = endItem?.props as { rules: Rule[]; dependencies: string[] };
    expect(props.rules.at(-1)).toBe(endAfterStart);
    expect(props.rules.length).toBe(
      fieldRules(couponResource.shape.end_time, couponResource.fields.end_time).length + 1,
    );
    expect(props.dependencies).toEqual(['start_time']);
  });
});
