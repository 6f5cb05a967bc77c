import { assistantCalls as calls } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { AssistantService } from './assistant.service.ts';

/** Routes stay thin: the declaration (packages/contract assistant.ts) gives path, schemas and access. */
export function assistantRoutes(app: App, service: AssistantService) {
  serve(app, calls.list, ({ caller }) => service.list(caller));
  serve(app, calls.options, ({ input, caller }) => service.options(caller, input.keyword));
  serve(app, calls.set, ({ input, caller }) => service.set(caller, input.user_ids));
  serve(app, calls.unset, ({ input, caller }) => service.unset(caller, input.user_id));
  serve(app, calls.setActions, ({ input, caller }) =>
    service.setActions(caller, input.user_id, input.codenames),
  );
}
