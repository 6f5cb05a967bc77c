import { type CouponAdmin, couponResource } from '@portal/contract';
import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import { yuanToCents } from '#web/shared/format.ts';

/** The coupon form's values: amounts in yuan as typed, times as a `datetime-local` input holds them. */
export interface CouponValues {
  name: string;
  code?: string;
  amount: string;
  min_amount?: string;
  start_time: string;
  end_time: string;
  total?: number;
  per_member?: number;
  status: 0 | 1;
}

/** A `datetime-local` value (the visitor's time zone, to the minute). */
const LOCAL = 'YYYY-MM-DDTHH:mm';
export const toLocalInput = (iso: string) => dayjs(iso).format(LOCAL);
/** A `datetime-local` value as an ISO time with its zone (what the server reads). */
export const fromLocalInput = (local: string) => {
  const d = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? dayjs(local) : null;
  // dayjs rolls 02-31 over into March: only a time that reads back is one.
  return d?.isValid() && d.format(LOCAL) === local ? d.toISOString() : local;
};
const centsText = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, '');

export function couponValues(c: CouponAdmin): CouponValues {
  return {
    name: c.name,
    code: c.code,
    amount: centsText(c.amount),
    min_amount: c.min_amount > 0 ? centsText(c.min_amount) : '',
    start_time: toLocalInput(c.start_time),
    end_time: toLocalInput(c.end_time),
    total: c.total,
    per_member: c.per_member,
    status: c.status === 1 ? 1 : 0,
  };
}

export function newCouponValues(now = dayjs()): Partial<CouponValues> {
  return {
    start_time: now.startOf('minute').format(LOCAL),
    end_time: now.add(30, 'day').endOf('day').format(LOCAL),
    total: 0,
    per_member: 1,
    status: 1,
  };
}

/** The call's input from the form: cents, ISO times, trimmed text. */
export function couponInput(v: CouponValues) {
  return {
    name: v.name.trim(),
    code: v.code?.trim() ?? '',
    amount: yuanToCents(v.amount) ?? v.amount,
    min_amount: v.min_amount?.trim() ? (yuanToCents(v.min_amount) ?? v.min_amount) : 0,
    start_time: fromLocalInput(v.start_time),
    end_time: fromLocalInput(v.end_time),
    total: v.total ?? 0,
    per_member: v.per_member ?? 1,
    status: v.status,
  };
}

const fields = couponResource.fields;

/** A yuan amount: at most two decimals, then the declaration's rule on the cents. */
export function yuanRule(label: string, key: 'amount' | 'min_amount', required: boolean): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : value == null ? '' : String(value);
      if (text === '') {
        if (required) throw new Error(`${label}不能为空`);
        return;
      }
      const cents = yuanToCents(text);
      if (cents === undefined) throw new Error(`${label}须为金额，最多两位小数`);
      const r = fields[key].safeParse(cents);
      if (!r.success)
        throw new Error(r.error.issues[0]?.message.replace(/\d+$/, (n) => centsText(Number(n))) ?? '');
    },
  };
}

/** A `datetime-local` time: the declaration's rule on the ISO time it stands for. */
export function timeRule(key: 'start_time' | 'end_time'): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const r = fields[key].safeParse(typeof value === 'string' && value ? fromLocalInput(value) : value);
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? '');
    },
  };
}
