import { createBrowserRouter, type RouteObject } from 'react-router';
import { queryClient } from '#web/shared/queryClient.ts';
import { RequireLogin } from '#web/shared/RequireLogin.tsx';
import { isLoggedIn } from '#web/shared/session.ts';
import { companyQuery } from '#web/shared/useCompany.ts';
import { guardRedirect } from './guard.ts';
import { type LazyPage, lazyPage } from './lazy.ts';
import { screensOf } from './routes/access.ts';
import { AREAS, NOT_FOUND_PAGE, PUBLIC_PAGES } from './routes/table.ts';
import { LazyView } from './shell/LazyView.tsx';
import { APP_FRAME, RootLayout } from './shell/RootLayout.tsx';
import { AreaIndex, ScreenGate } from './shell/ScreenGate.tsx';

/** What a route carries: its title (document title) and the lazy page it shows. */
export interface RouteHandle {
  title: string;
  page?: LazyPage;
  /** The page sets the document title itself; the root layout does not write `title`. */
  ownTitle?: boolean;
}

/** The area frame is its own chunk, so the login page does not carry it. */
const areaShell = lazyPage(() => import('./shell/AreaShell.tsx'), 'AreaShell');

const notFound: RouteObject = {
  path: '*',
  element: <LazyView page={NOT_FOUND_PAGE} />,
  handle: { title: '页面不存在', page: NOT_FOUND_PAGE } satisfies RouteHandle,
};

/** React Router objects generated from the one route table. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        ...PUBLIC_PAGES.map(
          (p): RouteObject => ({
            path: p.path,
            element: <LazyView page={p.page} />,
            handle: { title: p.title, page: p.page, ownTitle: p.ownTitle } satisfies RouteHandle,
          }),
        ),
        ...AREAS.map(
          (area): RouteObject => ({
            path: area.path,
            element: (
              <RequireLogin>
                <LazyView page={areaShell} area={area} />
              </RequireLogin>
            ),
            handle: { title: area.title, page: areaShell } satisfies RouteHandle,
            children: [
              { index: true, element: <AreaIndex area={area} /> },
              ...screensOf(area.children).map(
                (screen): RouteObject => ({
                  path: screen.path,
                  element: <ScreenGate area={area} screen={screen} />,
                  handle: { title: screen.title, page: screen.page } satisfies RouteHandle,
                }),
              ),
              notFound,
            ],
          }),
        ),
        notFound,
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());

/**
 * The first screen needs the app frame and the pages its route matches, each in its own chunk,
 * and the company every page shows: start them all now, together, instead of one after the
 * other as the pages render.
 */
APP_FRAME.preload();
void queryClient.prefetchQuery(companyQuery());
// Not the pages of a protected path for a visitor: the login guard sends them to /login instead.
if (guardRedirect(`${window.location.pathname}${window.location.search}`, isLoggedIn()) === null)
  for (const match of router.state.matches) (match.route.handle as RouteHandle | undefined)?.page?.preload();
