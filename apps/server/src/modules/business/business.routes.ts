import { businessCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { BusinessService } from './business.service.ts';

/** Routes stay thin: the declaration (packages/contract business.ts) gives path, schemas and access. */
export function businessRoutes(app: App, businesses: BusinessService) {
  serve(app, calls.list, ({ input, caller }) => businesses.list(caller, input, pageParams(input)));
  serve(app, calls.deleted, ({ input, caller }) => businesses.deleted(caller, input, pageParams(input)));
  serve(app, calls.preview, ({ input, caller }) => businesses.preview(caller, input.project_id));
  serve(app, calls.create, ({ input, caller }) => businesses.create(caller, input));
  serve(app, calls.remove, ({ input, caller }) => businesses.setDeleted(caller, input.business_id, true));
  serve(app, calls.recover, ({ input, caller }) => businesses.setDeleted(caller, input.business_id, false));
}
