import { Navigate } from 'react-router';
import { lazyPage } from '#web/app/lazy.ts';
import { areaIndexTarget, canAccess, PASSWORD_SCREEN } from '#web/app/routes/access.ts';
import type { AreaEntry, ScreenEntry } from '#web/app/routes/types.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { usePermission } from '#web/shared/usePermission.ts';
import { LazyView } from './LazyView.tsx';

/** The 403 page is rare: its own chunk (antd Result with its pictures stays out of the entry). */
const forbidden = lazyPage(() => import('./Forbidden.tsx'), 'Forbidden');

/** Whether an administrator reset the user's password: every screen but 修改密码 waits for a new one. */
const useMustChangePassword = () => useUserInfo()?.must_change_password === 1;

/** A screen the user may see, or 403. Waits for the first permission answer. */
export function ScreenGate({ area, screen }: { area: AreaEntry; screen: ScreenEntry }) {
  const { perm, ready } = usePermission();
  const mustChange = useMustChangePassword();
  if (mustChange && screen.path !== PASSWORD_SCREEN)
    return <Navigate to={`${area.path}/${PASSWORD_SCREEN}`} replace />;
  if (!ready) return <PageSpin />;
  if (!canAccess(screen.access, perm)) return <LazyView page={forbidden} back={area.path} />;
  return <LazyView page={screen.page} />;
}

/** The area index: the role's own screen, else the spec's first screen, else the first allowed one. */
export function AreaIndex({ area }: { area: AreaEntry }) {
  const { perm, ready } = usePermission();
  const role = useUserInfo()?.role;
  const mustChange = useMustChangePassword();
  if (mustChange) return <Navigate to={`${area.path}/${PASSWORD_SCREEN}`} replace />;
  if (!ready) return <PageSpin />;
  return <Navigate to={areaIndexTarget(area, perm, role)} replace />;
}
