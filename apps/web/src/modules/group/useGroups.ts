import type { CallInput } from '@portal/contract';
import { groupCalls } from '@portal/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

/** The group screens' queries (集群及单位管理): one key factory. */
export const groupKeys = {
  all: ['group'] as const,
  mine: () => [...groupKeys.all, 'mine'] as const,
  companies: (params: object) => [...groupKeys.all, 'companies', params] as const,
  list: (params: object) => [...groupKeys.all, 'list', params] as const,
  options: (groupId: number, keyword: string) => [...groupKeys.all, 'options', groupId, keyword] as const,
};

/** The caller's groups with their companies (`/account/my-group`). */
export const useMyGroups = () =>
  useQuery({ queryKey: groupKeys.mine(), queryFn: () => api.call(groupCalls.myGroup, {}) });

/** A page of one group's companies (`/account/group/companys`); nothing is asked before a group is known. */
export const useGroupCompanies = (params: CallInput<typeof groupCalls.companies> | undefined) =>
  useQuery({
    queryKey: groupKeys.companies(params ?? {}),
    queryFn: () => api.call(groupCalls.companies, params as CallInput<typeof groupCalls.companies>),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });

/** The super administrator's page of every group (`/group/list`). */
export const useGroupList = (params: CallInput<typeof groupCalls.list>) =>
  useQuery({
    queryKey: groupKeys.list(params),
    queryFn: () => api.call(groupCalls.list, params),
    placeholderData: keepPreviousData,
  });

/** The companies the super administrator may put into `groupId` (`/group/company/options`). */
export const useGroupCompanyOptions = (groupId: number | undefined, keyword: string) =>
  useQuery({
    queryKey: groupKeys.options(groupId ?? 0, keyword),
    queryFn: () => api.call(groupCalls.companyOptions, { id: groupId ?? 0, keyword: keyword || undefined }),
    enabled: groupId !== undefined,
    placeholderData: keepPreviousData,
  });

/** The users the super administrator may name to `groupId`'s staff (`/group/staff/options`). */
export const useGroupStaffOptions = (groupId: number | undefined, keyword: string) =>
  useQuery({
    queryKey: [...groupKeys.all, 'staff-options', groupId ?? 0, keyword],
    queryFn: () => api.call(groupCalls.staffOptions, { id: groupId ?? 0, keyword: keyword || undefined }),
    enabled: groupId !== undefined,
    placeholderData: keepPreviousData,
  });

/** The kinds of company (`/account/get/companyTypeId`): 企业, 学校 … */
export const useCompanyTypes = (enabled = true) =>
  useQuery({
    queryKey: [...groupKeys.all, 'company-types'],
    queryFn: () => api.call(groupCalls.companyTypes, {}),
    enabled,
    staleTime: 10 * 60_000,
  });
