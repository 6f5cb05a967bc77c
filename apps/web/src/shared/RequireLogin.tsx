import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPath, useLoggedIn } from './session.ts';

/**
 * The login guard of protected areas and of public pages that need a user: logged out →
 * /login?redirect=<this page with its query>.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  return children;
}
