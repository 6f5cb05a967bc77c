import { orderCalls as calls } from '@portal/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useDetailQuery, useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';
import type { StaffAction } from './orderActions.ts';

export interface OrderManageParams {
  page: number;
  page_size: number;
  status?: number | undefined;
  keyword?: string | undefined;
  /** 1: only the orders whose transfer receipt awaits confirmation. */
  receipt_waiting?: 1 | undefined;
  /** The days the orders were placed (YYYY-MM-DD, the company's), both included. */
  date_from?: string | undefined;
  date_to?: string | undefined;
}

/** Every back-office order query lives under `orderAdminKeys.all`. */
export const orderAdminKeys = {
  all: ['order-admin'] as const,
  lists: () => [...orderAdminKeys.all, 'list'] as const,
  list: (params: OrderManageParams) => [...orderAdminKeys.lists(), params] as const,
  detail: (id: number) => [...orderAdminKeys.all, 'detail', id] as const,
};

/** `POST /order/manage/list`: keyword = order number, consignee or mobile. */
export function useManagedOrders(params: OrderManageParams) {
  return useListQuery(orderAdminKeys.list(params), () => api.call(calls.manageList, params));
}

export function useManagedOrder(id: number | null) {
  return useDetailQuery(orderAdminKeys.detail(id ?? 0), id, (id) => api.call(calls.manageGet, { id }));
}

export interface StaffActionInput {
  action: StaffAction;
  id: number;
  /** 确认收款 / 取消: optional note; 退款: the reason (required). */
  note?: string | undefined;
  shipping_company?: string | undefined;
  tracking_no?: string | undefined;
}

/** Ship and refund have a dialog that shows a field error beside its field. */
function runStaffAction({ action, id, note, shipping_company, tracking_no }: StaffActionInput) {
  switch (action) {
    case 'pay':
      return api.call(calls.confirmPayment, { id, note });
    case 'ship':
      return api.call(
        calls.ship,
        { id, shipping_company: shipping_company ?? '', tracking_no: tracking_no ?? '' },
        { toast: 'unlessField' },
      );
    case 'cancel':
      return api.call(calls.manageCancel, { id, note });
    case 'refund':
      return api.call(calls.refund, { id, note: note ?? '' }, { toast: 'unlessField' });
  }
}

/**
 * 确认收款, 发货, 取消, 退款. A refused action (20501: the state changed meanwhile) is toasted
 * unless it names a field of the dialog; the list and the detail are reloaded either way.
 */
export function useStaffAction() {
  const invalidate = useInvalidate(orderAdminKeys.all);
  return useMutation({
    mutationFn: (input: StaffActionInput) => runStaffAction(input),
    onSettled: invalidate,
  });
}
