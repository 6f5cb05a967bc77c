import type { Cart, Page, Promotion, PromotionDetail } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { cartKeys } from '#web/modules/cart/useCart.ts';
import { useShopCompany } from '#web/modules/shop/useShopGoods.ts';
import { api } from '#web/shared/api/client.ts';
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
      api.post<Page<Promotion>>(
        '/shop/promotion/list',
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
      api.post<PromotionDetail>(
        '/shop/promotion',
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

/**
 * Puts the chosen tickets into the member's cart with exactly these quantities and makes them the
 * only selected lines, so `/settle` (which checks out the selected cart lines) orders just them.
 * Other lines stay in the cart, unselected. Refusals (stock, the 12 limit) are toasted by the client.
 */
async function ticketsIntoCart(chosen: { goods_id: number; quantity: number }[]): Promise<Cart> {
  let cart = await api.post<Cart>('/cart/list', {});
  if (cart.results.some((l) => l.selected === 1))
    cart = await api.post<Cart>('/cart/select', { selected: 0 });
  for (const c of chosen) {
    const line = cart.results.find((l) => l.goods_id === c.goods_id);
    cart = line
      ? await api.post<Cart>('/cart/update', { id: line.id, quantity: c.quantity, selected: 1 })
      : await api.post<Cart>('/cart/add', { goods_id: c.goods_id, quantity: c.quantity });
  }
  return cart;
}

export function useBuyTickets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ticketsIntoCart,
    onSuccess: (cart) => qc.setQueryData(cartKeys.list(), cart),
    onError: () => qc.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
