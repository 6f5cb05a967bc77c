import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { workflowRoutes } from './workflow.routes.ts';
import { workflowService } from './workflow.service.ts';

/** Flows of the training area: drawn as BPMN, checked, copied, published (流程设计; issue 36). */
export function workflowModule(db: Database) {
  const flows = workflowService(db);
  return defineModule({ name: 'workflow', routes: (app) => workflowRoutes(app, flows) });
}
