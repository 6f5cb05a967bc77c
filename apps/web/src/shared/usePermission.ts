import { hasAction, type PERMISSIONS, type PermissionModule, type UserPermission } from '@portal/contract';
import { accountCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from './api/client.ts';
import { useLoggedIn, useUserInfo } from './session.ts';
import { storage } from './storage.ts';

export const permissionKeys = {
  all: ['account', 'permission'] as const,
  /** A user's permissions in a role (switching the role asks again). */
  user: (userId: number, role: number) => [...permissionKeys.all, userId, role] as const,
};

export interface PermissionState {
  /** `null` when not loaded: the contract then allows every action; the server still decides. */
  perm: UserPermission | null;
  /** False only while the first answer for a logged-in user is on its way. */
  ready: boolean;
}

/** The caller's permissions (`GET /account/permission`), cached in the `rules` storage entry. */
export function usePermission(): PermissionState {
  const loggedIn = useLoggedIn();
  const user = useUserInfo();
  const q = useQuery<UserPermission, Error, UserPermission, readonly unknown[]>({
    queryKey: permissionKeys.user(user?.id ?? 0, user?.role ?? 0),
    queryFn: async ({ signal }) => {
      const perm = await api.call(accountCalls.permission, undefined, { signal });
      storage.set('rules', perm);
      return perm;
    },
    enabled: loggedIn,
    // Read only for a user: a visitor's page does not open local storage for nothing.
    placeholderData: loggedIn ? () => storage.get('rules') ?? undefined : undefined,
    // Fresh until the root layout invalidates it on the next route change (spec §4).
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { perm: loggedIn ? (q.data ?? null) : null, ready: !loggedIn || q.data !== undefined || q.isError };
}

/**
 * Whether the user may perform one action, e.g. `useCan('goods', 'add_goods_category')`. Typed: a
 * misspelt module, or a codename of another module, fails `tsc`.
 */
export function useCan<M extends PermissionModule>(
  module: M,
  codename: keyof (typeof PERMISSIONS)[M] & string,
): boolean {
  const { perm } = usePermission();
  return hasAction(perm, module, codename);
}
