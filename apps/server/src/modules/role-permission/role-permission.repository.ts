import type { CompanyScope } from '#server/platform/db/scope.ts';

/** A company's overrides of its roles' default actions (docs/adr/0038 decision 5). */
export const rolePermissionRepository = {
  /** The role's overrides in the company become `rows` (granted 1: beyond the defaults; 0: taken from them). */
  async replace(s: CompanyScope, role: number, rows: readonly { codename: string; granted: number }[]) {
    await s.deleteFrom('company_role_permissions').where('role', '=', role).execute();
    if (rows.length > 0)
      await s
        .insertInto(
          'company_role_permissions',
          rows.map((r) => ({ role, codename: r.codename, granted: r.granted })),
        )
        .execute();
  },
};
