import { guestCalls as calls } from '@portal/contract';
import { type App, companyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { GuestService } from './guest.service.ts';

export function guestRoutes(app: App, guests: GuestService) {
  serve(app, calls.welcome, ({ input: { company_id, ...input }, caller, request }) =>
    guests.welcome(companyOf({ caller }, company_id), input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      host: request.headers.host,
    }),
  );
  serve(app, calls.recent, ({ caller }) => guests.recent(caller.companyId));
}
