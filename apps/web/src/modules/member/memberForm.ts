import type { FormRule } from 'antd';

/** A positive integer id from a query value, else undefined. */
export function queryId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** `138****5678` for an 11-digit mobile; anything else as it is. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/** The 确认密码 rules: required, and equal to the field `other`. */
export function confirmRule(other: string, required: string, mismatch: string): FormRule[] {
  return [
    { required: true, message: required },
    ({ getFieldValue }) => ({
      validator: async (_r, value: string) => {
        if (value && value !== getFieldValue(other)) throw new Error(mismatch);
      },
    }),
  ];
}
