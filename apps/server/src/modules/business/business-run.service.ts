import {
  BUSINESS_PATH_STATE,
  BUSINESS_RUNNING,
  beginNodes,
  END_EXIT,
  type EndLeads,
  EXPERIENCE_DRAFT,
  type Experience,
  exitsOf,
  JUMP_NODE_TYPE,
  mergeOf,
  NEST_NODE_TYPE,
  type RunGraphFlow,
  type RunGraphNode,
  TARGET_NODE_TYPES,
  TRANS_SELECT,
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
import { openBusiness } from './business-access.ts';
import { businessMessageRepository } from './business-message.repository.ts';
import { businessRunRepository as repo } from './business-run.repository.ts';
import type { BusinessSeatService } from './business-seat.service.ts';
import type { BusinessWatchService } from './business-watch.service.ts';

type GraphNode = RunGraphNode & { node_type: number | null };
type Graph = { nodes: GraphNode[]; flows: RunGraphFlow[] };
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

  const opened = (s: CompanyScope, caller: Caller, businessId: number) =>
    openBusiness(deps.permissions, s, caller, businessId);

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

  type Row = Awaited<ReturnType<typeof repo.row>>;
  /**
   * Takes `exit` out of the node of path row `from` (left already): the nodes it leads to are
   * entered — a merge once every branch has arrived —; a jump or nest node instead goes on in its
   * project (a nest waits, with the exit, until that project has run; `back` is that return); and
   * the last branch of a jump's or nest's project to end returns to the nest's exit.
   */
  async function move(
    t: CompanyScope,
    m: { businessId: number; graph: Graph; node: GraphNode; exit: Trans; from: Row; at: string; back?: true },
  ): Promise<{ entered: number[]; said: string }> {
    const { from, exit, at } = m;
    const projectId = from.project_id ?? 0;
    const step = from.step + 1;
    const row = (nodeId: number, state: number = BUSINESS_PATH_STATE.current) => ({
      business_id: m.businessId,
      node_id: nodeId,
      step,
      came_by: exit.id,
      state,
      project_id: projectId,
      parent_id: from.parent_id,
    });
    if (!m.back && m.node.node_type !== null && TARGET_NODE_TYPES.includes(m.node.node_type)) {
      const target = await repo.targetOf(t, projectId, m.node.id);
      if (!target) throw new AppError('BUSINESS_TARGET_MISSING', `环节“${m.node.name}”没有设置目标项目`);
      const nest = m.node.node_type === NEST_NODE_TYPE;
      if (nest) await repo.nest(t, from.id, exit.id);
      const g = await graphOf(t, target.flow_id);
      const first = beginNodes(g.nodes, g.flows);
      if (first.length === 0) throw new AppError('NOT_FOUND', `项目“${target.name}”的流程没有可以开始的环节`);
      await repo.enter(
        t,
        first.map((n) => ({ ...row(n.id), came_by: null, project_id: target.id, parent_id: from.id })),
        at,
      );
      return {
        entered: first.map((n) => n.id),
        said: `，${nest ? '进入嵌套项目' : '跳转到项目'}“${target.name}”：${names(first)}`,
      };
    }
    if (exit.kind === 'merge' || exit.kind === 'wait') {
      const found = mergeOf(m.graph, m.node.task_id, exit);
      if (!found) throw new AppError('BUSINESS_EXIT_UNKNOWN', undefined, 'tran_id');
      const merge = found.merge as GraphNode;
      await repo.enter(t, [row(merge.id, BUSINESS_PATH_STATE.waiting)], at);
      const arrived = await repo.waitingAt(t, m.businessId, merge.id);
      const expected = m.graph.flows.filter((f) => f.target === merge.task_id).length;
      if (arrived < expected)
        return { entered: [], said: `，在并行汇合处等待其他分支（${arrived}/${expected}）` };
      await repo.release(t, m.businessId, merge.id, at);
      await repo.enter(
        t,
        exit.to.map((n) => row(n.node_id)),
        at,
      );
      return { entered: exit.to.map((n) => n.node_id), said: `，各分支已汇合，进入${names(exit.to)}` };
    }
    await repo.enter(
      t,
      exit.to.map((n) => row(n.node_id)),
      at,
    );
    if (exit.kind !== 'end')
      return { entered: exit.to.map((n) => n.node_id), said: `，进入${names(exit.to)}` };
    // The last branch of a nested project has ended: the nest goes on through the exit it was left by.
    if (from.parent_id !== null && (await repo.openUnder(t, from.parent_id)) === 0) {
      const parent = await repo.row(t, from.parent_id);
      if (parent.state === BUSINESS_PATH_STATE.nested && parent.nest_exit !== null) {
        await repo.unnest(t, parent.id, at);
        const graph = await graphOf(t, await repo.flowOf(t, parent.node_id));
        const node = nodeOf(graph, parent.node_id);
        const back = exitsOf(graph, node.task_id).exits.find((e) => e.id === parent.nest_exit);
        if (!back) throw new AppError('BUSINESS_EXIT_UNKNOWN', undefined, 'tran_id');
        const returned = await move(t, {
          ...m,
          graph,
          node,
          exit: back,
          from: { ...parent, step },
          back: true,
        });
        return {
          entered: returned.entered,
          said: `，嵌套项目结束，回到“${node.name || node.task_id}”${returned.said}`,
        };
      }
    }
    return { entered: [], said: '，本分支结束' };
  }

  /**
   * The node's exits as they stand now: where they lead through a merge into an exclusive choice,
   * the branch that completes the merge chooses the way on; a branch that others have still to
   * join has one exit, into the merge to wait (read under the business's lock when ending).
   */
  async function exitsNow(s: CompanyScope, businessId: number, graph: Graph, node: GraphNode) {
    const found = exitsOf(graph, node.task_id);
    const first = found.exits[0];
    const gate =
      first && found.exits.every((e) => e.kind === 'merge') ? mergeOf(graph, node.task_id, first) : undefined;
    if (!gate?.chosen) return found;
    const arrived = await repo.waitingAt(s, businessId, gate.merge.id);
    const expected = graph.flows.filter((f) => f.target === gate.merge.task_id).length;
    if (arrived + 1 >= expected) return found;
    const wait: Trans = {
      id: gate.into.id,
      name: `进入“${gate.merge.name || '并行汇合'}”，等待其他分支`,
      kind: 'wait',
      to: [],
    };
    return { select: TRANS_SELECT.one, exits: [wait] };
  }

  return {
    async transQuery(caller: Caller, input: { business_id: number; node_id: number }): Promise<TransQuery> {
      const s = scopeOf(caller);
      const business = await opened(s, caller, input.business_id);
      if (business.status !== BUSINESS_RUNNING) throw new AppError('BUSINESS_NOT_RUNNING');
      const at = await businessMessageRepository.currentAt(s, business.id, input.node_id);
      if (!at)
        throw new AppError(
          (await businessMessageRepository.left(s, business.id, input.node_id))
            ? 'BUSINESS_NODE_ENDED'
            : 'BUSINESS_NOT_IN_NODE',
          undefined,
          'node_id',
        );
      const graph = await graphOf(s, await repo.flowOf(s, input.node_id));
      const { select, exits } = await exitsNow(s, business.id, graph, nodeOf(graph, input.node_id));
      // The business ends with the last open row; a nested project's last row returns to its nest.
      const here = await repo.row(s, at.id);
      const endLeads: EndLeads =
        (await repo.openRows(s, business.id, here.id)) === 0
          ? 'business'
          : here.parent_id !== null &&
              (await repo.openUnder(s, here.parent_id)) === 1 &&
              (await repo.row(s, here.parent_id)).state === BUSINESS_PATH_STATE.nested
            ? 'back'
            : 'branch';
      return {
        select,
        exits,
        end_leads: endLeads,
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
      const graph = await graphOf(t, await repo.flowOf(t, v.nodeId));
      const node = nodeOf(graph, v.nodeId);
      const { exits } = await exitsNow(t, v.businessId, graph, node);
      // A jump never comes back: any of its drawn ways stands for it.
      const exit =
        v.tranId === END_EXIT
          ? (exits.find((e) => e.kind === 'end') ??
            (node.node_type === JUMP_NODE_TYPE ? exits[0] : undefined))
          : exits.find((e) => e.id === v.tranId);
      if (!exit) throw new AppError('BUSINESS_EXIT_UNKNOWN', undefined, 'tran_id');
      const at = nowIso();
      const here = await repo.row(t, v.path.id);
      if (!(await repo.leave(t, v.path.id, at)))
        throw new AppError('BUSINESS_NODE_ENDED', undefined, 'node_id');
      const moved = await move(t, { businessId: v.businessId, graph, node, exit, from: here, at });
      const entered = moved.entered;
      let said = `结束环节“${node.name || node.task_id}”${moved.said}`;
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

    /**
     * Finishes the business early (提前结束; the seat's command was checked by the seat service):
     * every open node is left and the business ends, without waiting for experiences.
     */
    async finishEarly(t: CompanyScope, businessId: number) {
      const at = nowIso();
      await repo.leaveAll(t, businessId, at);
      await repo.finish(t, businessId, at);
    },

    /**
     * The run on its diagram: a node left blue, the current red, a merge waited at orange (watchers
     * too). While a jump's or nest's project runs, its own diagram (the project named) is shown.
     */
    async transPath(caller: Caller | null, companyId: number, businessId: number): Promise<TransPath> {
      const { s, business } = await deps.sight(caller, companyId, businessId);
      const rows = await repo.path(s, business.id);
      const open = rows.filter(
        (r) => r.state === BUSINESS_PATH_STATE.current || r.state === BUSINESS_PATH_STATE.waiting,
      );
      // The latest open row's project (the innermost that runs now); the business's own when none is open.
      const inner = open.at(-1) ?? rows.find((r) => r.project_id === business.project_id) ?? rows.at(-1);
      const flowId = inner?.flow_id ?? business.flow_id;
      const mine = rows.filter((r) => r.flow_id === flowId);
      const of = (...states: number[]) => [
        ...new Set(mine.filter((r) => states.includes(r.state)).map((r) => r.task_id)),
      ];
      const current = of(BUSINESS_PATH_STATE.current);
      const waiting = of(BUSINESS_PATH_STATE.waiting);
      return {
        xml: await repo.xml(s, flowId),
        current,
        waiting,
        // A nest node whose project runs counts as left here: its project is drawn meanwhile.
        visited: of(BUSINESS_PATH_STATE.done, BUSINESS_PATH_STATE.nested).filter(
          (t) => !current.includes(t) && !waiting.includes(t),
        ),
        project_name:
          inner?.project_id != null && inner.project_id !== business.project_id
            ? await repo.projectName(s, inner.project_id)
            : null,
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
