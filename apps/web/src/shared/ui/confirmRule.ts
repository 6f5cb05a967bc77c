import type { FormRule } from 'antd';

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
