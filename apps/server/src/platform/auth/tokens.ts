import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'sessionid';
/** A browser that logged in before (HttpOnly, sent only to the login call): the lock-out trusts it. */
export const DEVICE_COOKIE = 'portal_device';
export const DEVICE_COOKIE_PATH = '/api/account/login';

/** The browser holds the token; the database holds only its hash. */
export function newToken() {
  return randomBytes(32).toString('base64url');
}
export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}
/** `Authorization: Token <t>` (DRF style) or `Bearer <t>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^(?:Token|Bearer)\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m?.[1];
}
