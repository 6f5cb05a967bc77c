import { companyCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from './api/client.ts';
import { PUBLIC_KEY } from './queryClient.ts';

/** The company's default shop (`GET /erp/staff/shops/`, first result), for the top bar. Not toasted. */
export function useShop(companyId: number | undefined) {
  return useQuery({
    queryKey: [PUBLIC_KEY, 'shop', companyId],
    queryFn: async () => {
      const d = await api.call(
        companyCalls.shops,
        { is_default: 1, company_id: companyId },
        { toast: false },
      );
      return d.results[0] ?? null;
    },
    enabled: companyId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
