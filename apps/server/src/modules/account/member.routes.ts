import {
  envelope,
  loginResult,
  pageOf,
  passwordFindBody,
  profileUpdateBody,
  registerBody,
  sendCodeBody,
  sendCodeResult,
  sessionInfo,
  smsOutboxQuery,
  smsOutboxSchema,
} from '@portal/contract';
import { z } from 'zod';
import { pageParams } from '#server/platform/core/paging.ts';
import { type App, callerOf, ok, pageReply } from '#server/platform/http/reply.ts';
import { setSessionCookie } from './account.routes.ts';
import type { MemberService } from './member.service.ts';

const tags = ['member'];
const client = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export function memberRoutes(app: App, members: MemberService, sessionTtlMs: number) {
  app.post(
    '/account/send/code',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '发送短信验证码',
        body: sendCodeBody,
        response: { 200: envelope(sendCodeResult) },
      },
    },
    async (request) => ok(await members.sendCode(request.body, client(request))),
  );
  app.post(
    '/account/register',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '会员注册（成功即登录）',
        body: registerBody,
        response: { 200: envelope(loginResult) },
      },
    },
    async (request, reply) => {
      const result = await members.register(request.body, client(request));
      setSessionCookie(request, reply, result.token, sessionTtlMs);
      return ok(result);
    },
  );
  app.post(
    '/account/password/find',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '短信验证码找回密码',
        body: passwordFindBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await members.findPassword(request.body, client(request));
      return ok(null);
    },
  );
  app.post(
    '/account/profile/update',
    {
      config: { access: { login: true } },
      schema: {
        tags,
        summary: '修改个人资料',
        body: profileUpdateBody,
        response: { 200: envelope(sessionInfo) },
      },
    },
    async (request) => ok(await members.updateProfile(callerOf(request), request.body)),
  );
  app.get(
    '/sms/outbox/',
    {
      config: { access: { permission: 'view_sms_outbox' } },
      schema: {
        tags,
        summary: '短信发件箱（内置短信通道）',
        querystring: smsOutboxQuery,
        response: { 200: envelope(pageOf(smsOutboxSchema)) },
      },
    },
    async (request) => {
      const p = pageParams(request.query);
      return pageReply(await members.outbox(callerOf(request), request.query.mobile, p), p);
    },
  );
}
