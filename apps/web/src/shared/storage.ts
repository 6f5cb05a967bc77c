import type { UserPermission } from '@portal/contract';

/** One shared prefix for the app's own keys (spec §3). */
export const STORAGE_PREFIX = 'portal_';

const local = {
  user: `${STORAGE_PREFIX}user`,
  cart: `${STORAGE_PREFIX}cart`,
  /** The guest cart's merge key (`/cart/merge` adds a guest cart once per key). */
  cart_key: `${STORAGE_PREFIX}cart_key`,
  address: `${STORAGE_PREFIX}address`,
  exp_param: `${STORAGE_PREFIX}exp_param`,
  /** A visitor's random id and the companies it has greeted (`/guest/welcome`, ADR 0027). */
  guest: `${STORAGE_PREFIX}guest`,
  /** The spec names these two plainly: `rules` and `token` in local storage. */
  rules: 'rules',
  token: 'token',
} as const;

const session = {
  flow_step: `${STORAGE_PREFIX}flow_step`,
  current_role: `${STORAGE_PREFIX}current_role`,
} as const;

export const STORAGE_KEYS = { ...local, ...session } as const;
export type LocalKey = keyof typeof local;
export type SessionKey = keyof typeof session;

/**
 * A random key for the browser's own records (the visitor id, the guest cart's merge key): a UUID,
 * or without `crypto.randomUUID` (a page not served over HTTPS) time and random letters; 16–64
 * letters, digits and `-` either way.
 */
export const randomKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The login/auth record (spec §3). Never holds the password. */
export interface AuthRecord {
  company_id: number;
  username: string;
  group_name: string;
  login_type: number;
  avatarUrl: string;
  remember: boolean;
  real_name: string;
  id: number;
  login_time: string;
}

/** This browser as a visitor of the public pages: its id and the companies that recorded it. */
export interface GuestRecord {
  id: string;
  welcomed: number[];
}

interface LocalValues {
  user: AuthRecord;
  cart: unknown;
  cart_key: string;
  address: unknown;
  exp_param: unknown;
  guest: GuestRecord;
  rules: UserPermission;
  token: string;
}
interface SessionValues {
  flow_step: number;
  /** The role the session acts in, after switching (spec §3 `current_role`). */
  current_role: number;
}

/** The browser's store; none while the server renders a page (local storage is the browser's). */
function browserStore(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  return typeof window === 'undefined' ? null : window[kind];
}

function read<T>(store: Storage | null, key: string): T | null {
  try {
    const raw = store?.getItem(key) ?? null;
    return raw == null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(store: Storage | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working without persistence.
  }
}

export const storage = {
  get<K extends LocalKey>(key: K): LocalValues[K] | null {
    // The token is kept as the plain string so other tools can read and set it as is.
    if (key === 'token')
      return (browserStore('localStorage')?.getItem(local.token) ?? null) as LocalValues[K] | null;
    return read(browserStore('localStorage'), local[key]);
  },
  set<K extends LocalKey>(key: K, value: LocalValues[K]): void {
    if (key === 'token') browserStore('localStorage')?.setItem(local.token, String(value));
    else write(browserStore('localStorage'), local[key], value);
  },
  remove(key: LocalKey): void {
    browserStore('localStorage')?.removeItem(local[key]);
  },
};

export const sessionStore = {
  get<K extends SessionKey>(key: K): SessionValues[K] | null {
    return read(browserStore('sessionStorage'), session[key]);
  },
  set<K extends SessionKey>(key: K, value: SessionValues[K]): void {
    write(browserStore('sessionStorage'), session[key], value);
  },
  remove(key: SessionKey): void {
    browserStore('sessionStorage')?.removeItem(session[key]);
  },
};
