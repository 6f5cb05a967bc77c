import { QueryClient } from '@tanstack/react-query';
import { TransportError } from './api/errors.ts';

/** Only transport failures are retried: a server answer `{c, m}` is final (and already shown). */
export const queryClient = new QueryClient({
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
