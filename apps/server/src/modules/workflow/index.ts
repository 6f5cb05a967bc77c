import { programModuleResource } from '@portal/contract';
import { type FileService, fileService } from '#server/modules/file/index.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { BlobStore } from '#server/platform/files/file-store.ts';
import { defineModule } from '#server/platform/module.ts';
import { exportJob } from '#server/platform/resource/list-export.ts';
import { importJob, resourceService } from '#server/platform/resource/resource-service.ts';
import { serveResource } from '#server/platform/resource/serve-resource.ts';
import { programModuleStore } from './program-module.store.ts';
import { workflowRoutes } from './workflow.routes.ts';
import { workflowService } from './workflow.service.ts';
import { setupService } from './workflow-setup.service.ts';

/** Flows of the training area: drawn as BPMN, checked, copied, published (流程设计; issue 36). */
export function workflowModule(db: Database, deps: { fileStore: BlobStore }) {
  const flows = workflowService(db);
  // A flow's materials go into the company's file store (typed by content, bounded, swept there).
  const files: FileService = fileService(db, deps.fileStore);
  const setup = setupService(db, { storeFile: (caller, file) => files.upload(caller, file, 'any') });
  const modules = resourceService(db, programModuleResource, programModuleStore);
  return defineModule({
    name: 'workflow',
    jobs: [importJob(programModuleResource, modules), exportJob(programModuleResource, modules)],
    routes: (app) => {
      workflowRoutes(app, flows, setup);
      serveResource(app, programModuleResource, modules);
    },
  });
}
