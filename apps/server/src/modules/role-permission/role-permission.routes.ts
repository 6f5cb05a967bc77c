import { rolePermissionCalls as calls } from '@portal/contract';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { RolePermissionService } from './role-permission.service.ts';

/** Routes stay thin: the declaration (packages/contract role-permission.ts) gives path, schemas and access. */
export function rolePermissionRoutes(app: App, service: RolePermissionService) {
  serve(app, calls.roles, ({ input, caller }) => service.roles(caller, input));
  serve(app, calls.matrix, ({ input, caller }) => service.matrix(caller, input));
  serve(app, calls.setRoleActions, ({ input, caller }) => service.setRoleActions(caller, input));
}
