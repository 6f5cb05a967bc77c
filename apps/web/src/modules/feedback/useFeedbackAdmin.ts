import type { CallInput } from '@portal/contract';
import { feedbackCalls as calls, supplierCalls } from '@portal/contract/calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

export type SupplierListParams = {
  page: number;
  page_size: number;
  status?: number | undefined;
  keyword?: string | undefined;
};

export type OpinionListParams = {
  page: number;
  page_size: number;
  status?: number | undefined;
  keyword?: string | undefined;
};

export type MessageListParams = {
  page: number;
  page_size: number;
  status?: number | undefined;
};

/** Every back-office query of the visitor forms lives under `feedbackAdminKeys.all`. */
export const feedbackAdminKeys = {
  all: ['feedback-admin'] as const,
  suppliers: (params: SupplierListParams) => [...feedbackAdminKeys.all, 'suppliers', params] as const,
  opinions: (params: OpinionListParams) => [...feedbackAdminKeys.all, 'opinions', params] as const,
  messages: (params: MessageListParams) => [...feedbackAdminKeys.all, 'messages', params] as const,
};

export function useSuppliers(params: SupplierListParams) {
  return useQuery({
    queryKey: feedbackAdminKeys.suppliers(params),
    queryFn: () => api.call(supplierCalls.list, params),
    placeholderData: keepPreviousData,
  });
}

export function useOpinions(params: OpinionListParams) {
  return useQuery({
    queryKey: feedbackAdminKeys.opinions(params),
    queryFn: () => api.call(calls.opinions, params),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(params: MessageListParams) {
  return useQuery({
    queryKey: feedbackAdminKeys.messages(params),
    queryFn: () => api.call(calls.messages, params),
    placeholderData: keepPreviousData,
  });
}

/** Reloads the lists whatever the answer (a 21004 means someone else was quicker). */
function useStaffWrite<T, R>(write: (values: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => qc.invalidateQueries({ queryKey: feedbackAdminKeys.all }),
  });
}

const unlessField = { toast: 'unlessField' } as const;

export const useReviewSupplier = () =>
  useStaffWrite((values: CallInput<typeof supplierCalls.review>) =>
    api.call(supplierCalls.review, values, unlessField),
  );

export const useReplyOpinion = () =>
  useStaffWrite((values: CallInput<typeof calls.reply>) => api.call(calls.reply, values, unlessField));

export const useReviewMessages = () =>
  useStaffWrite((values: CallInput<typeof calls.reviewMessages>) => api.call(calls.reviewMessages, values));

export const useDeleteMessages = () =>
  useStaffWrite((values: CallInput<typeof calls.removeMessages>) => api.call(calls.removeMessages, values));
