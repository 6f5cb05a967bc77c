import { cmsCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { CmsService } from './cms.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function cmsRoutes(app: App, cms: CmsService) {
  serve(app, calls.newsCategories, ({ input, caller }) =>
    cms.categories(publicReadCompanyOf({ caller }, input.company_id), input.lang),
  );
  serve(app, calls.newsList, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await cms.newsList(publicReadCompanyOf({ caller }, input.company_id), input, p), p);
  });
  serve(app, calls.newsDetail, ({ input, caller }) =>
    cms.newsDetail(publicReadCompanyOf({ caller }, input.company_id), input.id),
  );
  serve(app, calls.advertisingList, ({ input, caller }) =>
    cms.advertisings(publicReadCompanyOf({ caller }, input.company_id), input.position),
  );
  serve(app, calls.advertisingDetail, ({ input, caller }) =>
    cms.advertising(publicReadCompanyOf({ caller }, input.company_id), input.id),
  );
}
