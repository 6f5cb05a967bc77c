import { landingArea, MEMBER_ROLE } from '@portal/contract';
import { safeRedirect } from '#web/app/guard.ts';

/** Where the login form is: the general one, the staff one (办公登录) or the purchase one (采购登录). */
export type LoginVariant = 'general' | 'oa' | 'purchase';

/** The member's own page. */
export const WORKBENCH_PATH = '/Workbench';
const PURCHASER_ROLE = 14;

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
 * Where to go after logging in: a safe `redirect` always wins; else a member (role 15) goes to the
 * workbench, a purchaser logging in at 采购登录 to the shop back office (/crm), and everyone else
 * to their role's area.
 */
export function landingAfterLoginFor(
  variant: LoginVariant,
  redirect: string | null | undefined,
  role: number,
): string {
  const target = safeRedirect(redirect);
  if (target && !NOT_AFTER_LOGIN.has(target.split(/[?#]/, 1)[0] ?? '')) return target;
  if (role === MEMBER_ROLE) return WORKBENCH_PATH;
  if (variant === 'purchase' && role === PURCHASER_ROLE) return '/crm';
  return `/${landingArea(role)}`;
}
