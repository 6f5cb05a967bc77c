import { useQuery } from '@tanstack/react-query';

/**
 * The national divisions and the pasted-address parser ('@portal/contract/divisions', about
 * 35 kB gzip), loaded when the address dialog opens and kept for the session: the public entry
 * and the pages around the dialog do not carry them (docs/adr/0016).
 */
export function useDivisions(enabled: boolean) {
  return useQuery({
    queryKey: ['divisions'],
    queryFn: async () => {
      const mod = await import('@portal/contract/divisions');
      return { ...mod, options: mod.cascadeOptions() };
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export type Divisions = NonNullable<ReturnType<typeof useDivisions>['data']>;
