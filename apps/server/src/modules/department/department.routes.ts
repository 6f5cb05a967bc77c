import { departmentCalls as calls } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { DepartmentService } from './department.service.ts';

/** Routes stay thin: the declaration (packages/contract department.ts) gives path, schemas and access. */
export function departmentRoutes(app: App, departments: DepartmentService) {
  serve(app, calls.organization, ({ input, caller }) => departments.organization(caller, input));
  serve(app, calls.create, ({ input, caller }) => departments.createDepartment(caller, input));
  serve(app, calls.update, ({ input, caller }) => departments.updateDepartment(caller, input));
  serve(app, calls.remove, ({ input, caller }) => departments.removeDepartment(caller, input));
  serve(app, calls.createPosition, ({ input, caller }) => departments.createPosition(caller, input));
  serve(app, calls.updatePosition, ({ input, caller }) => departments.updatePosition(caller, input));
  serve(app, calls.removePosition, ({ input, caller }) => departments.removePosition(caller, input));
}
