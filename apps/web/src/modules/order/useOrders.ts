import { type BuyNowLine, ORDER_STATUS, type PaymentMethod } from '@portal/contract';
import { orderCalls as calls, reviewCalls } from '@portal/contract/calls';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useDetailQuery, useInvalidate, useInvalidatingMutation } from '#web/shared/queryHooks.ts';

export interface OrderListParams {
  page: number;
  page_size: number;
  status?: number | undefined;
}

/** Every query about the member's own orders lives under `orderKeys.all`. */
export const orderKeys = {
  all: ['order'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  counts: () => [...orderKeys.all, 'counts'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: () => api.call(calls.list, params),
    placeholderData: keepPreviousData,
    // Unpaid orders expire on the server (a sweep every minute): look again while any is shown.
    refetchInterval: (q) =>
      q.state.data?.results.some((o) => o.status === ORDER_STATUS.AWAITING_PAYMENT) ? 60_000 : false,
  });
}

/** `POST /order/counts`: orders per state (keys are the state numbers). */
export function useOrderCounts() {
  return useQuery({
    queryKey: orderKeys.counts(),
    queryFn: () => api.call(calls.counts, {}, { toast: false }),
  });
}

export function useOrder(id: number | null) {
  return useDetailQuery(orderKeys.detail(id ?? 0), id, (id) => api.call(calls.get, { id }));
}

/** 取消订单 (待付款) and 确认收货 (已发货). */
export function useOrderAction() {
  const invalidate = useInvalidate(orderKeys.all);
  return useMutation({
    mutationFn: ({ action, id }: { action: 'cancel' | 'receive'; id: number }) =>
      api.call(action === 'cancel' ? calls.cancel : calls.receive, { id }),
    onSettled: invalidate,
  });
}

export interface ReviewInput {
  order_item_id: number;
  rating: number;
  content: string;
}

export function useReview() {
  return useInvalidatingMutation(orderKeys.all, (input: ReviewInput) =>
    api.call(reviewCalls.add, input, { toast: 'unlessField' }),
  );
}

export interface OrderCreateInput {
  cart_ids?: number[] | undefined;
  /** Buy now, several lines: `formatBuyNowItems` text (`12x2@8000,13x1@4000`). */
  items?: string | undefined;
  goods_id?: number | undefined;
  quantity?: number | undefined;
  expected_price?: number | undefined;
  consignee_id: number;
  coupon_id?: number | undefined;
  payment_method: string;
  remark?: string | undefined;
}

/** `POST /order/create`. Refusals (stock, coupon, goods gone) are shown by the checkout, not toasted. */
export function useCreateOrder() {
  return useInvalidatingMutation(orderKeys.all, ({ items, payment_method, ...input }: OrderCreateInput) =>
    api.call(
      calls.create,
      {
        ...input,
        // Buy-now lines travel as their compact text (`formatBuyNowItems`); the schema parses it.
        items: items as unknown as BuyNowLine[] | undefined,
        // One of the methods `/payment/methods` offered; the server checks it.
        payment_method: payment_method as PaymentMethod,
      },
      { toast: false },
    ),
  );
}
