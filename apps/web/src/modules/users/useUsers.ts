import type { CallInput } from '@portal/contract';
import { usersCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { departmentKeys } from '#web/modules/department/index.ts';
import { inCompany } from '#web/modules/group/index.ts';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';

/** 人员管理's queries: one key factory; every write reloads all of them (the list and the counts). */
export const usersKeys = {
  all: ['users'] as const,
  list: (params: object) => [...usersKeys.all, 'list', params] as const,
  detail: (id: number, companyId: number | undefined) => [...usersKeys.all, 'detail', id, companyId] as const,
};

type ListInput = CallInput<typeof usersCalls.list>;

/** A page of the company's people, filtered (`/account/list`). */
export const useUserList = (params: ListInput) =>
  useListQuery(usersKeys.list(params), () => api.call(usersCalls.list, params));

/** One person of `companyId` (`/account/user/{id}`); not asked without an id. */
export const useUser = (id: number | null, companyId: number | undefined) =>
  useQuery({
    queryKey: usersKeys.detail(id ?? 0, companyId),
    queryFn: () => api.call(usersCalls.get, { id: id ?? 0, ...inCompany(companyId) }),
    enabled: id !== null,
  });

type CreateInput = Omit<CallInput<typeof usersCalls.create>, 'company_id'>;
type UpdateInput = Omit<CallInput<typeof usersCalls.update>, 'company_id'>;

/** Adds (`username` given) or updates (`id` given) a person of `companyId`; field errors are left to the form. */
export function useSaveUser(companyId: number | undefined) {
  const departments = useInvalidate(departmentKeys.all);
  const people = useInvalidate(usersKeys.all);
  return useMutation({
    mutationFn: (input: CreateInput | UpdateInput) =>
      'id' in input
        ? api.call(usersCalls.update, { ...input, ...inCompany(companyId) }, { toast: 'unlessField' })
        : api.call(usersCalls.create, { ...input, ...inCompany(companyId) }, { toast: 'unlessField' }),
    // The departments' and positions' people counts (部门与职务) follow too.
    onSuccess: () => Promise.all([people(), departments()]),
  });
}

/**
 * Stops (0) or restarts (1) a person of `companyId`. A refusal is toasted by the client; the list
 * is read again either way, so what stood in the way shows.
 */
export function useSetUserStatus(companyId: number | undefined) {
  const invalidate = useInvalidate(usersKeys.all);
  return useMutation({
    mutationFn: (input: { id: number; status: 0 | 1 }) =>
      api.call(usersCalls.setStatus, { ...input, ...inCompany(companyId) }),
    onSettled: invalidate,
  });
}

/** Sets a person's password (they must change it at the next login); field errors are left to the form. */
export function useResetPassword(companyId: number | undefined) {
  return useInvalidatingMutation(usersKeys.all, (input: { id: number; password: string }) =>
    api.call(usersCalls.resetPassword, { ...input, ...inCompany(companyId) }, { toast: 'unlessField' }),
  );
}

/** After an import wrote people: the list, and the departments' and positions' people counts. */
export function useReloadPeople() {
  const departments = useInvalidate(departmentKeys.all);
  const people = useInvalidate(usersKeys.all);
  return () => Promise.all([people(), departments()]);
}
