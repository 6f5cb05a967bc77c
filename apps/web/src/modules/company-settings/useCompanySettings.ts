import type { CallInput, SettingGroup } from '@portal/contract';
import { companySettingsCalls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inCompany } from '#web/modules/group/index.ts';
import { api } from '#web/shared/api/client.ts';
import { passwordRuleKeys } from '#web/shared/usePasswordRule.ts';

/** 系统设置's and 商城设置's queries: one key factory. */
export const companySettingsKeys = {
  all: ['company-settings'] as const,
  /** A group of a company's settings; `own` for the caller's company (no company_id sent). */
  group: (group: SettingGroup, companyId: number | undefined) =>
    [...companySettingsKeys.all, group, companyId ?? 'own'] as const,
};

const CALLS = {
  system: { get: companySettingsCalls.system, set: companySettingsCalls.setSystem },
  crm: { get: companySettingsCalls.crm, set: companySettingsCalls.setCrm },
} as const;

/** A group's answer as the form reads it: each key's value (a number, or a choice's or a text's string). */
export interface SettingsAnswer {
  company_id: number;
  values: Record<string, number | string>;
  defaults: Record<string, number | string>;
}
const fetchSettings = (group: SettingGroup, companyId: number | undefined): Promise<SettingsAnswer> =>
  group === 'system'
    ? api.call(CALLS.system.get, inCompany(companyId))
    : api.call(CALLS.crm.get, inCompany(companyId));

/** A group of a company's settings, read afresh each time the page opens (another administrator may have changed them). */
export const useCompanySettings = (group: SettingGroup, companyId: number | undefined) =>
  useQuery({
    queryKey: companySettingsKeys.group(group, companyId),
    queryFn: () => fetchSettings(group, companyId),
    staleTime: 0,
  });

type SetInput =
  | CallInput<typeof companySettingsCalls.setSystem>
  | CallInput<typeof companySettingsCalls.setCrm>;

/**
 * Saves the changed settings of a group (a field's refusal is answered beside it: `toast:
 * 'unlessField'`); the answer becomes the page's, and the password rules shown elsewhere are read again.
 */
export function useSaveCompanySettings(group: SettingGroup) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      companyId: number | undefined;
      values: Record<string, number | string>;
    }): Promise<SettingsAnswer> => {
      const body = { ...inCompany(input.companyId), ...input.values } as SetInput;
      return group === 'system'
        ? api.call(CALLS.system.set, body as CallInput<typeof companySettingsCalls.setSystem>, {
            toast: 'unlessField',
          })
        : api.call(CALLS.crm.set, body as CallInput<typeof companySettingsCalls.setCrm>, {
            toast: 'unlessField',
          });
    },
    onSuccess: (answer, input) => {
      qc.setQueryData(companySettingsKeys.group(group, input.companyId), answer);
      void qc.invalidateQueries({ queryKey: passwordRuleKeys.all });
    },
  });
}
