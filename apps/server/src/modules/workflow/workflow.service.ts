import {
  FLOW_DRAFT,
  FLOW_LIMITS,
  FLOW_PUBLISHED,
  FLOW_SET_UP,
  type Flow,
  type FlowDetail,
  isRunNode,
} from '@portal/contract';
import {
  BpmnFileError,
  checkFlow,
  elementLabel,
  type FlowGraph,
  flowGraph,
  readBpmn,
} from '@portal/contract/bpmn';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { type FlowFilter, type FlowValues, workflowRepository as repo } from './workflow.repository.ts';
import { setupRepository } from './workflow-setup.repository.ts';

interface FlowInput {
  name: string;
  type_label?: string | undefined;
  task_label?: string | undefined;
  description?: string | undefined;
}

type FlowRow = NonNullable<Awaited<ReturnType<typeof repo.flow>>>;

const valuesOf = (input: FlowInput): FlowValues => ({
  name: input.name,
  type_label: input.type_label ?? '',
  task_label: input.task_label ?? '',
  description: input.description ?? '',
});

const flowItem = (r: Omit<FlowRow, 'xml' | 'unpublishable'>, nodeCount: number): Flow => {
  const { xml: _, unpublishable: __, ...item } = r as FlowRow;
  return { ...item, node_count: nodeCount };
};

/**
 * A drawing read and checked: the graph, or the refusal — a hostile or unreadable file
 * (FLOW_FILE_REFUSED), a drawing that fails the checks (FLOW_CHART_ERROR, each problem naming its
 * element in Chinese). Nothing is written before this passes.
 */
async function readDrawing(xml: string): Promise<{ graph: FlowGraph; unpublishable: string[] }> {
  let graph: FlowGraph;
  try {
    graph = flowGraph((await readBpmn(xml)).definitions);
  } catch (err) {
    if (err instanceof BpmnFileError) throw new AppError('FLOW_FILE_REFUSED', err.message, 'xml');
    throw err;
  }
  const { errors, unpublishable } = checkFlow(graph);
  if (errors.length > 0) {
    const shown = errors.slice(0, 8).join('；');
    const more = errors.length > 8 ? `；等 ${errors.length} 处` : '';
    throw new AppError('FLOW_CHART_ERROR', `流程图有误，不能保存：${shown}${more}`, 'xml');
  }
  return { graph, unpublishable };
}

/**
 * Flows of the training area (issue 36): a company's managers draw, copy, publish and delete them.
 * Every call is the caller's company's; a published flow is never changed in place.
 */
