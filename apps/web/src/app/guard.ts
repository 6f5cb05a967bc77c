import { landingArea, MEMBER_ROLE } from '@portal/contract';
import { loginPath } from '#web/shared/session.ts';
import { ROUTES } from './routes/table.ts';

/** Path prefixes of the `requiresAuth` entries of the route table. */
export const PROTECTED_PREFIXES: readonly string[] = ROUTES.flatMap((r) =>
  r.kind === 'area' && r.requiresAuth ? [r.path] : [],
);

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

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

/**
 * A same-origin path from a `redirect` query, or null for anything that could leave the site. The
 * check is made on the path as the browser and the router would normalise it: `/.//host`,
 * `/..//host`, `/%2e//host` and backslashes all become `//host`, a path to another host.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.includes('\\')) return null;
  try {
    const url = new URL(raw, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
    const decoded = decodeURIComponent(url.pathname);
    if (decoded.startsWith('//') || decoded.includes('\\')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The member's own page. */
export const WORKBENCH_PATH = '/Workbench';

/** Pages a login must never land on again (they would show the login or leave the session). */
const NOT_AFTER_LOGIN = new Set([
  '/login',
  '/loginIndex',
  '/loginOa',
  '/loginPurchase',
  '/loginOut',
  '/register',
  '/forgotPassword',
]);

/**
 * Where to go after logging in: a safe `redirect` always wins (not a login page); else a member
 * (role 15) goes to the workbench and everyone else to their role's area.
 */
export function landingAfterLogin(redirect: string | null | undefined, role: number): string {
  const target = safeRedirect(redirect);
  if (target && !NOT_AFTER_LOGIN.has(target.split(/[?#]/, 1)[0] ?? '')) return target;
  if (role === MEMBER_ROLE) return WORKBENCH_PATH;
  return `/${landingArea(role)}`;
}
