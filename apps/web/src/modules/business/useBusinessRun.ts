import type { CallInput } from '@portal/contract';
import { businessCalls, businessMessageCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

/** A running business's queries (业务, issue 37). */
export const runKeys = {
  all: ['business-run'] as const,
  detail: (id: number) => [...runKeys.all, 'detail', id] as const,
};

/** The business as its member opens it; the starter's first opening with the team complete starts it. */
export const useBusinessRun = (id: number) =>
  useQuery({
    queryKey: runKeys.detail(id),
    queryFn: () => api.call(businessCalls.detail, { business_id: id }),
    enabled: id > 0,
  });

export const useSendMessage = () =>
  useMutation({
    mutationFn: (input: CallInput<typeof businessMessageCalls.push>) =>
      api.call(businessMessageCalls.push, input, { toast: 'unlessField' }),
  });
