import { newsAdminCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useDetailQuery, useInvalidate } from '#web/shared/queryHooks.ts';
import { resourceKeys } from '#web/shared/resource/useResource.ts';

/** The news resource's queries live under the resource block's key, so its writes refresh them all. */
export const newsKeys = {
  ...resourceKeys('news'),
  categories: ['resource', 'news', 'categories'] as const,
  one: (id: number) => ['resource', 'news', 'one', id] as const,
};

/** The company's categories (the first call makes the four defaults for a company without any). */
export function useNewsCategories() {
  return useQuery({
    queryKey: newsKeys.categories,
    queryFn: () => api.call(newsAdminCalls.categories, {}),
    staleTime: 60_000,
  });
}

/** One article, read afresh each time the editor opens it. */
export const useNewsArticle = (id: number | null) =>
  useDetailQuery(newsKeys.one(id ?? 0), id, (id) => api.call(newsAdminCalls.get, { id }));

/** 批量发布 (1) / 撤回为草稿 (0). */
export function usePublishNews() {
  const invalidate = useInvalidate(newsKeys.all);
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: 0 | 1 }) =>
      api.call(newsAdminCalls.publish, { ids, status }),
    onSettled: invalidate,
  });
}