export function workflowService(db: Database) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  async function flowOrThrow(s: CompanyScope, id: number) {
    const row = await repo.flow(s, id);
    if (!row) throw new AppError('NOT_FOUND', '流程不存在或已被删除', 'flow_id');
    return row;
  }
  const draftOrThrow = async (s: CompanyScope, id: number) => {
    const row = await flowOrThrow(s, id);
    if (row.status !== FLOW_DRAFT) throw new AppError('FLOW_PUBLISHED');
    return row;
  };

  async function detail(s: CompanyScope, row: FlowRow): Promise<FlowDetail> {
    const [nodes, transitions] = await Promise.all([repo.nodes(s, row.id), repo.transitions(s, row.id)]);
    const runNodes = nodes.filter(isRunNode).length;
    return {
      ...flowItem(row, runNodes),
      xml: row.xml,
      nodes,
      transitions,
      unpublishable: JSON.parse(row.unpublishable) as string[],
    };
  }

  return {
    async list(caller: Caller, f: FlowFilter, p: PageParams) {
      const s = scopeOf(caller);
      const { count, results } = await repo.page(s, f, p);
      const counts = await repo.nodeCounts(
        s,
        results.map((r) => r.id),
      );
      return paged({ count, results: results.map((r) => flowItem(r, counts.get(r.id) ?? 0)) }, p);
    },

    async get(caller: Caller, flowId: number) {
      const s = scopeOf(caller);
      return detail(s, await flowOrThrow(s, flowId));
    },

    async create(caller: Caller, input: FlowInput) {
      const values = valuesOf(input);
      const id = await db.transaction().execute(async (trx) => {
        const made = await repo.insert(scopeOf(caller, trx), values, nowIso());
        await audit(trx, caller, { action: 'create', entity: 'flows', entityId: made, after: values });
        return made;
      });
      const s = scopeOf(caller);
      return flowItem(await flowOrThrow(s, id), 0);
    },

    async update(caller: Caller, input: FlowInput & { flow_id: number }) {
      const values = valuesOf(input);
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const before = await draftOrThrow(s, input.flow_id);
        await repo.update(s, input.flow_id, values, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'flows',
          entityId: input.flow_id,
          before: valuesOf(before),
          after: values,
        });
      });
      const s = scopeOf(caller);
      const row = await flowOrThrow(s, input.flow_id);
      return flowItem(row, (await repo.nodeCounts(s, [row.id])).get(row.id) ?? 0);
    },

    /**
     * Saves a drawing: read and checked first (nothing is written when it fails), then the XML as
     * given, its nodes (kept ones keep their set-up) and transitions in one transaction. Nodes that
     * are gone take their set-up with them: once the set-up has begun, the caller confirms that
     * first (`confirm_discard`), having been told which.
     */
    async draw(
      caller: Caller,
      input: { flow_id: number; xml: string; confirm_discard?: number | undefined },
    ) {
      const { graph, unpublishable } = await readDrawing(input.xml);
      const nodes = graph.nodes.map((n) => ({
        task_id: n.id,
        name: n.name,
        kind: n.kind,
        node_type: n.nodeType,
      }));
      const transitions = graph.flows.map((f) => ({
        sequence_flow_id: f.id,
        name: f.name,
        source: f.source,
        target: f.target,
      }));
      const drawn = new Set(nodes.map((n) => n.task_id));
      const discarded = await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const flow = await draftOrThrow(s, input.flow_id);
        const before = await repo.nodes(s, flow.id);
        const gone = before.filter((n) => !drawn.has(n.task_id));
        const named = gone.map((n) =>
          elementLabel({ type: typeOfKind(n.kind), name: n.name, id: n.task_id }),
        );
        if (gone.length > 0 && flow.step !== null && flow.step > 0 && input.confirm_discard !== 1)
          throw new AppError(
            'FLOW_DISCARD_CONFIRM',
            `保存后将删除这些环节及其设置：${named.slice(0, 10).join('、')}${named.length > 10 ? ` 等 ${named.length} 个` : ''}。请确认后再保存`,
          );
        const at = nowIso();
        // Nodes added, removed or retyped need setting up: the wizard is walked again from step 0
        // (what is kept stays filled in).
        const typed = new Map(before.map((n) => [n.task_id, n.node_type]));
        const changed =
          gone.length > 0 || nodes.some((n) => !typed.has(n.task_id) || typed.get(n.task_id) !== n.node_type);
        await repo.update(
          s,
          flow.id,
          {
            xml: input.xml,
            unpublishable: JSON.stringify(unpublishable),
            step: changed ? 0 : (flow.step ?? 0),
          },
          at,
        );
        await setupRepository.dropNodes(
          s,
          flow.id,
          gone.map((n) => n.id),
        );
        await repo.writeNodes(
          s,
          flow.id,
          nodes,
          gone.map((n) => n.task_id),
        );
        await repo.writeTransitions(s, flow.id, transitions);
        await audit(trx, caller, {
          action: 'update',
          entity: 'flows',
          entityId: flow.id,
          before: { nodes: before.length },
          after: { nodes: nodes.length, transitions: transitions.length, discarded: named },
        });
        return named;
      });
      const s = scopeOf(caller);
      return { flow: await detail(s, await flowOrThrow(s, input.flow_id)), discarded };
    },

    /** A draft copy (any flow, published or not): the drawing, its nodes with their set-up, its transitions. */
    async copy(caller: Caller, flowId: number) {
      const id = await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const from = await flowOrThrow(s, flowId);
        const name = `${from.name}（副本）`.slice(0, FLOW_LIMITS.name);
        const made = await repo.insert(
          s,
          { ...valuesOf(from), name, xml: from.xml, step: from.step, unpublishable: from.unpublishable },
          nowIso(),
        );
        await repo.copyParts(s, from.id, made);
        await setupRepository.copySetup(s, from.id, made, nowIso());
        await audit(trx, caller, {
          action: 'create',
          entity: 'flows',
          entityId: made,
          after: { copy_of: from.id, name },
        });
        return made;
      });
      const s = scopeOf(caller);
      const row = await flowOrThrow(s, id);
      return flowItem(row, (await repo.nodeCounts(s, [row.id])).get(row.id) ?? 0);
    },

    /**
     * Publishes a draft whose drawing passes the checks and holds nothing the engine cannot run
     * (each reason named). Two publishes at once: one publishes, the other is told it is published.
     */
    async publish(caller: Caller, flowId: number) {
      const s = scopeOf(caller);
      const flow = await draftOrThrow(s, flowId);
      if (!flow.xml) throw new AppError('FLOW_NOT_DRAWN');
      const { unpublishable } = await readDrawing(flow.xml);
      if (unpublishable.length > 0)
        throw new AppError(
          'FLOW_UNPUBLISHABLE',
          `流程图含有不能运行的元素，不能发布：${unpublishable.slice(0, 8).join('；')}`,
        );
      if ((flow.step ?? 0) < FLOW_SET_UP) throw new AppError('FLOW_NOT_SET_UP');
      await db.transaction().execute(async (trx) => {
        if (!(await repo.publish(scopeOf(caller, trx), flowId, nowIso())))
          throw new AppError('FLOW_PUBLISHED');
        await audit(trx, caller, {
          action: 'update',
          entity: 'flows',
          entityId: flowId,
          before: { status: FLOW_DRAFT },
          after: { status: FLOW_PUBLISHED },
        });
      });
      const row = await flowOrThrow(s, flowId);
      return flowItem(row, (await repo.nodeCounts(s, [row.id])).get(row.id) ?? 0);
    },

    async remove(caller: Caller, flowId: number) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const before = await flowOrThrow(s, flowId);
        const projects = await repo.projectNames(s, flowId);
        if (projects.length > 0)
          throw new AppError(
            'FLOW_IN_USE',
            `流程已用于实训项目${projects.map((p) => `“${p}”`).join('、')}，删除项目后才能删除流程`,
          );
        await repo.remove(s, flowId, nowIso());
        await audit(trx, caller, {
          action: 'delete',
          entity: 'flows',
          entityId: flowId,
          before: valuesOf(before),
        });
      });
      return { count: 1 };
    },
  };
}
export type WorkflowService = ReturnType<typeof workflowService>;

/** A stored node's kind as the element type a message names (the drawing is gone). */
function typeOfKind(kind: string): string {
  return (
    {
      start: 'bpmn:StartEvent',
      end: 'bpmn:EndEvent',
      task: 'bpmn:Task',
      exclusive: 'bpmn:ExclusiveGateway',
      parallel: 'bpmn:ParallelGateway',
      nest: 'bpmn:SubProcess',
    }[kind] ?? '环节'
  );
}
