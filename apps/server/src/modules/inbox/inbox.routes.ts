import { inboxCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { InboxService } from './inbox.service.ts';

/** Routes stay thin: the declaration (packages/contract inbox.ts) gives path, schemas and access. */
export function inboxRoutes(app: App, service: InboxService) {
  serve(app, calls.list, ({ input, caller }) => service.list(caller, input, pageParams(input)));
  serve(app, calls.summary, ({ caller }) => service.summary(caller));
  serve(app, calls.remove, ({ input, caller }) => service.remove(caller, input.ids));
  serve(app, calls.read, ({ input, caller }) => service.read(caller, input.ids));
}
