import type { CallInput } from '@portal/contract';
import {
  companyLoginCalls,
  companyProfileCalls,
  memberAdminCalls,
  salespersonCalls,
} from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { PUBLIC_KEY } from '#web/shared/queryClient.ts';
import { useDetailQuery, useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';

/** The company's people screens (会员, 单位信息, 登录记录, 用户): one key factory. */
export const peopleKeys = {
  all: ['crm-people'] as const,
  members: (params: object) => [...peopleKeys.all, 'members', params] as const,
  member: (id: number | null) => [...peopleKeys.all, 'member', id] as const,
  company: () => [...peopleKeys.all, 'company'] as const,
  logins: (params: object) => [...peopleKeys.all, 'logins', params] as const,
  user: (id: number | null) => [...peopleKeys.all, 'user', id] as const,
  salespeople: (keyword: string) => [...peopleKeys.all, 'salespeople', keyword] as const,
};

export const useMembers = (params: CallInput<typeof memberAdminCalls.list>) =>
  useListQuery(peopleKeys.members(params), () => api.call(memberAdminCalls.list, params));

export const useMember = (id: number | null) =>
  useDetailQuery(peopleKeys.member(id), id, (memberId) => api.call(memberAdminCalls.get, { id: memberId }));

export const useSetMemberStatus = () =>
  useInvalidatingMutation(peopleKeys.all, (input: { id: number; status: 0 | 1 }) =>
    api.call(memberAdminCalls.setStatus, input),
  );

export const useCompanyProfile = () =>
  useQuery({ queryKey: peopleKeys.company(), queryFn: () => api.call(companyProfileCalls.get, {}) });

/**
 * Saves the profile; the public company every page reads (top bar, footer, landing) is asked
 * afresh, so the change shows at once.
 */
export function useSaveCompanyProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof companyProfileCalls.update>) =>
      api.call(companyProfileCalls.update, input, { toast: 'unlessField' }),
    onSuccess: (company) => {
      qc.setQueryData(peopleKeys.company(), company);
      return qc.invalidateQueries({ queryKey: [PUBLIC_KEY, 'company'] });
    },
  });
}

export const useCompanyLogins = (params: CallInput<typeof companyLoginCalls.list>) =>
  useListQuery(peopleKeys.logins(params), () => api.call(companyLoginCalls.list, params));

export const useStaffUser = (id: number | null) =>
  useDetailQuery(peopleKeys.user(id), id, (userId) => api.call(companyLoginCalls.user, { id: userId }));

export const useSalespeople = (keyword: string) =>
  useQuery({
    queryKey: peopleKeys.salespeople(keyword),
    queryFn: () => api.call(salespersonCalls.list, { keyword: keyword || undefined }),
  });
