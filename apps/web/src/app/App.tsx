import { RouterProvider } from 'react-router';
import { setNavigator } from '#web/shared/api/client.ts';
import { dropUserQueries, queryClient } from '#web/shared/queryClient.ts';
import { onSessionChange } from '#web/shared/session.ts';
import { AppProviders } from './AppProviders.tsx';
import type { AppRouter } from './router.tsx';

/** Wires the router into the API client (session expiry) and the session into the query cache. */
export function connectApp(router: AppRouter): void {
  setNavigator((to) => void router.navigate(to));
  onSessionChange(dropUserQueries);
}

/** antd's App (message, modal, notification) is inside the router, around every page: shell/AppFrame.tsx. */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
