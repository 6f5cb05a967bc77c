import { accountCalls as calls } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, SESSION_COOKIE } from '#server/platform/auth/tokens.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { AccountService } from './account.service.ts';

/** The HttpOnly session cookie that a login or a registration sets. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlMs: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(ttlMs / 1000),
  });
}

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function accountRoutes(app: App, account: AccountService) {
  serve(app, calls.login, async ({ input, request, reply }) => {
    const result = await account.login({
      username: input.username,
      password: input.password,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      device: request.cookies[DEVICE_COOKIE],
    });
    setSessionCookie(request, reply, result.token, result.ttlMs);
    reply.setCookie(DEVICE_COOKIE, result.device, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: 365 * 86_400,
    });
    return { token: result.token, login_time: result.login_time, user: result.user };
  });
  serve(app, calls.quit, async ({ caller, reply }) => {
    await account.quit(caller);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });
  serve(app, calls.updatePassword, async ({ input, caller }) => {
    await account.updatePassword(caller, input.old_password, input.new_password);
    return null;
  });
  serve(app, calls.permission, ({ caller }) => account.permission(caller));
  serve(app, calls.info, ({ caller }) => account.info(caller));
  serve(app, calls.roles, ({ caller }) => account.roles(caller));
  serve(app, calls.switchRole, ({ input, caller }) => account.switchRole(caller, input.role));
  serve(app, calls.loginLog, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await account.loginLogs(caller, p), p);
  });
}
