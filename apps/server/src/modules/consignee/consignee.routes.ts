import { consigneeCalls as calls } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ConsigneeService } from './consignee.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function consigneeRoutes(app: App, consignees: ConsigneeService) {
  serve(app, calls.list, async ({ caller }) => ({ results: await consignees.list(caller) }));
  serve(app, calls.save, ({ input, caller }) => consignees.save(caller, input));
  serve(app, calls.remove, async ({ input, caller }) => ({
    results: await consignees.remove(caller, input.id),
  }));
}
