import {
  BUSINESS_RUNNING,
  type BusinessDetail,
  type BusinessJump,
  JUMP_NODE_TYPE,
  NEST_NODE_TYPE,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { businessRepository as repo } from './business.repository.ts';
import { openBusiness } from './business-access.ts';
import type { ActAt, BusinessAct } from './business-act.ts';
import { businessRunRepository } from './business-run.repository.ts';
import { assignSeats } from './business-team.service.ts';

const KIND_WORDS: Record<number, string> = { [JUMP_NODE_TYPE]: '跳转', [NEST_NODE_TYPE]: '嵌套' };

/**
 * Where a jump (6) or nest (9) node goes on (issue 37; ADR 0043 "Jump and nest"): the target
 * project and its team, staffed with the rest when the business was started. While the business is
 * in that node and has not gone there yet, a seat that may end it adjusts who sits in the target
 * project's seats (none left empty; the roles' 职务; one seat per person in a project) — an action of
 * the run, heard by every page (`action_jump_team`).
 */
export function businessJumpService(
  db: Database,
  deps: {
    permissions: PermissionCache;
    act: BusinessAct;
    detail: (s: CompanyScope, id: number) => Promise<BusinessDetail>;
  },
) {
  const scopeOf = (caller: Caller) => inCompany(db, caller.companyId, { userId: caller.userId });

  async function targetOf(s: CompanyScope, businessId: number, nodeId: number) {
    const target = await repo.jumpTarget(s, businessId, nodeId);
    if (!target || target.node_type === null || !(target.node_type in KIND_WORDS))
      throw new AppError('NOT_FOUND', '这个环节不是业务中的跳转或嵌套环节', 'node_id');
    return { ...target, node_type: target.node_type };
  }

  async function setup(
    caller: Caller,
    input: { business_id: number; node_id: number },
  ): Promise<BusinessJump> {
    const s = scopeOf(caller);
    const business = await openBusiness(deps.permissions, s, caller, input.business_id);
    const target = await targetOf(s, business.id, input.node_id);
    const [detail, seats, entered, here] = await Promise.all([
      deps.detail(s, business.id),
      repo.seats(s, business.id),
      repo.entered(s, business.id, target.id),
      repo.current(s, business.id),
    ]);
    const inProject = seats.filter((t) => t.project_id === target.id);
    const roleIds = new Set(inProject.map((t) => t.role_id));
    // The caller may adjust the team from a seat of theirs that ends the node, while it is current.
    const mine = seats.filter((t) => t.user_id === caller.userId);
    let adjustable = false;
    if (business.status === BUSINESS_RUNNING && !entered && here.some((n) => n.node_id === input.node_id))
      for (const t of mine)
        if (await businessRunRepository.seatEnds(s, t.role_id, input.node_id)) adjustable = true;
    const positions = inProject.some((t) => t.position_id === null)
      ? ('all' as const)
      : [...new Set(inProject.flatMap((t) => (t.position_id === null ? [] : [t.position_id])))];
    return {
      node_id: input.node_id,
      node_type: target.node_type,
      project: { id: target.id, name: target.name },
      roles: detail.roles.filter((r) => roleIds.has(r.id)),
      adjustable,
      people: adjustable ? await repo.staff(s, { positions }) : [],
    };
  }

  return {
    setup,

    /** Adjusts the target project's team of a jump (`type` 6) or nest (9) node, from a seat that ends it. */
    async team(
      caller: Caller,
      input: ActAt & { data?: readonly { seat_id: number; user_id: number }[] | undefined },
      type: typeof JUMP_NODE_TYPE | typeof NEST_NODE_TYPE,
    ) {
      const refuse = (reason: string) => new AppError('BUSINESS_ACTION_REFUSED', reason);
      await deps.act(caller, input, async (s, ctx) => {
        const target = await targetOf(s, ctx.businessId, ctx.nodeId);
        if (target.node_type !== type) throw refuse(`这个环节不是${KIND_WORDS[type]}环节`);
        if (!(await businessRunRepository.seatEnds(s, ctx.seat.business_role_id, ctx.nodeId)))
          throw refuse('只有能结束这个环节的席位可以调整人员');
        if (await repo.entered(s, ctx.businessId, target.id))
          throw refuse(`业务已经进入项目“${target.name}”，人员不能再调整`);
        const changed = await assignSeats(s, ctx.businessId, input.data ?? [], {
          project: { id: target.id, name: target.name },
          filled: true,
        });
        return {
          said: {
            type: 'cmd' as const,
            cmd: 'action_jump_team',
            msg: `调整项目“${target.name}”的人员`,
            data: {
              project_id: target.id,
              seats: changed.map((t) => ({ seat_id: t.id, user_id: t.user_id })),
            },
          },
          result: null,
        };
      });
      return setup(caller, input);
    },
  };
}
export type BusinessJumpService = ReturnType<typeof businessJumpService>;
