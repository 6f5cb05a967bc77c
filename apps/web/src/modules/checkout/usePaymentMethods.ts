import { paymentCalls as calls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

/** `GET /payment/methods`: how the shop can be paid, each with what the shopper has to do. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payment', 'methods'] as const,
    queryFn: ({ signal }) => api.call(calls.methods, {}, { toast: false, signal }).then((d) => d.results),
    staleTime: 5 * 60_000,
  });
}
