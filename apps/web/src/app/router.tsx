import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyPage } from './lazy.ts';
import { screensOf } from './routes/access.ts';
import { AREAS, NOT_FOUND_PAGE, PUBLIC_PAGES } from './routes/table.ts';
import { LazyView } from './shell/LazyView.tsx';
import { RequireAuth } from './shell/RequireAuth.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { AreaIndex, ScreenGate } from './shell/ScreenGate.tsx';

/** The area frame is its own chunk, so the login page does not carry it. */
const areaShell = lazyPage(() => import('./shell/AreaShell.tsx'), 'AreaShell');

const notFound: RouteObject = {
  path: '*',
  element: <LazyView page={NOT_FOUND_PAGE} />,
  handle: { title: '页面不存在' },
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
            handle: { title: p.title },
          }),
        ),
        ...AREAS.map(
          (area): RouteObject => ({
            path: area.path,
            element: (
              <RequireAuth>
                <LazyView page={areaShell} area={area} />
              </RequireAuth>
            ),
            handle: { title: area.title },
            children: [
              { index: true, element: <AreaIndex area={area} /> },
              ...screensOf(area.children).map(
                (screen): RouteObject => ({
                  path: screen.path,
                  element: <ScreenGate area={area} screen={screen} />,
                  handle: { title: screen.title },
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
