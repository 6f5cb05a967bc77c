import { RUN_NODE_KINDS } from '@portal/contract';
import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

export interface FlowFilter {
  keyword?: string | undefined;
  status?: number | undefined;
}

export interface FlowValues {
  name: string;
  type_label: string;
  task_label: string;
  description: string;
}

/** A node of a drawing as written: its BPMN id, name, kind and node type, in the drawing's order. */
export interface NodeValues {
  task_id: string;
  name: string;
  kind: string;
  node_type: number | null;
}

export interface TransitionValues {
  sequence_flow_id: string;
  name: string;
  source: string;
  target: string;
}

const FLOW_COLUMNS = [
  'f.id',
  'f.company_id',
  'f.name',
  'f.type_label',
  'f.task_label',
  'f.description',
  'f.status',
  'f.step',
  'f.created_by',
  // The audit times under the names every reply gives them (item-fields.ts auditTimes).
  'f.created_at as create_time',
  'f.updated_at as update_time',
] as const;

function flows(s: CompanyScope, f: FlowFilter) {
  let q = s.selectFrom('flows', 'f');
  if (f.keyword) q = q.where((eb) => containsLike(eb, ['f.name'], f.keyword ?? ''));
  if (f.status !== undefined) q = q.where('f.status', '=', f.status);
  return q;
}

/** Flows, their nodes and transitions: every statement through the company's scope. */
export const workflowRepository = {
  page: (s: CompanyScope, f: FlowFilter, p: PageParams) =>
    pageAndCount(flows(s, f), p, (q) =>
      q
        .leftJoin('users as u', 'u.id', 'f.created_by')
        .select([...FLOW_COLUMNS, personName().as('creator_name')])
        .orderBy('f.id', 'desc'),
    ),

  flow: (s: CompanyScope, id: number) =>
    flows(s, {})
      .leftJoin('users as u', 'u.id', 'f.created_by')
      .select([...FLOW_COLUMNS, personName().as('creator_name'), 'f.xml', 'f.unpublishable'])
      .where('f.id', '=', id)
      .executeTakeFirst(),

  /** Each flow's nodes a run steps through. */
  nodeCounts: async (s: CompanyScope, flowIds: readonly number[]) => {
    if (flowIds.length === 0) return new Map<number, number>();
    const rows = await s
      .selectFrom('flow_nodes', 'n')
      .select(['n.flow_id', sql<number>`count(*)`.as('n')])
      .where('n.flow_id', 'in', flowIds)
      .where('n.kind', 'in', RUN_NODE_KINDS)
      .groupBy('n.flow_id')
      .execute();
    return new Map(rows.map((r) => [r.flow_id, Number(r.n)]));
  },

  nodes: (s: CompanyScope, flowId: number) =>
    s
      .selectFrom('flow_nodes', 'n')
      .select(['n.id', 'n.task_id', 'n.name', 'n.kind', 'n.node_type', 'n.look_on'])
      .where('n.flow_id', '=', flowId)
      .orderBy('n.position')
      .execute(),

  transitions: (s: CompanyScope, flowId: number) =>
    s
      .selectFrom('flow_transitions', 't')
      .select(['t.id', 't.sequence_flow_id', 't.name', 't.source', 't.target'])
      .where('t.flow_id', '=', flowId)
      .orderBy('t.id')
      .execute(),

  insert: async (
    s: CompanyScope,
    values: FlowValues & { xml?: string; step?: number | null; unpublishable?: string },
    at: string,
  ) => {
    const row = await s
      .insertInto('flows', { ...values, status: 1, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  update: (
    s: CompanyScope,
    id: number,
    values: Partial<FlowValues> & { xml?: string; unpublishable?: string; step?: number | null },
    at: string,
  ) =>
    s
      .updateTable('flows')
      .set({ ...values, updated_at: at })
      .where('id', '=', id)
      .execute(),

  /** Marks a flow published only while it is a draft: true when this call published it. */
  publish: async (s: CompanyScope, id: number, at: string) => {
    const r = await s
      .updateTable('flows')
      .set({ status: 2, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The live projects made on a flow (at most ten named). */
  projectNames: async (s: CompanyScope, flowId: number) =>
    (
      await s
        .selectFrom('flow_projects', 'p')
        .select('p.name')
        .where('p.flow_id', '=', flowId)
        .limit(10)
        .execute()
    ).map((r) => r.name),

  remove: (s: CompanyScope, id: number, at: string) =>
    s.updateTable('flows').set({ del_flag: 1, updated_at: at }).where('id', '=', id).execute(),

  /** The drawing's nodes: those gone deleted, the others renamed and retyped, new ones added. */
  async writeNodes(
    s: CompanyScope,
    flowId: number,
    nodes: readonly NodeValues[],
    removed: readonly string[],
  ) {
    if (removed.length > 0)
      await s
        .deleteFrom('flow_nodes')
        .where('flow_id', '=', flowId)
        .where('task_id', 'in', removed)
        .execute();
    const kept = new Map(
      (
        await s
          .selectFrom('flow_nodes', 'n')
          .select(['n.task_id', 'n.node_type'])
          .where('n.flow_id', '=', flowId)
          .execute()
      ).map((r) => [r.task_id, r.node_type]),
    );
    const fresh = [];
    for (const [position, n] of nodes.entries()) {
      if (kept.has(n.task_id)) {
        // A node retyped leaves its module and items behind: they were another type's.
        const retyped = kept.get(n.task_id) !== n.node_type ? { module_id: null, decide: null } : {};
        await s
          .updateTable('flow_nodes')
          .set({ name: n.name, kind: n.kind, node_type: n.node_type, position, ...retyped })
          .where('flow_id', '=', flowId)
          .where('task_id', '=', n.task_id)
          .execute();
      } else fresh.push({ flow_id: flowId, ...n, position });
    }
    if (fresh.length > 0) await s.insertInto('flow_nodes', fresh).execute();
  },

  async writeTransitions(s: CompanyScope, flowId: number, transitions: readonly TransitionValues[]) {
    await s.deleteFrom('flow_transitions').where('flow_id', '=', flowId).execute();
    if (transitions.length > 0)
      await s
        .insertInto(
          'flow_transitions',
          transitions.map((t) => ({ flow_id: flowId, ...t })),
        )
        .execute();
  },

  /** A copy's nodes (with their set-up) and transitions, from the original's. */
  async copyParts(s: CompanyScope, from: number, to: number) {
    const nodes = await s
      .selectFrom('flow_nodes', 'n')
      .select([
        'n.task_id',
        'n.name',
        'n.kind',
        'n.node_type',
        'n.look_on',
        'n.position',
        'n.module_id',
        'n.extra_exits',
        'n.decide',
      ])
      .where('n.flow_id', '=', from)
      .execute();
    if (nodes.length > 0)
      await s
        .insertInto(
          'flow_nodes',
          nodes.map((n) => ({ ...n, flow_id: to })),
        )
        .execute();
    const transitions = await s
      .selectFrom('flow_transitions', 't')
      .select(['t.sequence_flow_id', 't.name', 't.source', 't.target'])
      .where('t.flow_id', '=', from)
      .orderBy('t.id')
      .execute();
    if (transitions.length > 0)
      await s
        .insertInto(
          'flow_transitions',
          transitions.map((t) => ({ ...t, flow_id: to })),
        )
        .execute();
  },
};
