import { landingArea } from '@portal/contract';
import { ROUTES } from './routes/table.ts';

/** Path prefixes of the `requiresAuth` entries of the route table. */
export const PROTECTED_PREFIXES: readonly string[] = ROUTES.flatMap((r) =>
  r.kind === 'area' && r.requiresAuth ? [r.path] : [],
);

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export const loginPath = (redirect: string) => `/login?redirect=${encodeURIComponent(redirect)}`;

/**
 * The login guard (spec §2): a visitor without the auth cookie who asks for a protected path is sent
 * to /login with the wanted path (query included) as `redirect`. `null` means: stay.
 */
export function guardRedirect(pathWithSearch: string, loggedIn: boolean): string | null {
  if (loggedIn) return null;
  const pathname = pathWithSearch.split(/[?#]/, 1)[0] ?? '';
  return isProtectedPath(pathname) ? loginPath(pathWithSearch) : null;
}

const PROBE_ORIGIN = 'http://portal.invalid';

/** A same-origin path from a `redirect` query, or null for anything that could leave the site. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where to go after login: the redirect when it is safe (and not the login page), else the role's area. */
export function landingAfterLogin(redirect: string | null | undefined, role: number): string {
  const target = safeRedirect(redirect);
  if (target && target.split(/[?#]/, 1)[0] !== '/login') return target;
  return `/${landingArea(role)}`;
}
