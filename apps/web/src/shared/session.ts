import type { LoginResult } from '@portal/contract';
import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import { sessionValues, type UserInfo } from './sessionValues.ts';
import { sessionStore, storage } from './storage.ts';

/** The readable cookie whose presence means "logged in" (spec §2). Display data only. */
export const USER_COOKIE = 'userInfo';
const COOKIE_OPTIONS = { path: '/', sameSite: 'lax' } as const;
/** A remembered login keeps the cookie this many days; otherwise it ends with the browser. */
const REMEMBER_DAYS = 7;

export type { UserInfo };

const listeners = new Set<() => void>();
/** Told when the cookie's display data changes within a session (a profile save). */
const infoListeners = new Set<() => void>();
let cachedRaw: string | undefined;
let cachedInfo: UserInfo | null = null;

function parse(raw: string | undefined): UserInfo | null {
  if (raw === undefined) return null;
  try {
    const v = JSON.parse(raw) as Partial<UserInfo>;
    return v && typeof v === 'object' ? (v as UserInfo) : null;
  } catch {
    return null;
  }
}

let lastJar: string | undefined;
let lastRaw: string | undefined;
/**
 * The userInfo cookie's text. Read on every render of every screen that shows the user (React's
 * store snapshots), so the jar is parsed again only when it changed (parsing it each time was
 * 20–30 ms of a phone's main thread as a page hydrated).
 */
function userCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const jar = document.cookie;
  if (jar !== lastJar) {
    lastJar = jar;
    lastRaw = Cookies.get(USER_COOKIE);
  }
  return lastRaw;
}

/** Logged in means: the cookie is there, nothing more (spec §2). */
export function isLoggedIn(): boolean {
  return userCookie() !== undefined;
}

/** The parsed cookie; the same object while the cookie is unchanged (a stable store snapshot). */
export function readUserInfo(): UserInfo | null {
  const raw = userCookie();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedInfo = parse(raw);
  }
  return cachedInfo;
}

function notify(): void {
  for (const fn of listeners) fn();
}

export function onSessionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** `/login?redirect=<path>`: the login page, back to that path (query included) afterwards. */
export const loginPath = (redirect: string) => `/login?redirect=${encodeURIComponent(redirect)}`;

export function getToken(): string | null {
  return storage.get('token');
}

/** After a successful login: token, auth record and the userInfo cookie. The password is never kept. */
export function startSession(result: LoginResult, opts: { remember: boolean }): UserInfo {
  const { record, info } = sessionValues(result, opts.remember);
  storage.remove('rules'); // a previous user's cached permissions must not show for a moment
  storage.set('token', result.token);
  storage.set('user', record);
  Cookies.set(USER_COOKIE, JSON.stringify(info), {
    ...COOKIE_OPTIONS,
    ...(opts.remember ? { expires: REMEMBER_DAYS } : {}),
  });
  notify();
  return info;
}

/**
 * After a profile change: the cookie's display name (or the company's name and address, after the
 * company profile is saved) follows. Not a session change, so the session listeners (which drop
 * the user's cached queries) are not told; `useUserInfo` readers are.
 */
export function updateUserInfo(
  patch: Partial<
    Pick<UserInfo, 'real_name' | 'company_name' | 'address' | 'must_change_password' | 'role' | 'role_name'>
  >,
): void {
  const info = readUserInfo();
  if (!info) return;
  const record = storage.get('user');
  // The auth record (spec §3) keeps the name only; the company's fields live in the cookie.
  if (record && patch.real_name !== undefined) storage.set('user', { ...record, real_name: patch.real_name });
  Cookies.set(USER_COOKIE, JSON.stringify({ ...info, ...patch }), {
    ...COOKIE_OPTIONS,
    ...(record?.remember ? { expires: REMEMBER_DAYS } : {}),
  });
  for (const fn of infoListeners) fn();
}

/** Logout or session expiry: the cookie and every per-user entry go; listeners reset their state. */
export function endSession(): void {
  Cookies.remove(USER_COOKIE, COOKIE_OPTIONS);
  storage.remove('token');
  storage.remove('rules');
  storage.remove('user');
  sessionStore.remove('flow_step');
  sessionStore.remove('current_role');
  notify();
}

/** Session changes (login, logout) and changes of the user's display data. */
function onUserInfoChange(fn: () => void): () => void {
  const off = onSessionChange(fn);
  infoListeners.add(fn);
  return () => {
    off();
    infoListeners.delete(fn);
  };
}

/** The current user from the cookie, re-read on session changes and after `updateUserInfo`. */
export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(onUserInfoChange, readUserInfo, () => null);
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(onSessionChange, isLoggedIn, () => false);
}
