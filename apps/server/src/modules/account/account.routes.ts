import {
  envelope,
  loginBody,
  loginLogQuery,
  loginLogSchema,
  loginResult,
  pageOf,
  passwordUpdateBody,
  quitBody,
  sessionInfo,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, SESSION_COOKIE } from '#server/platform/auth/tokens.ts';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, callerOf, ok, pageReply } from '#server/platform/http/reply.ts';
import type { AccountService } from './account.service.ts';

const permissionShape = z.record(z.string(), z.array(z.object({ codename: z.string(), name: z.string() })));

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

export function accountRoutes(app: App, account: AccountService, sessionTtlMs: number) {
  app.post(
    '/account/login',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['account'],
        summary: '登录',
        body: loginBody,
        response: { 200: envelope(loginResult) },
      },
    },
    async (request, reply) => {
      const result = await account.login({
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        device: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(request, reply, result.token, sessionTtlMs);
      reply.setCookie(DEVICE_COOKIE, result.device, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 365 * 86_400,
      });
      return ok({ token: result.token, login_time: result.login_time, user: result.user });
    },
  );

  app.post(
    '/account/quit',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['account'],
        summary: '退出登录',
        body: quitBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await account.quit(callerOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null);
    },
  );

  app.post(
    '/account/password/update',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['account'],
        summary: '修改密码',
        body: passwordUpdateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await account.updatePassword(callerOf(request), request.body.old_password, request.body.new_password);
      return ok(null);
    },
  );

  app.get(
    '/account/permission',
    {
      config: { access: { login: true } },
      schema: { tags: ['account'], summary: '当前用户权限', response: { 200: envelope(permissionShape) } },
    },
    async (request) => ok(await account.permission(callerOf(request))),
  );

  app.get(
    '/account/info',
    {
      config: { access: { login: true } },
      schema: { tags: ['account'], summary: '当前用户信息', response: { 200: envelope(sessionInfo) } },
    },
    async (request) => ok(await account.info(callerOf(request))),
  );

  app.get(
    '/account/login/log',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['account'],
        summary: '我的登录记录',
        querystring: loginLogQuery,
        response: { 200: envelope(pageOf(loginLogSchema)) },
      },
    },
    async (request) => {
      const p = pageParams(request.query);
      const { count, rows } = await account.loginLogs(callerOf(request), p);
      return pageReply({ count, results: rows.map((r) => ({ ...r, create_time: r.created_at })) }, p);
    },
  );
}
