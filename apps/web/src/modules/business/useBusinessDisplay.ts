import type { CallInput } from '@portal/contract';
import { businessDisplayCalls } from '@portal/contract/calls';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
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

type At = { business_id: number; node_id: number };

/**
 * A display's write, and what it changed read again after it: the whole business unless `changed`
 * names less (an item read changes only the caller's mark and who has read).
 */
function useDisplayWrite<I extends At>(
  call: (input: I) => Promise<unknown>,
  changed: (input: I) => QueryKey[] = () => [runKeys.all],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_r, v) => Promise.all(changed(v).map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
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
export const useDisplayRead = () =>
  useDisplayWrite(
    (v: CallInput<typeof businessDisplayCalls.read>) => api.call(businessDisplayCalls.read, v),
    (v) => [runKeys.display(v.business_id, v.node_id), runKeys.displayReads(v.business_id, v.node_id)],
  );

/** Where a shown file is read (a member's browser sends its session). */
export const displayFileUrl = (businessId: number, itemId: number) =>
  `/api/business/file/display/content?business_id=${businessId}&item_id=${itemId}`;
