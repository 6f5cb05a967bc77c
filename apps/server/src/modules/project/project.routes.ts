import { projectCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { ProjectService } from './project.service.ts';

/** Routes stay thin: the declaration (packages/contract project.ts) gives path, schemas and access. */
export function projectRoutes(app: App, projects: ProjectService) {
  serve(app, calls.list, ({ input, caller }) => projects.list(caller, input, pageParams(input)));
  serve(app, calls.officeItems, ({ caller }) => projects.officeItems(caller));
  serve(app, calls.get, ({ input, caller }) => projects.get(caller, input.project_id));
  serve(app, calls.options, ({ caller }) => projects.options(caller));
  serve(app, calls.create, ({ input, caller }) => projects.create(caller, input));
  serve(app, calls.update, ({ input, caller }) => projects.update(caller, input));
  serve(app, calls.copy, ({ input, caller }) => projects.copy(caller, input.project_id));
  serve(app, calls.remove, ({ input, caller }) => projects.remove(caller, input.project_id));
}
