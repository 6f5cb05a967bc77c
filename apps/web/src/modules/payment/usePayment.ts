import type { TransferAccount } from '@portal/contract';
import { orderCalls, paymentCalls } from '@portal/contract/calls';
import { type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useInvalidatingMutation } from '#web/shared/queryHooks.ts';

/** Every query about payment settings lives under `paymentKeys.all` (checkout's methods too). */
export const paymentKeys = {
  all: ['payment'] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
  account: () => [...paymentKeys.all, 'account'] as const,
};

/** `GET /payment/methods`: how the shop can be paid, each with what the shopper has to do. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: paymentKeys.methods(),
    queryFn: ({ signal }) =>
      api.call(paymentCalls.methods, {}, { toast: false, signal }).then((d) => d.results),
    staleTime: 5 * 60_000,
  });
}

/** The shop's receiving account (收款账户 screen). */
export function useTransferAccount() {
  return useQuery({
    queryKey: paymentKeys.account(),
    queryFn: () => api.call(paymentCalls.account, {}).then((d) => d.account),
  });
}

export function useSaveTransferAccount() {
  return useInvalidatingMutation(paymentKeys.all, (input: TransferAccount) =>
    api.call(paymentCalls.saveAccount, input, { toast: 'unlessField' }),
  );
}

/** Uploads and deletes of a member's transfer receipts; `orders` is the key of their order queries. */
export function useReceipts(orders: QueryKey) {
  const invalidate = useInvalidate(orders);
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: number; file: Blob }) =>
      api.call(orderCalls.uploadReceipt, { id, file }, { toast: false }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: ({ id, receipt_id }: { id: number; receipt_id: number }) =>
      api.call(orderCalls.deleteReceipt, { id, receipt_id }),
    onSuccess: invalidate,
  });
  return { upload, remove };
}

/** Where a receipt's file is: the member's own route, or the staff one. */
export function receiptHref(viewer: 'member' | 'staff', orderId: number, receiptId: number) {
  return api.href(viewer === 'staff' ? orderCalls.manageReceiptFile : orderCalls.receiptFile, {
    id: orderId,
    receipt_id: receiptId,
  });
}

/** 去支付: asks for the provider's pay page and goes there. */
export function usePayOnline() {
  return useMutation({
    mutationFn: (id: number) => api.call(orderCalls.payOnline, { id }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
