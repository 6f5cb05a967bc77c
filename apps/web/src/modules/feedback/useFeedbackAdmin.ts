import type { BoardMessage, Opinion, Page, Supplier } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Params } from '#web/shared/api/client.ts';

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
    queryFn: () => api.get<Page<Supplier>>('/supplier/list', params),
    placeholderData: keepPreviousData,
  });
}

export function useOpinions(params: OpinionListParams) {
  return useQuery({
    queryKey: feedbackAdminKeys.opinions(params),
    queryFn: () => api.get<Page<Opinion>>('/feedback/opinion/list', params),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(params: MessageListParams) {
  return useQuery({
    queryKey: feedbackAdminKeys.messages(params),
    queryFn: () => api.get<Page<BoardMessage>>('/feedback/message/list', params),
    placeholderData: keepPreviousData,
  });
}

/** Reloads the lists whatever the answer (a 21004 means someone else was quicker). */
function useStaffWrite<T extends Params, R>(path: string, toast: true | 'unlessField' = true) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: T) => api.post<R>(path, values, { toast }),
    onSettled: () => qc.invalidateQueries({ queryKey: feedbackAdminKeys.all }),
  });
}

export const useReviewSupplier = () =>
  useStaffWrite<{ id: number; status: 1 | 2; review_note?: string | undefined }, Supplier>(
    '/supplier/review',
    'unlessField',
  );

export const useReplyOpinion = () =>
  useStaffWrite<{ id: number; reply: string; is_public: boolean }, Opinion>(
    '/feedback/opinion/reply',
    'unlessField',
  );

export const useReviewMessages = () =>
  useStaffWrite<{ ids: number[]; status: 1 | 2 }, { count: number }>('/feedback/message/review');

export const useDeleteMessages = () =>
  useStaffWrite<{ ids: number[] }, { count: number }>('/feedback/message/delete');
