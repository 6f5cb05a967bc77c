import type { CategoryInput, CategoryListQuery } from '@portal/contract';
import { goodsCategoryCalls as calls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useDetailQuery, useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';

/** The list query; page and page size always sent. Types from the contract. */
export type CategoryListParams = CategoryListQuery & { page: number; page_size: number };

/** Every goods-category query lives under `categoryKeys.all`: one line invalidates them all. */
export const categoryKeys = {
  all: ['goods-category'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (params: CategoryListParams) => [...categoryKeys.lists(), params] as const,
  tree: () => [...categoryKeys.all, 'tree'] as const,
  parents: (excludeId: number | undefined) => [...categoryKeys.all, 'parents', { excludeId }] as const,
  detail: (id: number) => [...categoryKeys.all, 'detail', id] as const,
};

export function useCategoryList(params: CategoryListParams) {
  return useListQuery(categoryKeys.list(params), () =>
    api.call(calls.list, { ...params, keyword: params.keyword || undefined }),
  );
}

/** The whole tree (`/goods/categorys`), both statuses. */
export function useCategoryTree() {
  return useQuery({
    queryKey: categoryKeys.tree(),
    queryFn: () => api.call(calls.tree).then((d) => d.results),
  });
}

/** Possible parents (level < 3), without `excludeId` and its subtree. */
export function useParentOptions(excludeId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: categoryKeys.parents(excludeId),
    queryFn: () => api.call(calls.parents, { exclude_id: excludeId }).then((d) => d.results),
    enabled,
  });
}

export function useCategory(id: number | null) {
  return useDetailQuery(categoryKeys.detail(id ?? 0), id, (id) => api.call(calls.get, { id }));
}

/** Add (no id) or update. Field errors are left to the form (`toast: 'unlessField'`). */
export function useSaveCategory() {
  return useInvalidatingMutation(
    categoryKeys.all,
    ({ id, ...input }: CategoryInput & { id?: number | undefined }) =>
      id
        ? api.call(calls.update, { id, ...input }, { toast: 'unlessField' })
        : api.call(calls.add, input, { toast: 'unlessField' }),
  );
}

/** Refused with 20101 (has children) or 20102 (has goods); the client shows the message. */
export function useDeleteCategory() {
  return useInvalidatingMutation(categoryKeys.all, (id: number) => api.call(calls.remove, { id }));
}

/** All or nothing. */
export function useDeleteCategories() {
  return useInvalidatingMutation(categoryKeys.all, (ids: number[]) => api.call(calls.removeMany, { ids }));
}
