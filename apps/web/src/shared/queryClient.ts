import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { TransportError } from './api/errors.ts';

/**
 * A query client whose invalidation reaches a first read still in flight. TanStack Query answers
 * an invalidation of a query that has no data yet with the read already under way
 * (TanStack/query#8530): a page that opened a moment before a change — its own write, or one
 * heard live — kept the answer asked before it, for good (the business-run journey's 已阅 0/2).
 * Such reads are cancelled first (the query goes back to having asked nothing), so the
 * invalidation asks again; a query with data is already cancelled and asked again by TanStack.
 */
export class RereadingQueryClient extends QueryClient {
  override async invalidateQueries<K extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<K>,
    options?: InvalidateOptions,
  ): Promise<void> {
    await this.cancelQueries({
      ...filters,
      fetchStatus: 'fetching',
      predicate: (q) => q.state.data === undefined && (filters?.predicate?.(q) ?? true),
    });
    return super.invalidateQueries(filters, options);
  }
}

/** Only transport failures are retried: a server answer `{c, m}` is final (and already shown). */
export const queryClient = new RereadingQueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => error instanceof TransportError && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

/** Queries whose first key is this survive a login or logout (company data of the public site). */
export const PUBLIC_KEY = 'public';

export function dropUserQueries(): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== PUBLIC_KEY });
}
