import type { CallInput } from '@portal/contract';
import { purchaseCalls } from '@portal/contract/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stockKeys } from '#web/modules/stock/index.ts';
import { api } from '#web/shared/api/client.ts';
import { useDetailQuery, useListQuery } from '#web/shared/queryHooks.ts';
import { resourceKeys } from '#web/shared/resource/useResource.ts';

/** 采购管理's queries: one key factory. */
export const purchaseKeys = {
  all: ['purchase'] as const,
  list: (params: object) => [...purchaseKeys.all, 'list', params] as const,
  detail: (id: number | null) => [...purchaseKeys.all, 'detail', id] as const,
};

export const usePurchases = (params: CallInput<typeof purchaseCalls.list>) =>
  useListQuery(purchaseKeys.list(params), () => api.call(purchaseCalls.list, params));

export const usePurchase = (id: number | null) =>
  useDetailQuery(purchaseKeys.detail(id), id, (n) => api.call(purchaseCalls.detail, { id: n }));

/**
 * A write of an order: the list and the details are asked again, and so are the stock's records
 * and ledger (a receipt writes stock-in records, a return moves stock).
 */
export function usePurchaseWrite<I, R>(write: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: purchaseKeys.all }),
        client.invalidateQueries({ queryKey: stockKeys.all }),
        client.invalidateQueries({ queryKey: resourceKeys('stock-input').all }),
      ]),
  });
}
