import {
  type HeldRoles,
  type LoginReason,
  landingArea,
  MOBILE_PATTERN,
  permissionsByModule,
  roleName,
  type User,
  type UserPermission,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { SessionCache } from '#server/platform/auth/session-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { hashToken, newToken } from '#server/platform/auth/tokens.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { nowIso } from '#server/platform/time.ts';
import type { CheckPassword, SettingsOf } from '../company-settings/index.ts';
import { accountRepository as repo, type UserRow } from './account.repository.ts';
import type { Familiarity, LoginLimiter } from './login-limiter.ts';
import { hashPassword, verifyPassword } from './password.ts';

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    real_name: row.real_name,
    role: row.role,
    role_name: roleName(row.role),
    company_id: row.company_id,
    company_name: row.company_name,
    company_address: row.company_address,
    group_id: row.group_id,
    group_name: row.group_name ?? '',
    position_id: row.position_id,
    position_name: row.position_name ?? '',
    avatarUrl: row.avatar_url,
    main_bg: row.main_bg,
    mobile: row.mobile,
    email: row.email,
    must_change_password: row.must_change_password,
  };
}

/** How long an address a user logged in from counts as theirs, and a browser they used as known. */
const KNOWN_ADDRESS_DAYS = 90;
const KNOWN_DEVICE_DAYS = 365;
const passwordCheckKey = (userId: number) => `password-check:${userId}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

export interface AccountDeps {
  db: Database;
  limiter: LoginLimiter;
  /** Counts the old-password checks of a password change. */
  counters: Counters;
  /** Old-password failures per user and window before the session is ended. */
  passwordChecks: { max: number; windowMs: number };
  permissions: PermissionCache;
  sessions: SessionCache;
  /** The company's settings (company-settings): session length, login variants. */
  settingsOf: SettingsOf;
  /** The company's password rule (company-settings). */
  checkPassword: CheckPassword;
}

export function accountService({
  db,
  limiter,
  counters,
  passwordChecks,
  permissions,
  sessions,
  settingsOf,
  checkPassword,
}: AccountDeps) {
  /** Whether the client is known to the account: a browser it logged in from, an address it used. */
  async function familiarity(
    row: UserRow | undefined,
    ip: string,
    device: string | undefined,
  ): Promise<Familiarity> {
    if (!row) return { kind: 'stranger' };
    const deviceHash = device ? hashToken(device) : undefined;
    if (deviceHash && (await repo.isKnownDevice(db, deviceHash, row.id)))
      return { kind: 'device', device: deviceHash };
    if (await repo.loggedInFrom(db, row.company_id, row.id, ip, daysAgo(KNOWN_ADDRESS_DAYS)))
      return { kind: 'address' };
    return { kind: 'stranger' };
  }

  /**
   * A new session for a user who proved who they are (login, registration), as long as the
   * company's `session_hours`; with `single_session` on, the user's other sessions end with it.
   * `ttlMs` is the session cookie's age.
   */
  async function openSession(
    row: UserRow,
    client: { ip: string; userAgent: string },
    alsoDo?: (trx: Database) => Promise<unknown>,
  ) {
    const settings = await settingsOf(row.company_id);
    const ttlMs = settings.session_hours * 3600_000;
    const token = newToken();
    const id = hashToken(token);
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.createSession(trx, {
        id,
        userId: row.id,
        companyId: row.company_id,
        now,
        expiresAt: new Date(Date.now() + ttlMs).toISOString(),
        ip: client.ip,
        ua: client.userAgent.slice(0, 300),
      });
      if (settings.single_session === 1) await repo.deleteOtherSessions(trx, row.id, id);
      await alsoDo?.(trx);
    });
    if (settings.single_session === 1) sessions.forgetUser(row.id);
    return { token, login_time: now, user: toUser(row), ttlMs };
  }

  /**
   * The user a login names: by user name, or — where their company allows it (`login_name`
   * username_or_mobile) — by their mobile number. A company that does not allow it answers as for
   * an unknown user.
   */
  async function loginUser(name: string) {
    const byName = await repo.findByUsername(db, name);
    if (byName || !MOBILE_PATTERN.test(name)) return byName;
    const byMobile = await repo.findByMobile(db, name);
    if (!byMobile) return undefined;
    const settings = await settingsOf(byMobile.company_id).catch(() => undefined);
    return settings?.login_name === 'username_or_mobile' ? byMobile : undefined;
  }

  /** Stores a new password hash and ends the user's sessions (all, or all but `keepSessionId`). */
  async function setPassword(
    companyId: number,
    userId: number,
    passwordHash: string,
    keepSessionId?: string,
  ) {
    await db.transaction().execute(async (trx) => {
      await repo.setPasswordHash(trx, companyId, userId, passwordHash, nowIso());
      if (keepSessionId === undefined) await repo.deleteSessionsOfUser(trx, userId);
      else await repo.deleteOtherSessions(trx, userId, keepSessionId);
    });
    sessions.forgetUser(userId);
  }

  return {
    openSession,

    /**
     * Checks the password under the lock-out (login-limiter.ts) and opens a session. `device` is the
     * browser's device cookie; the answer carries the one to set (the same, or a new one).
     */
    async login(input: {
      username: string;
      password: string;
      ip: string;
      userAgent: string;
      device?: string;
    }) {
      const now = nowIso();
      const log = (row: UserRow | undefined, success: boolean, reason: LoginReason, conn: Database = db) =>
        repo.logLogin(conn, {
          companyId: row?.company_id ?? null,
          userId: row?.id ?? null,
          username: input.username,
          ip: input.ip,
          ua: input.userAgent,
          success,
          reason,
          now,
        });

      const row = await loginUser(input.username);
      const attempt = await limiter.admit(
        input.username,
        input.ip,
        await familiarity(row, input.ip, input.device),
      );
      if (!attempt) {
        await log(row, false, 'locked');
        throw new AppError('LOGIN_LOCKED');
      }
      const ok = await verifyPassword(row?.password_hash, input.password);
      if (!row || !ok) {
        await log(row, false, 'bad_credentials');
        throw new AppError('LOGIN_FAILED');
      }
      // Proving the password also clears the old-password checks of password changes.
      await Promise.all([attempt.succeeded(), counters.reset(passwordCheckKey(row.id))]);
      if (row.status !== 1) {
        await log(row, false, 'disabled');
        throw new AppError('ACCOUNT_DISABLED');
      }
      const device = input.device && /^[\w-]{43}$/.test(input.device) ? input.device : newToken();
      const session = await openSession(row, input, async (trx) => {
        await log(row, true, 'ok', trx);
        await repo.rememberDevice(trx, hashToken(device), row.id, now);
      });
      return { ...session, device };
    },

    async quit(caller: Caller) {
      await repo.deleteSession(db, caller.sessionId);
      sessions.forget(caller.sessionId);
    },

    async info(caller: Caller) {
      const row = await repo.findWithLoginTime(db, caller.companyId, caller.userId, caller.sessionId);
      if (!row) throw new AppError('NOT_LOGGED_IN');
      // The role the session acts in (it may have switched).
      return { user: toUser({ ...row, role: caller.role }), login_time: row.login_time ?? '' };
    },

    /** The caller's roles, each with the area it lands in, and the one the session acts in. */
    async roles(caller: Caller): Promise<HeldRoles> {
      const held = await repo.heldRoles(db, caller.companyId, caller.userId);
      return {
        current: caller.role,
        roles: held.map((role) => ({ role, role_name: roleName(role), area: landingArea(role) })),
      };
    },

    /**
     * Switches the session to another role the user holds: from the next request on, its
     * permissions, menu and landing are that role's (this process forgets the cached session at
     * once; others within the cache's time, ADR 0005). Other sessions of the user keep theirs.
     */
    async switchRole(caller: Caller, role: number) {
      const held = await repo.heldRoles(db, caller.companyId, caller.userId);
      if (!held.includes(role)) throw new AppError('ROLE_NOT_HELD', undefined, 'role');
      await repo.setSessionRole(db, caller.sessionId, role);
      sessions.forget(caller.sessionId);
      return this.info({ ...caller, role });
    },

    /**
     * Changing the password ends every other session of the user. The old password may be guessed
     * `passwordChecks.max` times per window; the failure that reaches it ends the session too.
     */
    async updatePassword(caller: Caller, oldPassword: string, newPassword: string) {
      const row = await repo.findById(db, caller.companyId, caller.userId);
      if (!row) throw new AppError('NOT_LOGGED_IN');
      const key = passwordCheckKey(caller.userId);
      const tries = await counters.hit(key, passwordChecks.windowMs);
      if (tries > passwordChecks.max || !(await verifyPassword(row.password_hash, oldPassword))) {
        if (tries < passwordChecks.max) throw new AppError('OLD_PASSWORD_WRONG', undefined, 'old_password');
        await repo.deleteSession(db, caller.sessionId);
        sessions.forget(caller.sessionId);
        throw new AppError('NOT_LOGGED_IN', '原密码错误次数过多，请重新登录');
      }
      await counters.reset(key);
      if (oldPassword === newPassword) throw new AppError('PASSWORD_SAME', undefined, 'new_password');
      await checkPassword(caller.companyId, newPassword, 'new_password', '新密码');
      await setPassword(caller.companyId, caller.userId, await hashPassword(newPassword), caller.sessionId);
    },

    setPassword,
    checkPassword,

    async permission(caller: Caller): Promise<UserPermission> {
      return permissionsByModule(await permissions.codenames(caller));
    },

    /** Expired sessions, and browsers not used for a year. */
    async sweepExpiredSessions() {
      await repo.deleteExpiredSessions(db, nowIso());
      await repo.forgetDevicesUnusedSince(db, daysAgo(KNOWN_DEVICE_DAYS));
    },

    async loginLogs(caller: Caller, p: PageParams) {
      return repo.loginLogsOfUser(db, caller.companyId, caller.userId, p);
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
