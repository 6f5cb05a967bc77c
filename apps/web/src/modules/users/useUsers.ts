import type { CallInput } from '@portal/contract';
import { departmentCalls, usersCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';

/** 人员管理's queries: one key factory; every write reloads all of them (the list and the counts). */
export const usersKeys = {
  all: ['users'] as const,
  list: (params: object) => [...usersKeys.all, 'list', params] as const,
  /** One company's departments and positions; `own` for the caller's company (no company_id sent). */
  organization: (companyId: number | undefined) =>
    [...usersKeys.all, 'organization', companyId ?? 'own'] as const,
};

/** The company a call acts on: absent, the caller's own. */
export const inCompany = (companyId: number | undefined) =>
  companyId === undefined ? {} : { company_id: companyId };

type ListInput = CallInput<typeof usersCalls.list>;

/** A page of the company's people, filtered (`/account/list`). */
export const useUserList = (params: ListInput) =>
  useListQuery(usersKeys.list(params), () => api.call(usersCalls.list, params));

/**
 * A company's departments and positions (`/department/tree`), for the filters and the form. Read
 * afresh each time the page opens: 部门与职务 may have changed them meanwhile.
 */
export const useOrganization = (companyId: number | undefined) =>
  useQuery({
    queryKey: usersKeys.organization(companyId),
    queryFn: () => api.call(departmentCalls.organization, inCompany(companyId)),
    staleTime: 0,
  });

type CreateInput = Omit<CallInput<typeof usersCalls.create>, 'company_id'>;
type UpdateInput = Omit<CallInput<typeof usersCalls.update>, 'company_id'>;

/** Adds (`username` given) or updates (`id` given) a person of `companyId`; field errors are left to the form. */
export function useSaveUser(companyId: number | undefined) {
  return useInvalidatingMutation(usersKeys.all, (input: CreateInput | UpdateInput) =>
    'id' in input
      ? api.call(usersCalls.update, { ...input, ...inCompany(companyId) }, { toast: 'unlessField' })
      : api.call(usersCalls.create, { ...input, ...inCompany(companyId) }, { toast: 'unlessField' }),
  );
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
