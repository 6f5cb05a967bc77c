import { newsAdminCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
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

export function useNewsArticle(id: number | null) {
  return useQuery({
    queryKey: newsKeys.one(id ?? 0),
    queryFn: () => api.call(newsAdminCalls.get, { id: id as number }),
    enabled: id !== null,
  });
}

/** 批量发布 (1) / 撤回为草稿 (0). */
export function usePublishNews() {
  const invalidate = useInvalidate(newsKeys.all);
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: 0 | 1 }) =>
      api.call(newsAdminCalls.publish, { ids, status }),
    onSettled: invalidate,
  });
}

/** Writes one article (create without id, update with it). A field's refusal is left to the form. */
export function useSaveNews() {
  const invalidate = useInvalidate(newsKeys.all);
  return useMutation({
    mutationFn: (input: Record<string, unknown> & { id?: number }) =>
      input.id === undefined
        ? api.call(newsAdminCalls.create, input as never, { toast: 'unlessField' })
        : api.call(newsAdminCalls.update, input as never, { toast: 'unlessField' }),
    onSuccess: invalidate,
  });
}
