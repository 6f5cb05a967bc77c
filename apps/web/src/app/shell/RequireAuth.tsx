import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { guardRedirect } from '#web/app/guard.ts';
import { useLoggedIn } from '#web/shared/session.ts';

/** The login guard of `requiresAuth` entries. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  const to = guardRedirect(`${pathname}${search}`, loggedIn);
  return to ? <Navigate to={to} replace /> : children;
}
