import type { RouteObject } from 'react-router';
import { RequireLogin } from '#web/shared/RequireLogin.tsx';
import { type LazyPage, lazyPage } from './lazy.ts';
import { isOutsideScreen, screensOf } from './routes/access.ts';
import { AREAS, NOT_FOUND_PAGE, PUBLIC_PAGES } from './routes/table.ts';
import { LazyView } from './shell/LazyView.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { AreaIndex, ScreenGate } from './shell/ScreenGate.tsx';

/** What a route carries: its title (document title) and the lazy page it shows. */
export interface RouteHandle {
  title: string;
  page?: LazyPage;
  /** The page sets the document title itself; the root layout does not write `title`. */
  ownTitle?: boolean;
  /** The server renders this page for a visitor without a session (entry-server.tsx). */
  serverRendered?: boolean;
  /** A back-office area (and so each of its screens): the title names the user's company too. */
  backOffice?: boolean;
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
            handle: {
              title: p.title,
              page: p.page,
              ownTitle: p.ownTitle,
              serverRendered: p.serverRendered,
            } satisfies RouteHandle,
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
            handle: { title: area.title, page: areaShell, backOffice: true } satisfies RouteHandle,
            children: [
              { index: true, element: <AreaIndex area={area} /> },
              ...screensOf(area.children)
                .filter((screen) => !isOutsideScreen(screen))
                .map(
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
        // A screen the specification routes outside its area's path, in the area's frame.
        ...AREAS.flatMap((area) =>
          screensOf(area.children)
            .filter(isOutsideScreen)
            .map(
              (screen): RouteObject => ({
                path: screen.path,
                element: (
                  <RequireLogin>
                    <LazyView page={areaShell} area={area} />
                  </RequireLogin>
                ),
                handle: { title: area.title, page: areaShell, backOffice: true } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    element: <ScreenGate area={area} screen={screen} />,
                    handle: { title: screen.title, page: screen.page } satisfies RouteHandle,
                  },
                ],
              }),
            ),
        ),
        notFound,
      ],
    },
  ];
}
