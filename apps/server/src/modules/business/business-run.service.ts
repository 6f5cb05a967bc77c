import {
  BUSINESS_PATH_STATE,
  BUSINESS_RUNNING,
  END_EXIT,
  EXPERIENCE_DRAFT,
  type Experience,
  exitsOf,
  type RunGraphFlow,
  type RunGraphNode,
  type Trans,
  type TransPath,
  type TransQuery,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { businessRepository } from './business.repository.ts';
import { refuseStranger } from './business-access.ts';
import { businessMessageRepository } from './business-message.repository.ts';
import { businessRunRepository as repo } from './business-run.repository.ts';
import type { BusinessSeatService } from './business-seat.service.ts';
import type { BusinessWatchService } from './business-watch.service.ts';

type Graph = { nodes: RunGraphNode[]; flows: RunGraphFlow[] };
type ExperienceRow = NonNullable<Awaited<ReturnType<typeof repo.mine>>>;

const asExperience = (r: ExperienceRow): Experience => ({
  id: r.id,
  content: r.content,
  status: r.status,
  create_time: r.create_time,
  update_time: r.update_time,
  created_by: { id: r.user_id, username: r.username, name: r.name },
});

const names = (nodes: readonly { name: string }[]) => nodes.map((n) => `“${n.name}”`).join('、');

/** What an ended node's message says and carries: the exit taken, the nodes entered, whether the business ended. */
export interface NodeEnded {
  msg: string;
  data: { tran_id: number; kind: Trans['kind']; to: number[]; finished: boolean };
}

/**
 * Moving a business on (issue 37, ADR 0043; design/training.md "Moving on"): a node's exits, a
 * node ended by a seat that may end it (one end wins however many are pressed at once: the path
 * row is left by a conditional update), the nodes entered — a parallel split's branches at once, a
 * merge once every branch has arrived — and the business ended when its last branch ends, once every
 * member of the node has submitted their experience.
 */
export function businessRunService(
  db: Database,
  deps: {
    permissions: PermissionCache;
    sight: BusinessWatchService['sight'];
    carrySeated: BusinessSeatService['carrySeated'];
  },
) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  async function opened(s: CompanyScope, caller: Caller, businessId: number) {
    const business = await businessMessageRepository.business(s, businessId);
    if (!business) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
    await refuseStranger(deps.permissions, s, caller, businessId);
    return business;
  }

  async function graphOf(s: CompanyScope, flowId: number): Promise<Graph> {
    const g = await businessRepository.graph(s, flowId);
    return { nodes: g.nodes, flows: g.transitions };
  }

  const nodeOf = (graph: Graph, nodeId: number) => {
    const node = graph.nodes.find((n) => n.id === nodeId);
    if (!node) throw new AppError('NOT_FOUND', '环节不存在', 'node_id');
    return node;
  };

  /** The node's members who have not submitted their experience (names). */
  async function withoutExperience(s: CompanyScope, businessId: number, nodeId: number) {
    const [members, submitted] = await Promise.all([
      repo.nodeMembers(s, businessId, nodeId),
      repo.submitted(s, businessId),
    ]);
    const done = new Set(submitted.map((e) => e.user_id));
    return members.filter((m) => !done.has(m.id)).map((m) => m.name);
  }

  return {
    async transQuery(caller: Caller, input: { business_id: number; node_id: number }): Promise<TransQuery> {
      const s = scopeOf(caller);
      const business = await opened(s, caller, input.business_id);
      if (business.status !== BUSINESS_RUNNING) throw new AppError('BUSINESS_NOT_RUNNING');
      if (!(await businessMessageRepository.currentAt(s, business.id, input.node_id)))
        throw new AppError(
          (await businessMessageRepository.left(s, business.id, input.node_id))
            ? 'BUSINESS_NODE_ENDED'
            : 'BUSINESS_NOT_IN_NODE',
          undefined,
          'node_id',
        );
      const graph = await graphOf(s, business.flow_id);
      const { select, exits } = exitsOf(graph, nodeOf(graph, input.node_id).task_id);
      return {
        select,
        exits,
        can_end: (await repo.canEnd(s, business.id, input.node_id, caller.userId)) ? 1 : 0,
      };
    },

    /**
     * Ends the node the seat is in through the exit `tranId` (END_EXIT: its way to an end), inside
     * the push's transaction (the business row is locked by then: ends of one business take turns).
     */
    async endNode(
      t: CompanyScope,
      v: {
        businessId: number;
        nodeId: number;
        roleId: number;
        path: { id: number; step: number };
        tranId: number;
      },
    ): Promise<NodeEnded> {
      if (!(await repo.seatEnds(t, v.roleId, v.nodeId))) throw new AppError('BUSINESS_CANNOT_END');
      const business = await businessMessageRepository.business(t, v.businessId);
      if (!business) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
      const graph = await graphOf(t, business.flow_id);
      const node = nodeOf(graph, v.nodeId);
      const { exits } = exitsOf(graph, node.task_id);
      const exit =
        v.tranId === END_EXIT ? exits.find((e) => e.kind === 'end') : exits.find((e) => e.id === v.tranId);
      if (!exit) throw new AppError('BUSINESS_EXIT_UNKNOWN', undefined, 'tran_id');
      const at = nowIso();
      if (!(await repo.leave(t, v.path.id, at)))
        throw new AppError('BUSINESS_NODE_ENDED', undefined, 'node_id');
      const step = v.path.step + 1;
      const row = (nodeId: number, state: number = BUSINESS_PATH_STATE.current) => ({
        business_id: v.businessId,
        node_id: nodeId,
        step,
        came_by: exit.id,
        state,
      });
      let entered = exit.to.map((n) => n.node_id);
      let said = `结束环节“${node.name || node.task_id}”`;
      if (exit.kind === 'merge') {
        const flow = graph.flows.find((f) => f.id === exit.id) as RunGraphFlow;
        const merge = graph.nodes.find((n) => n.task_id === flow.target) as RunGraphNode;
        await repo.enter(t, [row(merge.id, BUSINESS_PATH_STATE.waiting)], at);
        const arrived = await repo.waitingAt(t, v.businessId, merge.id);
        const expected = graph.flows.filter((f) => f.target === merge.task_id).length;
        if (arrived < expected) {
          entered = [];
          said += `，在并行汇合处等待其他分支（${arrived}/${expected}）`;
        } else {
          await repo.release(t, v.businessId, merge.id, at);
          await repo.enter(
            t,
            entered.map((id) => row(id)),
            at,
          );
          said += `，各分支已汇合，进入${names(exit.to)}`;
        }
      } else {
        await repo.enter(
          t,
          entered.map((id) => row(id)),
          at,
        );
        if (exit.kind === 'end') said += '，本分支结束';
        else said += `，进入${names(exit.to)}`;
      }
      for (const nodeId of entered) {
        const row = await businessMessageRepository.currentAt(t, v.businessId, nodeId);
        if (row)
          await deps.carrySeated(t, {
            businessId: v.businessId,
            from: { pathId: v.path.id, nodeId: v.nodeId },
            to: { pathId: row.id, nodeId },
          });
      }
      const finished = (await repo.openRows(t, v.businessId, 0)) === 0;
      if (finished) {
        // The business ends here (an end, or a merge that leads to one): only once every member of
        // the node has submitted their experience — else all of this is rolled back.
        const missing = await withoutExperience(t, v.businessId, v.nodeId);
        if (missing.length > 0)
          throw new AppError(
            'BUSINESS_EXPERIENCE_MISSING',
            `还有成员没有提交心得：${missing.slice(0, 10).join('、')}${missing.length > 10 ? ` 等 ${missing.length} 人` : ''}`,
          );
        await repo.finish(t, v.businessId, at);
        said = `结束环节“${node.name || node.task_id}”，业务结束`;
      }
      return { msg: said, data: { tran_id: exit.id, kind: exit.kind, to: entered, finished } };
    },

    /** The run on its diagram: a node left blue, the current red, a merge waited at orange (watchers too). */
    async transPath(caller: Caller | null, companyId: number, businessId: number): Promise<TransPath> {
      const { s, business } = await deps.sight(caller, companyId, businessId);
      const [xml, rows] = await Promise.all([repo.xml(s, business.flow_id), repo.path(s, business.id)]);
      const of = (state: number) => [...new Set(rows.filter((r) => r.state === state).map((r) => r.task_id))];
      const current = of(BUSINESS_PATH_STATE.current);
      const waiting = of(BUSINESS_PATH_STATE.waiting);
      return {
        xml,
        current,
        waiting,
        visited: of(BUSINESS_PATH_STATE.done).filter((t) => !current.includes(t) && !waiting.includes(t)),
      };
    },

    async experiences(caller: Caller, businessId: number) {
      const s = scopeOf(caller);
      await opened(s, caller, businessId);
      const [results, mine] = await Promise.all([
        repo.submitted(s, businessId),
        repo.mine(s, businessId, caller.userId),
      ]);
      return { results: results.map(asExperience), mine: mine ? asExperience(mine) : null };
    },

    /** A member keeps a draft of their experience or submits it; a submitted one is final. */
    async saveExperience(
      caller: Caller,
      input: { business_id: number; content: string; status: number },
    ): Promise<Experience> {
      return db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const business = await businessMessageRepository.business(s, input.business_id);
        if (!business) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
        if (!(await businessMessageRepository.isMember(s, business.id, caller.userId)))
          throw new AppError('FORBIDDEN', '你不是这个业务的成员');
        if (business.status !== BUSINESS_RUNNING) throw new AppError('BUSINESS_NOT_RUNNING');
        const at = nowIso();
        // The first save inserts (a second one at the same moment finds the row and rewrites it).
        const inserted = await repo.insertExperience(s, {
          business_id: business.id,
          user_id: caller.userId,
          content: input.content,
          status: input.status,
          at,
        });
        if (!inserted) {
          const before = (await repo.mine(s, business.id, caller.userId)) as ExperienceRow;
          if (!(await repo.updateDraft(s, before.id, { ...input, at }, EXPERIENCE_DRAFT)))
            throw new AppError('BUSINESS_EXPERIENCE_SUBMITTED', undefined, 'content');
        }
        return asExperience((await repo.mine(s, business.id, caller.userId)) as ExperienceRow);
      });
    },

    /** Before ending the business: the node's members who have not submitted their experience. */
    async endCommit(caller: Caller, input: { business_id: number; node_id: number }) {
      const s = scopeOf(caller);
      const business = await opened(s, caller, input.business_id);
      const missing = await withoutExperience(s, business.id, input.node_id);
      return { ok: missing.length === 0 ? 1 : 0, missing };
    },
  };
}
export type BusinessRunService = ReturnType<typeof businessRunService>;
