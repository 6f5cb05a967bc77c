import {
  ALL_CODENAMES,
  assignableRoles,
  PERMISSION_MODULE_NAMES,
  PERMISSIONS,
  type PermissionModule,
  type RolePermissionMatrix,
  type RolePermissionRole,
  roleName,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import { bumpPermissions, type PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { companyInScope, inCompany } from '#server/platform/db/scope.ts';
import { rolePermissionRepository as repo } from './role-permission.repository.ts';

/** Every module and its actions, in PERMISSIONS' order (the matrix's rows). */
const MODULES = (Object.entries(PERMISSIONS) as [PermissionModule, Record<string, string>][]).map(
  ([module, actions]) => ({
    module,
    name: PERMISSION_MODULE_NAMES[module],
    actions: Object.entries(actions).map(([codename, name]) => ({ codename, name })),
  }),
);
const NAMES = new Map(MODULES.flatMap((m) => m.actions.map((a) => [a.codename, a.name] as const)));

/** In PERMISSIONS' order, so a role's list reads like the matrix. */
const ordered = (set: ReadonlySet<string>) => ALL_CODENAMES.filter((c) => set.has(c));

/**
 * What a company's roles may do (docs/adr/0038 decision 5): the roles a caller may set are those
 * they may give (`assignableRoles`: never 超级管理员, whose actions are all and fixed), in a company
 * of their scope (`companyInScope`); they may give a role only actions they hold themselves or the
 * role's own defaults back, and take any away; the company's changes are stored as overrides of the defaults, audited, and
 * bump the company's permission version in the same transaction — every process answers the
 * holder's next request with them (`permissionCache`, ADR 0005's versioned caches).
 */
export function rolePermissionService(db: Database, deps: { permissions: PermissionCache }) {
  const { permissions } = deps;

  async function roleItem(companyId: number, role: number): Promise<RolePermissionRole> {
    const [now, defaults] = await Promise.all([
      permissions.codenames({ companyId, role }),
      permissions.defaults(role),
    ]);
    return { role, role_name: roleName(role), codenames: ordered(now), defaults: ordered(defaults) };
  }

  async function roles(caller: Caller, companyId: number | undefined) {
    const s = await companyInScope(db, caller, companyId);
    const results = await Promise.all(assignableRoles(caller.role).map((r) => roleItem(s.companyId, r)));
    return { companyId: s.companyId, results };
  }

  return {
    async roles(caller: Caller, input: { company_id?: number | undefined }) {
      return { results: (await roles(caller, input.company_id)).results };
    },

    async matrix(caller: Caller, input: { company_id?: number | undefined }): Promise<RolePermissionMatrix> {
      const [{ companyId, results }, held] = await Promise.all([
        roles(caller, input.company_id),
        permissions.codenames(caller),
      ]);
      return { company_id: companyId, roles: results, modules: MODULES, grantable: ordered(held) };
    },

    async setRoleActions(
      caller: Caller,
      input: { company_id?: number | undefined; role: number; codenames: string[] },
    ): Promise<RolePermissionRole> {
      const scope = await companyInScope(db, caller, input.company_id);
      if (!assignableRoles(caller.role).includes(input.role))
        throw new AppError('ROLE_NOT_SETTABLE', `不能设置「${roleName(input.role)}」的权限`, 'role');
      const [before, defaults, held] = await Promise.all([
        permissions.codenames({ companyId: scope.companyId, role: input.role }),
        permissions.defaults(input.role),
        permissions.codenames(caller),
      ]);
      const wanted = new Set(input.codenames);
      // Beyond what the role has: only what the caller holds, or the role's own defaults (恢复默认).
      const given = [...wanted].filter((c) => !before.has(c) && !held.has(c) && !defaults.has(c));
      if (given.length > 0)
        throw new AppError(
          'ACTION_NOT_HELD',
          `不能授予你自己没有的操作：${given.map((c) => NAMES.get(c) ?? c).join('、')}`,
          'codenames',
        );
      const rows = ALL_CODENAMES.flatMap((codename) =>
        wanted.has(codename) && !defaults.has(codename)
          ? [{ codename, granted: 1 }]
          : !wanted.has(codename) && defaults.has(codename)
            ? [{ codename, granted: 0 }]
            : [],
      );
      await db.transaction().execute(async (trx) => {
        const s = inCompany(trx, scope.companyId, { userId: caller.userId });
        await repo.replace(s, input.role, rows);
        await bumpPermissions(trx, scope.companyId);
        await audit(trx, caller, {
          action: 'update',
          entity: 'role_permissions',
          entityId: input.role,
          before: { company_id: scope.companyId, role: input.role, codenames: ordered(before) },
          after: { company_id: scope.companyId, role: input.role, codenames: ordered(wanted) },
        });
      });
      permissions.forget(scope.companyId);
      return roleItem(scope.companyId, input.role);
    },
  };
}
export type RolePermissionService = ReturnType<typeof rolePermissionService>;
