import {
  type BusinessMessage,
  CONTROL,
  type NodeDetail,
  type Observable,
  seatInNode,
  WATCH_LIMITS,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { mayOpen } from './business-access.ts';
import { asMessage, businessMessageRepository } from './business-message.repository.ts';
import { businessSeatRepository } from './business-seat.repository.ts';
import { businessWatchRepository as repo } from './business-watch.repository.ts';

/** How the caller sees a business: as one of it (a member, a holder of view_business), or as a watcher. */
export type Sight = 'member' | 'watcher';

/**
 * Watching (观摩; issue 37, ADR 0043): anyone may read a running business's current node that
 * allows outsiders — its seats (roles, not members' names), its messages, the run's diagram; the
 * business's members and holders of view_business read any node of it. Everything is read in the
 * company the public read names (`company_id`, else the caller's, else the default company).
 */
export function businessWatchService(db: Database, deps: { permissions: PermissionCache }) {
  /**
   * The business in `companyId` and how the caller sees it; a watcher only while the business is
   * in a node that allows watching (`nodeId`: that node), else refused.
   */
  async function sight(caller: Caller | null, companyId: number, businessId: number, nodeId?: number) {
    const s = inCompany(db, companyId);
    const business = await repo.business(s, businessId);
    if (!business) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
    if (caller && caller.companyId === companyId && (await mayOpen(deps.permissions, s, caller, business.id)))
      return { s, business, as: 'member' as Sight };
    const open = await repo.watchable(s, business.id);
    if (open.length === 0 || (nodeId !== undefined && !open.some((p) => p.node_id === nodeId)))
      throw new AppError('FORBIDDEN', '这个业务环节现在不能观摩');
    return { s, business, as: 'watcher' as Sight };
  }

  /** A message as a watcher reads it: the role, not the member. */
  const veiled = (m: BusinessMessage, as: Sight): BusinessMessage =>
    as === 'member' ? m : { ...m, user_id: 0, user_name: '' };

  return {
    sight,

    async observables(companyId: number, size: number | undefined): Promise<{ nodes: Observable[] }> {
      const rows = await repo.observables(inCompany(db, companyId), size ?? WATCH_LIMITS.list);
      return {
        nodes: rows.map((r) => ({
          business: {
            id: r.business_id,
            name: r.business_name,
            project_name: r.project_name,
            company_id: r.company_id,
            started_at: r.started_at,
            ended_at: r.ended_at,
          },
          node: { id: r.node_id, name: r.node_name, node_type: r.node_type },
        })),
      };
    },

    async nodeDetail(
      caller: Caller | null,
      companyId: number,
      input: { business_id: number; node_id: number },
    ): Promise<NodeDetail> {
      const { s, business, as } = await sight(caller, companyId, input.business_id, input.node_id);
      const node = await repo.node(s, business.id, input.node_id);
      if (!node) throw new AppError('NOT_FOUND', '环节不存在', 'node_id');
      const path = await businessMessageRepository.currentAt(s, business.id, node.id);
      const [seats, states] = await Promise.all([
        businessSeatRepository.seatsInNode(s, business.id, node.id),
        path ? businessSeatRepository.states(s, path.id) : Promise.resolve(new Map()),
      ]);
      return {
        id: business.id,
        name: business.name,
        project_name: business.project_name,
        status: business.status,
        node: { id: node.id, name: node.name, node_type: node.node_type },
        control_status: path?.control_status ?? CONTROL.off,
        end_vote: path?.end_vote ?? 0,
        observable: as === 'watcher' ? 1 : 0,
        role_alloc_status: seats.map(({ actions: _, business_role_id: __, ...t }) => ({
          ...seatInNode(t, states.get(t.role_alloc_id)),
          ...(as === 'watcher' ? { user_id: null, user_name: '' } : {}),
        })),
      };
    },

    async nodeMessages(
      caller: Caller | null,
      companyId: number,
      input: { business_id: number; node_id: number; after_seq?: number | undefined },
    ) {
      const { s, business, as } = await sight(caller, companyId, input.business_id, input.node_id);
      const rows = await businessMessageRepository.after(
        s,
        business.id,
        input.after_seq ?? 0,
        WATCH_LIMITS.messages,
        input.node_id,
      );
      return {
        results: rows.map((r) => veiled(asMessage(r), as)),
        last_seq: business.last_seq,
      };
    },
  };
}
export type BusinessWatchService = ReturnType<typeof businessWatchService>;
