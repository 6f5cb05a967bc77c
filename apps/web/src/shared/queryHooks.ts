import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/** A paged list: the page on screen stays shown while the next one loads. */
export function useListQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
}

/** One record by id, read afresh each time it is opened; nothing is asked while `id` is null. */
export function useDetailQuery<T>(queryKey: QueryKey, id: number | null, get: (id: number) => Promise<T>) {
  return useQuery({ queryKey, queryFn: () => get(id ?? 0), enabled: id !== null, staleTime: 0 });
}

/** Marks every query under `queryKey` stale, reloading those on screen. */
export function useInvalidate(queryKey: QueryKey) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey });
}

/** A write that, once it succeeded, reloads every query under `queryKey`. */
export function useInvalidatingMutation<T, R>(queryKey: QueryKey, mutationFn: (input: T) => Promise<R>) {
  const invalidate = useInvalidate(queryKey);
  return useMutation({ mutationFn, onSuccess: invalidate });
}
