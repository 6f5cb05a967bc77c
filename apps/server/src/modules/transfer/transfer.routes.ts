import { transferCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { TransferService } from './transfer.service.ts';

/** Routes stay thin: the declaration (packages/contract transfer.ts) gives path, schemas and access. */
export function transferRoutes(app: App, service: TransferService) {
  serve(app, calls.request, ({ input, caller }) =>
    service.request(caller, { ...input, kind: Number(input.kind) }),
  );
  serve(app, calls.mine, ({ input, caller }) =>
    service.mine(caller, input.kind === undefined ? undefined : Number(input.kind)),
  );
  serve(app, calls.targets, ({ input, caller }) =>
    service.targets(caller, Number(input.kind), input.keyword),
  );
  serve(app, calls.withdraw, ({ input, caller }) => service.withdraw(caller, input.id));
  serve(app, calls.list, ({ input, caller }) =>
    service.list(caller, { ...input, kind: Number(input.kind) }, pageParams(input)),
  );
  serve(app, calls.decide, ({ input, caller }) => service.decide(caller, input));
}
