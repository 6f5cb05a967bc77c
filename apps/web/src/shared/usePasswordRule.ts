import { DECLARED_DEFAULTS, type PasswordRule, passwordProblem, passwordRuleOf } from '@portal/contract';
import { companySettingsCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { api } from './api/client.ts';

/** The rule a company that has set none has (a company being made has it). */
export const DEFAULT_PASSWORD_RULE: PasswordRule = passwordRuleOf(DECLARED_DEFAULTS);

export const passwordRuleKeys = {
  all: ['company-settings', 'password-rule'] as const,
  of: (companyId: number | 'own') => [...passwordRuleKeys.all, companyId] as const,
};

/**
 * The password rule of a company (its 系统设置, `/company/settings/password-rule`): `'own'` the
 * caller's, a number one of their scope, `'new'` a company being made (the defaults, no call). The
 * defaults stand in while it loads; the server checks the same rule on saving.
 */
export function usePasswordRule(companyId: number | 'own' | 'new' = 'own'): PasswordRule {
  const q = useQuery({
    queryKey: passwordRuleKeys.of(companyId === 'new' ? 'own' : companyId),
    queryFn: () =>
      api.call(
        companySettingsCalls.passwordRule,
        companyId === 'own' ? {} : { company_id: Number(companyId) },
      ),
    enabled: companyId !== 'new',
    staleTime: 60_000,
  });
  return (companyId !== 'new' && q.data) || DEFAULT_PASSWORD_RULE;
}

/** A form rule checking a password field by the company's rule (its Chinese message). */
export const passwordFormRule = (rule: PasswordRule, label: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const problem =
      typeof value === 'string' && value.trim() ? passwordProblem(rule, value.trim(), label) : undefined;
    if (problem) throw new Error(problem);
  },
});
