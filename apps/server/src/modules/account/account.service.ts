import {
  type LoginReason,
  PERMISSIONS,
  type PermissionModule,
  roleName,
  type User,
  type UserPermission,
} from '@portal/contract';
import type { PermissionCache } from '../../platform/auth/permission-cache.ts';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { Caller } from '../../platform/auth/session-user.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { PageParams } from '../../platform/http/reply.ts';
import { nowIso } from '../../platform/time.ts';
import { accountRepository as repo, type UserRow } from './account.repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
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
  };
}

export interface AccountDeps {
  db: Database;
  limiter: LoginLimiter;
  permissions: PermissionCache;
  sessions: SessionCache;
  sessionTtlMs: number;
}

export function accountService({ db, limiter, permissions, sessions, sessionTtlMs }: AccountDeps) {
  /** A new session for a user who proved who they are (login, registration). */
  async function openSession(
    row: UserRow,
    client: { ip: string; userAgent: string },
    alsoDo?: (trx: Database) => Promise<unknown>,
  ) {
    const token = newToken();
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.createSession(trx, {
        id: hashToken(token),
        userId: row.id,
        companyId: row.company_id,
        now,
        expiresAt: new Date(Date.now() + sessionTtlMs).toISOString(),
        ip: client.ip,
        ua: client.userAgent.slice(0, 300),
      });
      await alsoDo?.(trx);
    });
    return { token, login_time: now, user: toUser(row) };
  }

  /** Stores a new password hash and ends the user's sessions (all, or all but `keepSessionId`). */
  async function setPassword(userId: number, passwordHash: string, keepSessionId?: string) {
    await db.transaction().execute(async (trx) => {
      await repo.setPasswordHash(trx, userId, passwordHash, nowIso());
      if (keepSessionId === undefined) await repo.deleteSessionsOfUser(trx, userId);
      else await repo.deleteOtherSessions(trx, userId, keepSessionId);
    });
    sessions.forgetUser(userId);
  }

  return {
    openSession,

    async login(input: { username: string; password: string; ip: string; userAgent: string }) {
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

      if (limiter.isLocked(input.username, input.ip)) {
        await log(undefined, false, 'locked');
        throw new AppError('LOGIN_LOCKED');
      }
      const row = await repo.findByUsername(db, input.username);
      const ok = await verifyPassword(row?.password_hash, input.password);
      if (!row || !ok) {
        limiter.recordFailure(input.username, input.ip);
        await log(row, false, 'bad_credentials');
        throw new AppError('LOGIN_FAILED');
      }
      if (row.status !== 1) {
        await log(row, false, 'disabled');
        throw new AppError('ACCOUNT_DISABLED');
      }
      limiter.recordSuccess(input.username);
      return openSession(row, input, (trx) => log(row, true, 'ok', trx));
    },

    async quit(caller: Caller) {
      await repo.deleteSession(db, caller.sessionId);
      sessions.forget(caller.sessionId);
    },

    async info(caller: Caller) {
      const row = await repo.findWithLoginTime(db, caller.userId, caller.sessionId);
      if (!row) throw new AppError('NOT_LOGGED_IN');
      return { user: toUser(row), login_time: row.login_time ?? '' };
    },

    /** Changing the password ends every other session of the user. */
    async updatePassword(caller: Caller, oldPassword: string, newPassword: string) {
      const row = await repo.findById(db, caller.userId);
      if (!row) throw new AppError('NOT_LOGGED_IN');
      if (!(await verifyPassword(row.password_hash, oldPassword))) {
        throw new AppError('OLD_PASSWORD_WRONG', undefined, 'old_password');
      }
      if (oldPassword === newPassword) throw new AppError('PASSWORD_SAME', undefined, 'new_password');
      await setPassword(caller.userId, await hashPassword(newPassword), caller.sessionId);
    },

    setPassword,

    async permission(caller: Caller): Promise<UserPermission> {
      const held = await permissions.codenames(caller.role);
      const result: UserPermission = {};
      for (const [mod, entries] of Object.entries(PERMISSIONS) as [
        PermissionModule,
        Record<string, string>,
      ][]) {
        const list = Object.entries(entries)
          .filter(([codename]) => held.has(codename))
          .map(([codename, name]) => ({ codename, name }));
        if (list.length > 0) result[mod] = list;
      }
      return result;
    },

    async sweepExpiredSessions() {
      await repo.deleteExpiredSessions(db, nowIso());
    },

    async loginLogs(caller: Caller, p: PageParams) {
      return repo.loginLogsOfUser(db, caller.userId, p);
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
