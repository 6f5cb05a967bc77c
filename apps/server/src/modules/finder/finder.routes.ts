import { finderCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { FinderService } from './finder.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function finderRoutes(app: App, finder: FinderService) {
  serve(app, calls.appVersion, ({ input, caller }) =>
    finder.latestVersion(publicReadCompanyOf({ caller }, input.company_id), input.platform, input.current),
  );
  serve(app, calls.people, async ({ input, caller, request }) => {
    const p = pageParams(input);
    const companyId = publicReadCompanyOf({ caller }, input.company_id);
    return paged(await finder.searchPeople(companyId, input.name, p, request.ip), p);
  });
  serve(app, calls.experiments, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(
      await finder.searchExperiments(publicReadCompanyOf({ caller }, input.company_id), input, p),
      p,
    );
  });
}
