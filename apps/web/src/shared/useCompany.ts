import { companyCalls } from '@portal/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api/client.ts';
import { PUBLIC_KEY } from './queryClient.ts';
import { useHostname } from './ssr.ts';

/** The tenant key is the host name's first segment (`iot.example.com` → `iot`). */
export function tenantKey(hostname: string): string {
  return hostname.split('.')[0] || 'default';
}

/** The company of the public site (`GET /system/staff/company/`, first result). A failure is not toasted. */
export function companyQuery(hostname: string) {
  const key = tenantKey(hostname);
  return queryOptions({
    queryKey: [PUBLIC_KEY, 'company', key],
    queryFn: async () => {
      const d = await api.call(companyCalls.current, { _key: key }, { toast: false });
      return d.results[0] ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every page shows the company (landing, shop, top bar); router.tsx asks for it at start. */
export function useCompany() {
  return useQuery(companyQuery(useHostname()));
}
