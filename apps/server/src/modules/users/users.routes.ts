import { usersCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { UsersService } from './users.service.ts';

/** Routes stay thin: the declaration (packages/contract users.ts) gives path, schemas and access. */
export function usersRoutes(app: App, users: UsersService) {
  serve(app, calls.list, ({ input, caller }) => users.list(caller, input, pageParams(input)));
  serve(app, calls.options, ({ input, caller }) => users.options(caller, input));
  serve(app, calls.byName, ({ input, caller }) => users.byName(caller, input.username));
  serve(app, calls.get, ({ input, caller }) => users.get(caller, input));
  serve(app, calls.create, ({ input, caller }) => users.create(caller, input));
  serve(app, calls.update, ({ input, caller }) => users.update(caller, input));
  serve(app, calls.setStatus, ({ input, caller }) => users.setStatus(caller, input));
  serve(app, calls.resetPassword, ({ input, caller }) => users.resetPassword(caller, input));
}
