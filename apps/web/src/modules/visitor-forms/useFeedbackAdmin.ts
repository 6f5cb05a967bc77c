import type { CallInput } from '@portal/contract';
import { feedbackCalls as calls, enquiryCalls, supplierCalls } from '@portal/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';

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

export type EnquiryListParams = {
  page: number;
  page_size: number;
  kind?: 'product_plan' | 'venture_capital' | undefined;
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
  enquiries: (params: EnquiryListParams) => [...feedbackAdminKeys.all, 'enquiries', params] as const,
};

export const useSuppliers = (params: SupplierListParams) =>
  useListQuery(feedbackAdminKeys.suppliers(params), () => api.call(supplierCalls.list, params));

export const useOpinions = (params: OpinionListParams) =>
  useListQuery(feedbackAdminKeys.opinions(params), () => api.call(calls.opinions, params));

export const useEnquiries = (params: EnquiryListParams) =>
  useListQuery(feedbackAdminKeys.enquiries(params), () => api.call(enquiryCalls.list, params));

export const useMessages = (params: MessageListParams) =>
  useListQuery(feedbackAdminKeys.messages(params), () => api.call(calls.messages, params));

/** Reloads the lists whatever the answer (a 21004 means someone else was quicker). */
function useStaffWrite<T, R>(write: (values: T) => Promise<R>) {
  const invalidate = useInvalidate(feedbackAdminKeys.all);
  return useMutation({
    mutationFn: write,
    onSettled: invalidate,
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

export const useHandleEnquiry = () =>
  useStaffWrite((values: CallInput<typeof enquiryCalls.handle>) =>
    api.call(enquiryCalls.handle, values, unlessField),
  );
