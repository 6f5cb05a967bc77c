import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { isOldIE } from '#web/app/browser.ts';
import { layoutForPath } from '#web/app/layout.ts';
import { lazyPage } from '#web/app/lazy.ts';
import type { RouteHandle } from '#web/app/routeObjects.tsx';
import { useGuestWelcome } from '#web/modules/guest/useGuestWelcome.ts';
import { isLoggedIn, useUserInfo } from '#web/shared/session.ts';
import { SkipLink } from '#web/shared/ui/SkipLink.tsx';
import { useCompany } from '#web/shared/useCompany.ts';
import { permissionKeys, usePermission } from '#web/shared/usePermission.ts';
import { documentTitle } from './documentTitle.ts';
import { LazyView } from './LazyView.tsx';

export const WARNING_PATH = '/browser-warning';

/** antd's App around every page, in its own chunk; router.tsx starts it together with the first page. */
export const APP_FRAME = lazyPage(() => import('./AppFrame.tsx'), 'AppFrame');

/** Refetch the permissions on every route change while logged in (spec §4). */
function usePermissionSync(pathname: string): void {
  usePermission();
  const qc = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (pathname && isLoggedIn()) void qc.invalidateQueries({ queryKey: permissionKeys.all });
  }, [pathname, qc]);
}

/**
 * The route table's title, unless the page always writes its own (`ownTitle`, see useDocumentHead);
 * a back-office page's carries the company's name too (`documentTitle`). A layout effect, so a page
 * that sets its title only once its data is there (a microsite) still writes after it within the
 * same commit.
 */
function useDocumentTitle(companyName: string | undefined): void {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const backOffice = matches.some((m) => (m.handle as RouteHandle | undefined)?.backOffice);
  useLayoutEffect(() => {
    if (handle?.ownTitle) return;
    document.title = documentTitle(handle?.title, backOffice ? companyName : undefined);
  }, [handle, backOffice, companyName]);
}

const cssUrl = (url: string) => `url("${url.replace(/["\\\n\r]/g, encodeURIComponent)}")`;

/** Wraps every route: old-browser check, permission refresh, page layout by path. */
export function RootLayout() {
  const { pathname } = useLocation();
  const user = useUserInfo();
  usePermissionSync(pathname);
  // A visitor's first visit to the site's company is recorded once (新访客 on the 商城管理 home).
  const company = useCompany();
  // The user's company as it is now (renamed since the login), as the top bar names it.
  const own = company.data && company.data.id === user?.company_id ? company.data : null;
  useDocumentTitle(own?.company_name || user?.company_name);
  useGuestWelcome(company.data?.id, user !== null || pathname === WARNING_PATH);

  // The server renders no old-browser check (no navigator there; it sends such browsers nothing special).
  if (pathname !== WARNING_PATH && typeof navigator !== 'undefined' && isOldIE(navigator.userAgent))
    return <Navigate to={WARNING_PATH} replace />;

  const layout = layoutForPath(pathname);
  const style: CSSProperties | undefined =
    layout === 'full' && user?.main_bg ? { backgroundImage: cssUrl(user.main_bg) } : undefined;
  return (
    <div className={`page page--${layout}`} style={style} data-layout={layout}>
      <SkipLink />
      <LazyView page={APP_FRAME} frame>
        <Outlet />
      </LazyView>
    </div>
  );
}
