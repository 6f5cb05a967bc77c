import type { CallInput } from '@portal/contract';
import { adminLogCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useListQuery } from '#web/shared/queryHooks.ts';

/** The administration's logs and statistics: one key factory (nothing here writes). */
export const adminLogKeys = {
  all: ['admin-log'] as const,
  home: (companyId: number | undefined) => [...adminLogKeys.all, 'home', companyId] as const,
  logins: (params: object) => [...adminLogKeys.all, 'logins', params] as const,
  online: (params: object) => [...adminLogKeys.all, 'online', params] as const,
  statistic: (params: object) => [...adminLogKeys.all, 'statistic', params] as const,
  operations: (params: object) => [...adminLogKeys.all, 'operations', params] as const,
};

/** 管理首页's figures of a company (undefined: the caller's own). */
export const useAdminHome = (companyId: number | undefined) =>
  useQuery({
    queryKey: adminLogKeys.home(companyId),
    queryFn: () => api.call(adminLogCalls.home, companyId === undefined ? {} : { company_id: companyId }),
  });

export const useLogins = (params: CallInput<typeof adminLogCalls.logins>) =>
  useListQuery(adminLogKeys.logins(params), () => api.call(adminLogCalls.logins, params));

export const useOnline = (params: CallInput<typeof adminLogCalls.online>) =>
  useListQuery(adminLogKeys.online(params), () => api.call(adminLogCalls.online, params));

/** The statistic of a day range; not asked while the range is incomplete or backwards. */
export const useUserStatistic = (params: CallInput<typeof adminLogCalls.userStatistic>, enabled = true) =>
  useQuery({
    queryKey: adminLogKeys.statistic(params),
    queryFn: () => api.call(adminLogCalls.userStatistic, params),
    enabled,
  });

export const useOperations = (params: CallInput<typeof adminLogCalls.operations>) =>
  useListQuery(adminLogKeys.operations(params), () => api.call(adminLogCalls.operations, params));
