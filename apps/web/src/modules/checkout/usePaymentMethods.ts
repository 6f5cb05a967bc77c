import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

export interface PaymentMethodInfo {
  method: string;
  name: string;
  instructions: string;
}

/** `GET /payment/methods`: how the shop can be paid, each with what the shopper has to do. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payment', 'methods'] as const,
    queryFn: () =>
      api
        .get<{ results: PaymentMethodInfo[] } | PaymentMethodInfo[]>('/payment/methods', {}, { toast: false })
        .then((d) => (Array.isArray(d) ? d : d.results)),
    staleTime: 5 * 60_000,
  });
}
