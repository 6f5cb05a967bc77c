import type { CallInput } from '@portal/contract';
import { bulkCategoryCalls, bulkGoodsCalls as calls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BULK_CATEGORIES, categoryKeysOf } from '#web/modules/goods-category/index.ts';
import { api } from '#web/shared/api/client.ts';
import { PUBLIC_KEY } from '#web/shared/queryClient.ts';
import { useDetailQuery, useInvalidate } from '#web/shared/queryHooks.ts';
import { resourceKeys, useResourceSave } from '#web/shared/resource/useResource.ts';

/** Every bulk-goods query lives under the resource's key: one write reloads lists and details. */
export const bulkKeys = {
  ...resourceKeys('bulk-goods'),
  detail: (id: number) => [...resourceKeys('bulk-goods').all, 'detail', id] as const,
  /** The public list of a microsite's company (the visitor's page). */
  public: (companyId: number, categoryId: number | undefined, page: number, pageSize: number) =>
    [PUBLIC_KEY, 'bulk-goods', companyId, { categoryId, page, pageSize }] as const,
  publicTree: (companyId: number) => [PUBLIC_KEY, 'bulk-category', companyId] as const,
};

export const useBulkGoods = (id: number | null) =>
  useDetailQuery(bulkKeys.detail(id ?? 0), id, (id) => api.call(calls.get, { id }));

/** 上架 / 下架 of the chosen rows (all or none); the lists reload after it. */
export function useBulkOnSale() {
  const invalidate = useInvalidate(bulkKeys.all);
  return useMutation({
    mutationFn: (input: CallInput<typeof calls.setOnSale>) => api.call(calls.setOnSale, input),
    onSettled: invalidate,
  });
}

/** Deletes one bulk goods (the form's 删除 of a row whose library goods is gone); the lists reload. */
export function useRemoveBulkGoods() {
  const invalidate = useInvalidate(bulkKeys.all);
  return useMutation({
    mutationFn: (id: number) => api.call(calls.remove, { id }),
    onSettled: invalidate,
  });
}

/** Saves from the form page (create without id); a field error is left to the form. */
export const useSaveBulkGoods = () => useResourceSave('bulk-goods', calls);

/**
 * The bulk catalogue's category tree (both statuses), for filters and the form: under the 大宗分类
 * screen's keys, so a category's write there reloads it.
 */
export function useBulkCategoryTree() {
  return useQuery({
    queryKey: categoryKeysOf(BULK_CATEGORIES.key).tree(),
    queryFn: () => api.call(bulkCategoryCalls.tree).then((d) => d.results),
  });
}

/** The public list of a microsite (`/dzc`, `/dzcen`): the company's bulk goods on sale. */
export function usePublicBulkGoods(
  companyId: number | undefined,
  categoryId: number | undefined,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: bulkKeys.public(companyId ?? 0, categoryId, page, pageSize),
    queryFn: ({ signal }) =>
      api.call(
        calls.publicList,
        { company_id: companyId, category_id: categoryId, page, page_size: pageSize },
        { toast: false, signal },
      ),
    enabled: companyId !== undefined,
  });
}

/** The company's enabled bulk categories, for the public page's filter. */
export function usePublicBulkTree(companyId: number | undefined) {
  return useQuery({
    queryKey: bulkKeys.publicTree(companyId ?? 0),
    queryFn: ({ signal }) =>
      api
        .call(bulkCategoryCalls.shopTree, { company_id: companyId }, { toast: false, signal })
        .then((d) => d.results),
    enabled: companyId !== undefined,
  });
}
