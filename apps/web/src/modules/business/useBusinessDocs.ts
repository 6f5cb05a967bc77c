import type { CallInput } from '@portal/contract';
import { businessDocCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { runKeys } from './useBusinessRun.ts';

/**
 * A node's documents (node screen 2, issue 37): its templates and the documents written there with
 * their signatures. Read again whenever the page hears a command — another member's save or
 * signature arrives as one — and after the caller's own writes.
 */
export const useBusinessDocs = (businessId: number, nodeId: number) =>
  useQuery({
    queryKey: runKeys.docs(businessId, nodeId),
    queryFn: () => api.call(businessDocCalls.templates, { business_id: businessId, node_id: nodeId }),
  });

/** The node's other seats, who may be asked to sign (read when the dialog opens). */
export const useSignRoles = (businessId: number, nodeId: number, seatId: number, enabled: boolean) =>
  useQuery({
    queryKey: runKeys.signRoles(businessId, nodeId),
    queryFn: () =>
      api.call(businessDocCalls.signRoles, {
        business_id: businessId,
        node_id: nodeId,
        role_alloc_id: seatId,
      }),
    enabled,
  });

/** A write of a document: the node's documents are read again; a field's refusal is shown beside it. */
function useDocWrite<I>(call: (input: I) => Promise<unknown>) {
  const onSuccess = useInvalidate(runKeys.all);
  return useMutation({ mutationFn: call, onSuccess });
}

export const useCreateDoc = () =>
  useDocWrite((v: CallInput<typeof businessDocCalls.create>) =>
    api.call(businessDocCalls.create, v, { toast: 'unlessField' }),
  );
export const useSaveDoc = () =>
  useDocWrite((v: CallInput<typeof businessDocCalls.save>) =>
    api.call(businessDocCalls.save, v, { toast: 'unlessField' }),
  );
export const useSignDoc = () =>
  useDocWrite((v: CallInput<typeof businessDocCalls.sign>) =>
    api.call(businessDocCalls.sign, v, { toast: 'unlessField' }),
  );
export const useRemoveDoc = () =>
  useDocWrite((v: CallInput<typeof businessDocCalls.remove>) => api.call(businessDocCalls.remove, v));

/** The business's documents to choose from (showing or submitting one), read when the dialog opens. */
export const useDocChoices = (businessId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...runKeys.all, 'doc-choices', businessId],
    queryFn: () => api.call(businessDocCalls.list, { business_id: businessId }),
    enabled,
  });

/** The shown documents' key: read again only when a document changes, not on every command. */
export const shownDocKeys = { all: ['business-doc'] as const };
/** The messages that change a document (saved, signed, attached to, deleted). */
export const DOC_CHANGES: ReadonlySet<string> = new Set([
  'action_doc_save',
  'action_doc_delete',
  'action_role_sign',
  'action_doc_attach',
  'action_doc_detach',
]);

/** One document of the business as it stands (the one being shown). */
export const useDocDetail = (businessId: number, docId: number | undefined) =>
  useQuery({
    queryKey: [...shownDocKeys.all, businessId, docId],
    queryFn: () => api.call(businessDocCalls.detail, { business_id: businessId, doc_id: docId ?? 0 }),
    enabled: docId !== undefined,
  });

export const useDetachDoc = () =>
  useDocWrite((v: CallInput<typeof businessDocCalls.detach>) => api.call(businessDocCalls.detach, v));
