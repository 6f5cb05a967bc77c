import type { CallInput } from '@portal/contract';
import { businessCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';

/** Businesses' queries (业务, issue 36): one key factory; every write reloads them. */
export const businessKeys = {
  all: ['business'] as const,
  list: (deleted: boolean, params: object) =>
    [...businessKeys.all, deleted ? 'deleted' : 'list', params] as const,
  preview: (projectId: number) => [...businessKeys.all, 'preview', projectId] as const,
};

export const useBusinessList = (deleted: boolean, params: CallInput<typeof businessCalls.list>) =>
  useListQuery(businessKeys.list(deleted, params), () =>
    api.call(deleted ? businessCalls.deleted : businessCalls.list, params),
  );

export const useBusinessPreview = (projectId: number) =>
  useQuery({
    queryKey: businessKeys.preview(projectId),
    queryFn: () => api.call(businessCalls.preview, { project_id: projectId }),
    enabled: projectId > 0,
  });

export function useBusinessWrites() {
  const onSuccess = useInvalidate(businessKeys.all);
  const create = useMutation({
    mutationFn: (input: CallInput<typeof businessCalls.create>) =>
      api.call(businessCalls.create, input, { toast: 'unlessField' }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.call(businessCalls.remove, { business_id: id }),
    onSuccess,
  });
  const recover = useMutation({
    mutationFn: (id: number) => api.call(businessCalls.recover, { business_id: id }),
    onSuccess,
  });
  return { create, remove, recover };
}

/** The wizard's two steps (spec 001 §2: `business/create_business_wizard`, `create_business_wizard1`). */
export const wizardPath = '/manager/business/create_business_wizard';
export const wizard1Path = (projectId: number) => `/manager/create_business_wizard1?project_id=${projectId}`;
