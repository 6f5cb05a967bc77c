import type { RolePermissionMatrix } from '@portal/contract';
import { rolePermissionCalls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inCompany } from '#web/modules/group/index.ts';
import { api } from '#web/shared/api/client.ts';
import { permissionKeys } from '#web/shared/usePermission.ts';

/** 角色权限's queries: one key factory. */
export const rolePermissionKeys = {
  all: ['role-permission'] as const,
  /** One company's matrix; `own` for the caller's company (no company_id sent). */
  matrix: (companyId: number | undefined) =>
    [...rolePermissionKeys.all, 'matrix', companyId ?? 'own'] as const,
};

/**
 * A company's roles × actions (`/account/get/permissions`), read afresh each time the page opens
 * (another administrator may have changed it). No earlier company's answer stands in for the next.
 */
export const useRoleMatrix = (companyId: number | undefined) =>
  useQuery({
    queryKey: rolePermissionKeys.matrix(companyId),
    queryFn: () => api.call(rolePermissionCalls.matrix, inCompany(companyId)),
    staleTime: 0,
  });

/**
 * Sets one role's whole set of actions in a company (`/account/set/roles/actions`; `companyId`
 * undefined: the caller's own). A refusal is toasted by the client. On success the role's answer
 * goes into that company's matrix at once, then the matrices and the caller's own permissions are
 * read again (the caller's menu follows should they have changed their own role).
 */
export function useSaveRoleActions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId: number | undefined; role: number; codenames: readonly string[] }) =>
      api.call(rolePermissionCalls.setRoleActions, {
        ...inCompany(input.companyId),
        role: input.role,
        codenames: [...input.codenames],
      }),
    onSuccess: (item, input) => {
      qc.setQueryData<RolePermissionMatrix>(
        rolePermissionKeys.matrix(input.companyId),
        (m) => m && { ...m, roles: m.roles.map((r) => (r.role === item.role ? item : r)) },
      );
      void qc.invalidateQueries({ queryKey: permissionKeys.all });
    },
    // After a refusal too: what the caller may give, or the role's set, may have changed meanwhile.
    onSettled: () => qc.invalidateQueries({ queryKey: rolePermissionKeys.all }),
  });
}
