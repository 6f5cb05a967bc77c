import { pmcCalls, pmcResource } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { serve } from '#server/platform/http/serve.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import type { ZoneOf } from '#server/platform/time.ts';
import { pmcService } from './pmc.service.ts';

export { productsPlanned } from './pmc.repository.ts';

/**
 * Production plans (`/crm/pmc_index` 生产计划; spec §7 `/pmc/*`; ADR 0024): the plans on the
 * resource block, and beside it finishing (the output in, the materials out, in one transaction),
 * warnings, progress reports, material lines and plans copied from old ones.
 */
export function pmcModule(db: Database, deps: { goodsChanged: (companyId: number) => void; zoneOf: ZoneOf }) {
  const pmc = pmcService(db, deps);
  return defineModule({
    name: 'pmc',
    jobs: [importJob(pmcResource, pmc), exportJob(pmcResource, pmc)],
    routes: (app) => {
      serveResource(app, pmcResource, pmc as never);
      const c = pmcCalls;
      serve(app, c.finish, ({ input, caller }) => pmc.finish(caller, input.id));
      serve(app, c.finishMany, ({ input, caller }) => pmc.finishMany(caller, input.ids));
      serve(app, c.warnings, ({ input, caller }) => pmc.warnings(caller, input));
      serve(app, c.progress, ({ input, caller }) => pmc.progress(caller, input));
      serve(app, c.progressAdd, ({ input, caller }) => pmc.progressAdd(caller, input));
      serve(app, c.progressRemove, ({ input, caller }) => pmc.progressRemove(caller, input.id));
      serve(app, c.materials, ({ input, caller }) => pmc.materials(caller, input.plan_id));
      serve(app, c.preview, ({ input, caller }) => pmc.preview(caller, input.product_id, input.quantity));
      serve(app, c.materialSave, ({ input, caller }) => pmc.materialSave(caller, input));
      serve(app, c.materialRemove, ({ input, caller }) => pmc.materialRemove(caller, input.id));
      serve(app, c.copy, ({ input, caller }) => pmc.copy(caller, input));
    },
  });
}
