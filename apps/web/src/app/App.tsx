import { companySettingsCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { api, setNavigator } from '#web/shared/api/client.ts';
import { dropUserQueries, queryClient } from '#web/shared/queryClient.ts';
import { onSessionChange, useUserInfo } from '#web/shared/session.ts';
import { setCompanyTimeZone, useCompanyTimeZone } from '#web/shared/timeZone.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import { AppProviders } from './AppProviders.tsx';
import type { AppRouter } from './router.tsx';

/** Wires the router into the API client (session expiry) and the session into the query cache. */
export function connectApp(router: AppRouter): void {
  setNavigator((to) => void router.navigate(to));
  onSessionChange(dropUserQueries);
}

/**
 * The company's clock (shared/timeZone.ts): the logged-in user's company's zone, else the site's
 * company's. Its pages are mounted again when it changes (at most once, as the app starts, for a
 * company outside the default zone): every date on screen is then written on the new clock.
 */
function CompanyClock({ children }: { children: ReactNode }) {
  const user = useUserInfo();
  const site = useCompany();
  const mine = useQuery({
    queryKey: ['time-zone', user?.company_id],
    queryFn: () => api.call(companySettingsCalls.timeZone, undefined, { toast: false }),
    enabled: user !== null,
    staleTime: 60_000,
  });
  const zone = user ? mine.data?.time_zone : site.data?.time_zone;
  useEffect(() => setCompanyTimeZone(zone), [zone]);
  return <Fragment key={useCompanyTimeZone()}>{children}</Fragment>;
}

/** antd's App (message, modal, notification) is inside the router, around every page: shell/AppFrame.tsx. */
export function App({ router, zeroRuntime = false }: { router: AppRouter; zeroRuntime?: boolean }) {
  return (
    <AppProviders client={queryClient} zeroRuntime={zeroRuntime}>
      <CompanyClock>
        <RouterProvider router={router} />
      </CompanyClock>
    </AppProviders>
  );
}
