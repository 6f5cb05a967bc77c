import type { CallInput } from '@portal/contract';
import { productCalls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stockKeys } from '#web/modules/stock/index.ts';
import { api } from '#web/shared/api/client.ts';
import { resourceKeys } from '#web/shared/resource/useResource.ts';

/** The products' queries: under the resource's key (the list is the resource page's). */
export const productKeys = {
  ...resourceKeys('product'),
  materials: (id: number, warehouseId?: number) =>
    [...resourceKeys('product').all, 'materials', id, warehouseId ?? 0] as const,
};

/** A product's material lines with what is on hand (in a warehouse, or in all). */
export const useProductMaterials = (id: number | undefined, warehouseId?: number) =>
  useQuery({
    queryKey: productKeys.materials(id ?? 0, warehouseId),
    enabled: id !== undefined,
    queryFn: () =>
      api
        .call(productCalls.materials, { id: id as number, warehouse_id: warehouseId })
        .then((d) => d.results),
  });

/** 生产入库: afterwards the products (on hand) and the stock screens are asked again. */
export function usePushToStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof productCalls.push>) =>
      api.call(productCalls.push, input, { toast: 'unlessField' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: productKeys.all }),
        client.invalidateQueries({ queryKey: stockKeys.all }),
      ]),
  });
}
