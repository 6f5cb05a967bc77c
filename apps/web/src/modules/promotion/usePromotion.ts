import { promotionCalls } from '@portal/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';
import type { carFilter } from './promotion.ts';

type CarFilter = ReturnType<typeof carFilter>;

export const promotionKeys = {
  all: ['promotion'] as const,
  list: (companyId: number | undefined) => [...promotionKeys.all, 'list', companyId] as const,
  detail: (companyId: number | undefined, id: number, filter: CarFilter) =>
    [...promotionKeys.all, 'detail', companyId, id, filter] as const,
};

/** The tenant's running promotions (`POST /shop/promotion/list`); the page shows the first one. */
export function useCurrentPromotions(enabled: boolean) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: promotionKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.call(
        promotionCalls.list,
        { page: 1, page_size: 10, company_id: companyId },
        { toast: false, signal },
      ),
    enabled: ready && enabled,
  });
}

/** One promotion with the cars that fit the filter (asked again when the filter settles). */
export function usePromotionDetail(id: number | undefined, filter: CarFilter) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: promotionKeys.detail(companyId, id ?? 0, filter),
    queryFn: ({ signal }) =>
      api.call(
        promotionCalls.get,
        { id: id ?? 0, company_id: companyId, ...filter },
        { toast: false, signal },
      ),
    enabled: ready && id !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `value`, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
