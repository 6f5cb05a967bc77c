import type { CategoryInput, CategoryListQuery } from '@portal/contract';
import type { goodsCategoryCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useDetailQuery, useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { useCategoryKind } from './categoryKind.ts';

/** The list query; page and page size always sent. Types from the contract. */
export type CategoryListParams = CategoryListQuery & { page: number; page_size: number };

/** Every query of one category tree lives under its root: one line invalidates them all. */
export const categoryKeysOf = (root: string) => {
  const all = [root] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: CategoryListParams) => [...all, 'list', params] as const,
    tree: () => [...all, 'tree'] as const,
    parents: (excludeId: number | undefined) => [...all, 'parents', { excludeId }] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
};

/** The calls and keys of the tree of the screen around (categoryKind.ts). */
function useTree() {
  const kind = useCategoryKind();
  // Both trees' calls are one declaration (defineCategoryCalls): the same inputs and outputs.
  return { calls: kind.calls as typeof goodsCategoryCalls, keys: categoryKeysOf(kind.key) };
}

export function useCategoryList(params: CategoryListParams) {
  const { calls, keys } = useTree();
  return useListQuery(keys.list(params), () =>
    api.call(calls.list, { ...params, keyword: params.keyword || undefined }),
  );
}

/**
 * The whole tree (`/goods/categorys`, `/dzc/categorys`), both statuses; not asked of a user whose
 * role may not read it (the goods library's filter is then not offered: `useCanCall`).
 */
export function useCategoryTree() {
  const { calls, keys } = useTree();
  return useQuery({
    queryKey: keys.tree(),
    queryFn: () => api.call(calls.tree).then((d) => d.results),
    enabled: useCanCall(calls.tree),
  });
}

/** Possible parents (level < 3), without `excludeId` and its subtree. */
export function useParentOptions(excludeId: number | undefined, enabled: boolean) {
  const { calls, keys } = useTree();
  return useQuery({
    queryKey: keys.parents(excludeId),
    queryFn: () => api.call(calls.parents, { exclude_id: excludeId }).then((d) => d.results),
    enabled,
  });
}

export function useCategory(id: number | null) {
  const { calls, keys } = useTree();
  return useDetailQuery(keys.detail(id ?? 0), id, (id) => api.call(calls.get, { id }));
}

/** Add (no id) or update. Field errors are left to the form (`toast: 'unlessField'`). */
export function useSaveCategory() {
  const { calls, keys } = useTree();
  return useInvalidatingMutation(keys.all, ({ id, ...input }: CategoryInput & { id?: number | undefined }) =>
    id
      ? api.call(calls.update, { id, ...input }, { toast: 'unlessField' })
      : api.call(calls.add, input, { toast: 'unlessField' }),
  );
}

/** Refused with 20101 (has children) or 20102 (has goods); the client shows the message. */
export function useDeleteCategory() {
  const { calls, keys } = useTree();
  return useInvalidatingMutation(keys.all, (id: number) => api.call(calls.remove, { id }));
}

/** All or nothing. */
export function useDeleteCategories() {
  const { calls, keys } = useTree();
  return useInvalidatingMutation(keys.all, (ids: number[]) => api.call(calls.removeMany, { ids }));
}
