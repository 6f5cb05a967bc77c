import { NEWS_WRITE_BYTES, newsAdminCalls, newsAdminResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { serve } from '#server/platform/http/serve.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob, type ResourceService } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import { cmsRoutes } from './cms.routes.ts';
import { cmsService } from './cms.service.ts';
import { newsAdminService } from './news-admin.service.ts';

/** News and advertisings (public reads), and the company's news administration (ADR 0027). */
export function cmsModule(db: Database) {
  const cms = cmsService(db);
  const news = newsAdminService(db, newsAdminResource);
  return defineModule({
    name: 'cms',
    jobs: [importJob(newsAdminResource, news), exportJob(newsAdminResource, news)],
    routes: (app) => {
      cmsRoutes(app, cms);
      serveResource(app, newsAdminResource, news as unknown as ResourceService<typeof newsAdminResource>, {
        writeBodyLimit: NEWS_WRITE_BYTES,
      });
      serve(app, newsAdminCalls.categories, ({ caller }) => news.categories(caller));
      serve(app, newsAdminCalls.publish, ({ input, caller }) =>
        news.publish(caller, input.ids, input.status),
      );
    },
  });
}
