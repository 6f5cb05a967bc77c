import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';

/**
 * Who may open a business and read its messages: its members (a seat of their own) and holders of
 * view_business (the manager who watches it). Anyone else of the company is refused.
 */
export async function refuseStranger(permissions: PermissionCache, caller: Caller, member: boolean) {
  if (!member && !(await permissions.has(caller, 'view_business')))
    throw new AppError('FORBIDDEN', '你不是这个业务的成员');
}
