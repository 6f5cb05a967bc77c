import type { CallInput } from '@portal/contract';
import { departmentCalls } from '@portal/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inCompany } from '#web/modules/group/index.ts';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useInvalidatingMutation } from '#web/shared/queryHooks.ts';
import { useUserInfo } from '#web/shared/session.ts';

/** The screen's queries (部门与职务): one key factory; every write reloads all of them. */
export const departmentKeys = {
  all: ['department'] as const,
  /** One company's organisation; `own` for the caller's company (no company_id sent). */
  tree: (companyId: number | undefined) => [...departmentKeys.all, 'tree', companyId ?? 'own'] as const,
};

const organizationQuery = (companyId: number | undefined) =>
  queryOptions({
    queryKey: departmentKeys.tree(companyId),
    queryFn: () => api.call(departmentCalls.organization, inCompany(companyId)),
  });

/** A company's departments and positions (`/department/tree`), the caller's own without `companyId`. */
export const useOrganization = (companyId: number | undefined) => useQuery(organizationQuery(companyId));

/**
 * The caller's own company's name as the server gives it (the answer of `useOrganization()` without
 * a company, while it is cached), else as the login left it. Asks nothing itself.
 */
export function useOwnCompanyName(): string | undefined {
  const own = useQuery({ ...organizationQuery(undefined), enabled: false });
  const user = useUserInfo();
  return own.data?.company_name ?? user?.company_name;
}

type DepartmentInput = Omit<CallInput<typeof departmentCalls.create>, 'company_id'>;
type PositionInput = Omit<CallInput<typeof departmentCalls.createPosition>, 'company_id'>;

/** Adds (no id) or updates a department of `companyId`; field errors are left to the form. */
export function useSaveDepartment(companyId: number | undefined) {
  return useInvalidatingMutation(
    departmentKeys.all,
    ({ id, ...input }: DepartmentInput & { id?: number }) => {
      const body = { ...input, ...inCompany(companyId) };
      return id === undefined
        ? api.call(departmentCalls.create, body, { toast: 'unlessField' })
        : api.call(departmentCalls.update, { ...body, id }, { toast: 'unlessField' });
    },
  );
}

/** Adds (no id) or updates a position of `companyId`; field errors are left to the form. */
export function useSavePosition(companyId: number | undefined) {
  return useInvalidatingMutation(departmentKeys.all, ({ id, ...input }: PositionInput & { id?: number }) => {
    const body = { ...input, ...inCompany(companyId) };
    return id === undefined
      ? api.call(departmentCalls.createPosition, body, { toast: 'unlessField' })
      : api.call(departmentCalls.updatePosition, { ...body, id }, { toast: 'unlessField' });
  });
}

/**
 * Deletes a department or a position of `companyId`. A refusal (下级部门、职务或人员 still there, a
 * position somebody holds, already gone) is toasted by the client; the tree is read again either
 * way, so what stood in the way shows.
 */
export function useRemove(companyId: number | undefined) {
  const invalidate = useInvalidate(departmentKeys.all);
  return (kind: 'department' | 'position', id: number) =>
    api
      .call(kind === 'department' ? departmentCalls.remove : departmentCalls.removePosition, {
        id,
        ...inCompany(companyId),
      })
      .finally(invalidate);
}
