import type { FormRule } from 'antd';

/** Anything with zod's `safeParse`: the contract schemas, without the web importing zod itself. */
export interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** An antd form rule from a contract field schema: same check and Chinese message as the server. */
export function zodRule(schema: SafeParser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const r = schema.safeParse(value);
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
