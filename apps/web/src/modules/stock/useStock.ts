import type { CallInput } from '@portal/contract';
import { goodsCalls, stockCalls, warehouseCalls } from '@portal/contract/calls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useListQuery } from '#web/shared/queryHooks.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { resourceKeys } from '#web/shared/resource/useResource.ts';
import { useUserInfo } from '#web/shared/session.ts';

/** The stock screens' queries: one key factory (the records and warehouses are resources). */
export const stockKeys = {
  all: ['stock'] as const,
  levels: (params: object) => [...stockKeys.all, 'levels', params] as const,
  moves: (params: object) => [...stockKeys.all, 'moves', params] as const,
  options: (what: string, keyword: string | number) => [...stockKeys.all, 'options', what, keyword] as const,
};

export const useLevels = (params: CallInput<typeof stockCalls.levels>) =>
  useListQuery(stockKeys.levels(params), () => api.call(stockCalls.levels, params));

export const useMoves = (params: CallInput<typeof stockCalls.moves>) =>
  useListQuery(stockKeys.moves(params), () => api.call(stockCalls.moves, params));

/** After a write that moves stock: the levels, the ledger, the records and the warehouses are asked again. */
export function useStockChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: stockKeys.all }),
      client.invalidateQueries({ queryKey: resourceKeys('stock-input').all }),
      client.invalidateQueries({ queryKey: resourceKeys('warehouse').all }),
    ]);
}

/** The warehouses in use, for pickers and filters. */
export const useWarehouseOptions = () =>
  useQuery({
    queryKey: stockKeys.options('warehouses', ''),
    queryFn: () => api.call(warehouseCalls.select, {}).then((d) => d.results),
  });

export const useGoodsOptions = (keyword: string) =>
  useQuery({
    queryKey: stockKeys.options('goods', keyword),
    queryFn: () => api.call(goodsCalls.select, { keyword: keyword || undefined }).then((d) => d.results),
  });

export const useSupplierOptions = (keyword: string) =>
  useQuery({
    queryKey: stockKeys.options('suppliers', keyword),
    queryFn: () => api.call(stockCalls.suppliers, { keyword: keyword || undefined }).then((d) => d.results),
  });

/** A goods' specifications (none for a goods sold as itself). */
export const useSkuOptions = (goodsId: number | undefined) =>
  useQuery({
    queryKey: stockKeys.options('skus', goodsId ?? 0),
    enabled: goodsId !== undefined,
    queryFn: () =>
      api
        .call(goodsCalls.skuList, { goods_id: goodsId as number })
        .then((d) => d.results.map((s) => ({ id: s.id, label: s.spec_text }))),
  });

/**
 * Whether the caller may check (审核) a pending stock-in record: they hold the call, and the record
 * is someone else's or the company lets a maker check their own (商城设置「入库单须由他人审核」,
 * `/goods/input/check/rule`). `'self'`: only because they made it — the screen says who must.
 */
export function useMayCheck() {
  const can = useCanCall(stockCalls.approve);
  const me = useUserInfo();
  const rule = useQuery({
    queryKey: [...stockKeys.all, 'approve-rule'],
    queryFn: () => api.call(stockCalls.approveRule, {}),
    enabled: can,
    staleTime: 60_000,
  });
  return (makerId: number | null): 'yes' | 'self' | 'no' => {
    if (!can || !rule.data) return 'no';
    if (rule.data.second_approver === 1 && makerId !== null && makerId === me?.id) return 'self';
    return 'yes';
  };
}
