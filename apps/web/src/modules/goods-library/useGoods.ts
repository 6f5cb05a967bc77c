import type { CallInput } from '@portal/contract';
import { brandCalls, goodsCalls as calls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { resourceKeys } from '#web/shared/resource/useResource.ts';

/** Every goods query lives under the resource's key: one write reloads lists and details. */
export const goodsKeys = {
  ...resourceKeys('goods'),
  detail: (id: number) => [...resourceKeys('goods').all, 'detail', id] as const,
  skus: (id: number) => [...resourceKeys('goods').all, 'skus', id] as const,
};

export function useGoods(id: number | null) {
  return useQuery({
    queryKey: goodsKeys.detail(id ?? 0),
    queryFn: () => api.call(calls.get, { id: id ?? 0 }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useGoodsSkus(id: number | null) {
  return useQuery({
    queryKey: goodsKeys.skus(id ?? 0),
    queryFn: () => api.call(calls.skuList, { goods_id: id ?? 0 }).then((d) => d.results),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The company's brands in use, for the brand picker. */
export function useBrandOptions() {
  return useQuery({
    queryKey: ['resource', 'brand', 'options', ''],
    queryFn: () => api.call(brandCalls.select, {}).then((d) => d.results),
    // Not asked of a role that may not read brands (the brand filter is then not offered).
    enabled: useCanCall(brandCalls.select),
  });
}

type BatchCall =
  | typeof calls.pushToShop
  | typeof calls.setOnSale
  | typeof calls.setPublic
  | typeof calls.removeFromShop
  | typeof calls.setType;

/** A batch action over chosen goods (all or none); the lists reload after it. */
export function useGoodsBatch<C extends BatchCall>(call: C) {
  const invalidate = useInvalidate(goodsKeys.all);
  return useMutation({
    mutationFn: (input: CallInput<C>) => api.call(call as typeof calls.setOnSale, input as never),
    onSettled: invalidate,
  });
}

/** Saves a goods from the form (create without id); a field error is left to the form. */
export function useSaveGoods() {
  const invalidate = useInvalidate(goodsKeys.all);
  return useMutation({
    mutationFn: (input: CallInput<typeof calls.create> & { id?: number }) =>
      input.id === undefined
        ? api.call(calls.create, input, { toast: 'unlessField' })
        : api.call(calls.update, { ...input, id: input.id }, { toast: 'unlessField' }),
    onSuccess: invalidate,
  });
}
