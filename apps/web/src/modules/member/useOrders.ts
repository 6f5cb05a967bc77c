import {
  ORDER_STATUS,
  type Order,
  type OrderCreateResult,
  type OrderDetail,
  type Page,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

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
    queryFn: () => api.post<Page<Order>>('/order/list', { ...params }),
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
    queryFn: () => api.post<Record<string, number>>('/order/counts', {}, { toast: false }),
  });
}

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: () => api.post<OrderDetail>('/order/detail', { id }),
    enabled: id !== null,
    staleTime: 0,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orderKeys.all });
}

/** 取消订单 (待付款) and 确认收货 (已发货). */
export function useOrderAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'cancel' | 'receive'; id: number }) =>
      api.post<unknown>(action === 'cancel' ? '/order/cancel' : '/order/receive', { id }),
    onSettled: invalidate,
  });
}

export interface ReviewInput {
  order_item_id: number;
  rating: number;
  content: string;
}

export function useReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      api.post<unknown>('/goods/review', { ...input }, { toast: 'unlessField' }),
    onSuccess: invalidate,
  });
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
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: OrderCreateInput) =>
      api.post<OrderCreateResult>('/order/create', { ...input }, { toast: false }),
    onSuccess: invalidate,
  });
}
