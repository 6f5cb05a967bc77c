import { couponCalls as calls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

export const couponKeys = {
  all: ['coupon'] as const,
  list: (mine: boolean) => [...couponKeys.all, 'list', { mine }] as const,
  check: (params: CouponCheckParams) => [...couponKeys.all, 'check', params] as const,
  best: (amount: number) => [...couponKeys.all, 'best', amount] as const,
};

/** Enough for every coupon a shop runs at once; the list is not paged on screen. */
const COUPON_PAGE_SIZE = 100;

/** `POST /coupon/list`: claimed ones with `mine`, else the coupons of the shop with the caller's state. */
export function useCoupons(mine: boolean) {
  return useQuery({
    queryKey: couponKeys.list(mine),
    queryFn: () =>
      api
        .call(calls.list, {
          mine: mine ? 1 : undefined,
          page: 1,
          page_size: COUPON_PAGE_SIZE,
        })
        .then((d) => d.results),
  });
}

/** 领取: by id, or by a code the member typed. A refusal is toasted by the client. */
export function useClaimCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { coupon_id?: number | undefined; code?: string | undefined }) =>
      api.call(calls.claim, input),
    onSettled: () => qc.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export interface CouponCheckParams {
  coupon_id?: number | undefined;
  code?: string | undefined;
  amount: number;
}

/**
 * `POST /coupon/check` for the chosen coupon against the goods amount: the discount, or the reason
 * it does not apply (shown beside the coupon, not toasted).
 */
export function useCouponCheck(params: CouponCheckParams | null) {
  return useQuery({
    queryKey: couponKeys.check(params ?? { amount: 0 }),
    queryFn: () => api.call(calls.check, params ?? { amount: 0 }, { toast: false }),
    enabled: params !== null,
    retry: false,
    staleTime: 0,
  });
}

/**
 * `POST /coupon/best`: the coupon a checkout of `amount` (cents) preselects — the server's choice
 * among those it would accept (largest discount, ties by the soonest end), or none. Null: no checkout yet.
 */
export function useCouponBest(amount: number | null) {
  return useQuery({
    queryKey: couponKeys.best(amount ?? 0),
    queryFn: () => api.call(calls.best, { amount: amount ?? 0 }, { toast: false }),
    enabled: amount !== null,
    retry: false,
  });
}
