import { createBrowserRouter } from 'react-router';
import { queryClient } from '#web/shared/queryClient.ts';
import { isLoggedIn } from '#web/shared/session.ts';
import { companyQuery } from '#web/shared/useCompany.ts';
import { guardRedirect } from './guard.ts';
import { buildRoutes, type RouteHandle } from './routeObjects.tsx';
import { APP_FRAME } from './shell/RootLayout.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser's router over the route table. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildRoutes());
}

/**
 * Starts what the first screen needs, each in its own chunk, together instead of one after the
 * other as the pages render: the app frame, the pages the route matches, and the company every page
 * shows (a server-rendered page brought it in its data).
 */
export function preloadFirstScreen(router: AppRouter, serverRendered: boolean): void {
  APP_FRAME.preload();
  if (!serverRendered) void queryClient.prefetchQuery(companyQuery(window.location.hostname));
  // Not the pages of a protected path for a visitor: the login guard sends them to /login instead.
  if (guardRedirect(`${window.location.pathname}${window.location.search}`, isLoggedIn()) === null)
    for (const match of router.state.matches)
      (match.route.handle as RouteHandle | undefined)?.page?.preload();
}
