import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/platform/core/errors.ts';
import type { PlatformDatabase } from '../db/database.ts';
import { type PermissionCache, permissionCache } from './permission-cache.ts';
import { SessionCache } from './session-cache.ts';
import type { Caller } from './session-user.ts';
import { hashToken, SESSION_COOKIE, tokenFromHeader } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    permissions: PermissionCache;
    sessions: SessionCache;
    /** The caller a session token opens (a WebSocket's handshake), or null. */
    callerOf(token: string, ip: string): Promise<Caller | null>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function findSession(db: PlatformDatabase, sessions: SessionCache, token: string) {
  const cached = sessions.get(token);
  if (cached) return cached;
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.expires_at', 'users.id as user_id', 'users.company_id', 'users.role'])
    .select('sessions.role as session_role')
    .select(['users.username', 'users.status', 'users.must_change_password'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (row?.status !== 1 || row.expires_at <= new Date().toISOString()) return null;
  const session = {
    userId: row.user_id,
    companyId: row.company_id,
    // The role the session switched to (docs/adr/0038 decision 3), else the one a login starts in.
    role: row.session_role ?? row.role,
    username: row.username,
    sessionId: row.id,
    expiresAt: row.expires_at,
    mustChangePassword: row.must_change_password === 1,
  };
  sessions.set(token, session);
  return session;
}

/**
 * Reads the session from the `Authorization` token or the HttpOnly cookie and enforces the route's
 * declared access before the body is validated, so an anonymous caller always gets 10003.
 * Writes need the token header: a cookie alone (as a cross-site form would send) is not enough.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: PlatformDatabase; sessionCacheMs: number }) => {
    app.decorate('permissions', permissionCache(opts.db));
    app.decorate('sessions', new SessionCache(opts.sessionCacheMs));
    app.decorateRequest('caller', null);
    app.decorate('callerOf', async (token: string, ip: string): Promise<Caller | null> => {
      const session = await findSession(opts.db, app.sessions, token);
      if (!session || session.mustChangePassword) return null;
      const { userId, companyId, role, username, sessionId } = session;
      return { userId, companyId, role, username, sessionId, ip };
    });

    app.addHook('onRequest', async (request: FastifyRequest) => {
      const access = request.routeOptions.config?.access;
      if (!access) return; // infrastructure route (docs) or 404
      // Web files are public and never need the caller: no session lookup for every asset.
      if ('public' in access && !request.url.startsWith('/api/')) return;
      const headerToken = tokenFromHeader(request.headers.authorization);
      const token = headerToken ?? request.cookies[SESSION_COOKIE];
      const session = token ? await findSession(opts.db, app.sessions, token) : null;
      request.caller = session
        ? {
            userId: session.userId,
            companyId: session.companyId,
            role: session.role,
            username: session.username,
            sessionId: session.sessionId,
            ip: request.ip,
          }
        : null;
      if ('public' in access) return;

      // The error handler answers these in the route's family (a console call: 401 AUTH_FAIL, 403).
      if (!request.caller) throw new AppError('NOT_LOGGED_IN');
      const changes = !SAFE_METHODS.has(request.method) || ('changes' in access && access.changes === true);
      if (changes && !headerToken) throw new AppError('TOKEN_REQUIRED');
      if ('permission' in access) {
        // An administrator reset the password: the account's own calls (info, the password
        // change, logout) go on, nothing else until the user has chosen a password.
        if (session?.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
        const caller = request.caller;
        const allowed = await app.permissions.has(caller, access.permission);
        if (!allowed) throw new AppError('FORBIDDEN');
      }
    });
  },
);
