import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '#web/app/guard.ts';
import { useLoggedIn } from '#web/shared/session.ts';

/** A public page that needs a member: logged out → /login?redirect=<this page with its query>. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  return children;
}
