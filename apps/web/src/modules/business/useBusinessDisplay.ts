import type { CallInput } from '@portal/contract';
import { businessDisplayCalls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { runKeys } from './useBusinessRun.ts';

/**
 * A display node (node screen 3, issue 37): its step and items, who has read them, and what may be
 * added. Read again whenever the page hears a command (every change is one) and after the caller's
 * own writes.
 */
export const useDisplay = (businessId: number, nodeId: number) =>
  useQuery({
    queryKey: runKeys.display(businessId, nodeId),
    queryFn: () => api.call(businessDisplayCalls.list, { business_id: businessId, node_id: nodeId }),
  });

export const useDisplayReads = (businessId: number, nodeId: number, enabled = true) =>
  useQuery({
    queryKey: runKeys.displayReads(businessId, nodeId),
    queryFn: () => api.call(businessDisplayCalls.reads, { business_id: businessId, node_id: nodeId }),
    enabled,
  });

export const useDisplayCandidates = (businessId: number, nodeId: number, enabled: boolean) =>
  useQuery({
    queryKey: runKeys.displayCandidates(businessId, nodeId),
    queryFn: () => api.call(businessDisplayCalls.candidates, { business_id: businessId, node_id: nodeId }),
    enabled,
  });

function useDisplayWrite<I>(call: (input: I) => Promise<unknown>) {
  const onSuccess = useInvalidate(runKeys.all);
  return useMutation({ mutationFn: call, onSuccess });
}

export const useDisplayAdd = () =>
  useDisplayWrite((v: CallInput<typeof businessDisplayCalls.add>) => api.call(businessDisplayCalls.add, v));
export const useDisplayRemove = () =>
  useDisplayWrite((v: CallInput<typeof businessDisplayCalls.remove>) =>
    api.call(businessDisplayCalls.remove, v),
  );
export const useDisplayStep = () =>
  useDisplayWrite((v: CallInput<typeof businessDisplayCalls.setStep>) =>
    api.call(businessDisplayCalls.setStep, v),
  );
/** An item opened while shown: only the caller's mark on it and who has read it change. */
export function useDisplayRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CallInput<typeof businessDisplayCalls.read>) => api.call(businessDisplayCalls.read, v),
    onSuccess: (_read, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: runKeys.display(v.business_id, v.node_id) }),
        qc.invalidateQueries({ queryKey: runKeys.displayReads(v.business_id, v.node_id) }),
      ]),
  });
}

/** Where a shown file is read (a member's browser sends its session). */
export const displayFileUrl = (businessId: number, itemId: number) =>
  `/api/business/file/display/content?business_id=${businessId}&item_id=${itemId}`;
