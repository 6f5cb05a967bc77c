import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { companyField } from './department.ts';
import { codenameList, form, int } from './fields.ts';

/**
 * What each role of a company may do (spec §2 admin `inner-permission`; issue 34, docs/adr/0038
 * decision 5): a matrix of the company's roles × the actions (`PERMISSIONS`, grouped by module).
 * A role starts from its defaults (`DEFAULT_ROLE_PERMISSIONS`); a company's changes are its own.
 * Spec 001 §7: `/account/roles` (the roles the caller may set), `/account/get/permissions` (the
 * matrix), `/account/set/roles/actions` (one role's actions). Served by modules/role-permission.
 */

export const rolePermissionRoleSchema = z.object({
  role: z.number().int(),
  role_name: z.string(),
  /** The actions the role holds in the company now. */
  codenames: z.array(z.string()),
  /** Its defaults: what 恢复默认 gives back. */
  defaults: z.array(z.string()),
});
export type RolePermissionRole = z.infer<typeof rolePermissionRoleSchema>;

export const rolePermissionMatrixSchema = z.object({
  company_id: z.number().int(),
  /** The roles the caller may set, each with its actions. */
  roles: z.array(rolePermissionRoleSchema),
  /** The modules and their actions, in PERMISSIONS' order. */
  modules: z.array(
    z.object({
      module: z.string(),
      name: z.string(),
      actions: z.array(z.object({ codename: z.string(), name: z.string() })),
    }),
  ),
  /** The actions the caller holds: only these, and a role's own defaults, may be given (any may be taken away). */
  grantable: z.array(z.string()),
});
export type RolePermissionMatrix = z.infer<typeof rolePermissionMatrixSchema>;

const codenames = codenameList();

export const setRoleActionsBody = form({
  ...companyField,
  role: int('角色', { min: 1, max: 99 }),
  codenames,
});

const get = getCalls(['role-permission']);
const post = postCalls(['role-permission']);

export const rolePermissionCalls = {
  roles: get(
    '/account/roles',
    '可设置权限的角色及其当前操作',
    { permission: 'change_role_permission' },
    form(companyField),
    z.object({ results: z.array(rolePermissionRoleSchema) }),
  ),
  matrix: get(
    '/account/get/permissions',
    '单位的角色权限矩阵（按模块分组）',
    { permission: 'change_role_permission' },
    form(companyField),
    rolePermissionMatrixSchema,
  ),
  setRoleActions: post(
    '/account/set/roles/actions',
    '设置单位中一个角色可做的操作',
    'change_role_permission',
    setRoleActionsBody,
    rolePermissionRoleSchema,
  ),
};
