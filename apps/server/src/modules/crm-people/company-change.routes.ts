import { companyChangeCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CompanyChangeService } from './company-change.service.ts';

/** Routes stay thin: the declarations (packages/contract company-change.ts) give paths, schemas and access. */
export function companyChangeRoutes(app: App, changes: CompanyChangeService) {
  serve(app, calls.submit, ({ input, caller }) => changes.submit(caller, input));
  serve(app, calls.list, ({ input, caller }) => changes.list(caller, pageParams(input)));
  serve(app, calls.withdraw, ({ input, caller }) => changes.withdraw(caller, input.id));
  serve(app, calls.reviewList, ({ input, caller }) => changes.reviewList(caller, input, pageParams(input)));
  serve(app, calls.approve, ({ input, caller }) => changes.approve(caller, input.id, input.review_note));
  serve(app, calls.reject, ({ input, caller }) => changes.reject(caller, input.id, input.review_note));
}
