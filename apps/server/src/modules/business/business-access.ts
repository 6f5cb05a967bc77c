import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';
import { businessBoardRepository } from './business-board.repository.ts';
import { businessMessageRepository } from './business-message.repository.ts';
import { businessSeatRepository } from './business-seat.repository.ts';

/**
 * Who may open a business and read all of it: its members (a seat of their own), holders of
 * view_business (the manager who watches it), and the instructors of a live course that groups its
 * project (指导中心). `member`: already known by the caller (the seats in hand).
 */
export async function mayOpen(
  permissions: PermissionCache,
  s: CompanyScope,
  caller: Caller,
  businessId: number,
  member?: boolean,
) {
  if (member ?? (await businessMessageRepository.isMember(s, businessId, caller.userId))) return true;
  if (await permissions.has(caller, 'view_business')) return true;
  return businessBoardRepository.teachesBusiness(s, businessId, caller.userId);
}

/** Refuses anyone of the company who may not open the business (mayOpen). */
export async function refuseStranger(
  permissions: PermissionCache,
  s: CompanyScope,
  caller: Caller,
  businessId: number,
  member?: boolean,
) {
  if (!(await mayOpen(permissions, s, caller, businessId, member)))
    throw new AppError('FORBIDDEN', '你不是这个业务的成员');
}

/**
 * The live business `businessId` of the scope's company, for someone who may open it (mayOpen):
 * NOT_FOUND when there is none, FORBIDDEN for another of the company.
 */
export async function openBusiness(
  permissions: PermissionCache,
  s: CompanyScope,
  caller: Caller,
  businessId: number,
) {
  const business = await businessMessageRepository.business(s, businessId);
  if (!business) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
  await refuseStranger(permissions, s, caller, business.id);
  return business;
}

/** A stored JSON list of names (a seat's actions, a module's positions); none when unreadable. */
export function namesOf(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

/** The actions a seat's set-up offers in a node, from their stored list (none when unreadable). */
export const actionsOf = namesOf;

/** Refuses a seat whose role is not offered `action` in the node (`refusal` says why). */
export async function refuseUnoffered(
  s: CompanyScope,
  at: { roleId: number; nodeId: number },
  action: string,
  refusal: string,
) {
  const part = await businessSeatRepository.roleNode(s, at.roleId, at.nodeId);
  if (!part || !actionsOf(part.actions).includes(action))
    throw new AppError('BUSINESS_ACTION_REFUSED', refusal);
}

/**
 * Refuses an action of a node screen taken elsewhere: the node is not of the screen's `type`
 * (`elsewhere` says so), or the seat's role is not offered `action` there (`unoffered`; no
 * `action`: any seat of the node may).
 */
export async function refuseOutsideScreen(
  s: CompanyScope,
  ctx: { nodeId: number; seat: { business_role_id: number } },
  rule: { type: number; elsewhere: string; action?: string; unoffered?: string },
) {
  if ((await businessSeatRepository.scene(s, ctx.nodeId))?.node_type !== rule.type)
    throw new AppError('BUSINESS_ACTION_REFUSED', rule.elsewhere);
  if (rule.action)
    await refuseUnoffered(
      s,
      { roleId: ctx.seat.business_role_id, nodeId: ctx.nodeId },
      rule.action,
      rule.unoffered ?? '你的席位现在不能这样做',
    );
}
