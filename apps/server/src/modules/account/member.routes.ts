import { memberCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import { setSessionCookie } from './account.routes.ts';
import type { MemberService } from './member.service.ts';

const client = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function memberRoutes(app: App, members: MemberService) {
  serve(app, calls.sendCode, ({ input, request }) => members.sendCode(input, client(request)));
  serve(app, calls.register, async ({ input, request, reply }) => {
    const result = await members.register(input, client(request));
    setSessionCookie(request, reply, result.token, result.ttlMs);
    return result;
  });
  serve(app, calls.findPassword, async ({ input, request }) => {
    await members.findPassword(input, client(request));
    return null;
  });
  serve(app, calls.updateProfile, ({ input, caller }) => members.updateProfile(caller, input));
  serve(app, calls.noticeSettings, ({ caller }) => members.noticeSettings(caller));
  serve(app, calls.saveNoticeSettings, ({ input, caller }) => members.saveNoticeSettings(caller, input));
  serve(app, calls.smsOutbox, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await members.outbox(caller, input.mobile, p), p);
  });
}
