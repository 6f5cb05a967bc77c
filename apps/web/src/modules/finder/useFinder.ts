import type { AppPlatform, ProjectCategory } from '@portal/contract';
import { finderCalls as calls } from '@portal/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';

/** Under one key, dropped at login and logout (a logged-in caller searches their own company). */
export const finderKeys = {
  all: ['finder'] as const,
  version: (companyId: number | undefined, platform: AppPlatform) =>
    [...finderKeys.all, 'version', companyId, platform] as const,
  people: (companyId: number | undefined, params: PersonParams) =>
    [...finderKeys.all, 'people', companyId, params] as const,
  experiments: (companyId: number | undefined, params: ExperimentParams) =>
    [...finderKeys.all, 'experiments', companyId, params] as const,
};

export interface PersonParams {
  name: string;
  page: number;
  page_size: number;
}

export interface ExperimentParams {
  keyword: string;
  category: ProjectCategory | '';
  page: number;
  page_size: number;
}

/**
 * The newest release of a platform (`GET /check/app/version`). "No release" (21101) is an answer
 * the page shows, not an error to toast.
 */
export function useAppVersion(platform: AppPlatform) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: finderKeys.version(companyId, platform),
    queryFn: ({ signal }) =>
      api.call(
        calls.appVersion,
        { platform, current: undefined, company_id: companyId },
        { toast: false, signal },
      ),
    enabled: ready,
  });
}

/** Staff and instructors by name; nothing is asked until a name is typed. */
export function usePeople(params: PersonParams) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: finderKeys.people(companyId, params),
    queryFn: ({ signal }) => api.call(calls.people, { ...params, company_id: companyId }, { signal }),
    enabled: ready && params.name !== '',
    placeholderData: keepPreviousData,
  });
}

export function useExperiments(params: ExperimentParams) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: finderKeys.experiments(companyId, params),
    queryFn: ({ signal }) =>
      api.call(
        calls.experiments,
        {
          page: params.page,
          page_size: params.page_size,
          keyword: params.keyword || undefined,
          category: params.category || undefined,
          company_id: companyId,
        },
        { toast: false, signal },
      ),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}
