import { micrositeCalls as calls } from '@portal/contract';
import { type App, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { MicrositeService } from './microsite.service.ts';

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function micrositeRoutes(app: App, microsites: MicrositeService) {
  serve(app, calls.get, ({ input }) => microsites.byPath(input.path));
  serve(app, calls.profile, ({ input, caller }) =>
    microsites.profile(publicReadCompanyOf({ caller }, input.company_id)),
  );
}
