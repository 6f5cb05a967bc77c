import { sql } from 'kysely';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** A role as the wizard's step 2 writes it: its values, and its nodes. */
export interface RoleValues {
  name: string;
  capacity: number;
  position_id: number | null;
  can_start: number;
  sort: number;
}

export interface RoleNodeValues {
  node_id: number;
  can_terminate: number;
  can_brought: number;
}

const parseList = <T>(text: string): T[] => JSON.parse(text) as T[];

/** A flow's set-up: node settings, materials, roles and their nodes — every statement through the company's scope. */
export const setupRepository = {
  nodes: async (s: CompanyScope, flowId: number) =>
    (
      await s
        .selectFrom('flow_nodes', 'n')
        .select([
          'n.id',
          'n.task_id',
          'n.name',
          'n.kind',
          'n.node_type',
          'n.module_id',
          'n.look_on',
          'n.extra_exits',
          'n.decide',
        ])
        .where('n.flow_id', '=', flowId)
        .orderBy('n.position')
        .execute()
    ).map((n) => ({
      ...n,
      extra_exits: parseList<string>(n.extra_exits),
      decide: n.decide === null ? null : JSON.parse(n.decide),
    })),

  /** The company's program modules (模块管理), by node type. */
  modules: async (s: CompanyScope) =>
    (
      await s
        .selectFrom('program_modules', 'm')
        .select(['m.id', 'm.name', 'm.node_type', 'm.actions', 'm.positions', 'm.can_switch'])
        .orderBy('m.node_type')
        .orderBy('m.sort')
        .orderBy('m.id')
        .execute()
    ).map((m) => ({
      ...m,
      actions: parseList<string>(m.actions),
      positions: parseList<string>(m.positions),
    })),

  /** The company's positions (职务), which a role is played by. */
  positions: (s: CompanyScope) =>
    s.selectFrom('positions', 'p').select(['p.id', 'p.name']).orderBy('p.sort').orderBy('p.id').execute(),

  docs: async (s: CompanyScope, flowId: number, docId?: number) => {
    let q = s
      .selectFrom('flow_docs', 'd')
      .innerJoin('files as f', 'f.id', 'd.file_id')
      .select([
        'd.id',
        'd.name',
        'd.usage',
        'd.file_id',
        'f.name as file_name',
        'f.mime',
        'f.size',
        'd.node_ids',
      ])
      .where('d.flow_id', '=', flowId);
    if (docId !== undefined) q = q.where('d.id', '=', docId);
    return (await q.orderBy('d.id').execute()).map((d) => ({
      ...d,
      node_ids: parseList<number>(d.node_ids),
    }));
  },

  doc: (s: CompanyScope, docId: number) =>
    s
      .selectFrom('flow_docs', 'd')
      .select(['d.id', 'd.flow_id', 'd.name', 'd.usage', 'd.node_ids'])
      .where('d.id', '=', docId)
      .executeTakeFirst(),

  insertDoc: async (
    s: CompanyScope,
    v: { flow_id: number; file_id: number; name: string; usage: number; node_ids: number[] },
    at: string,
  ) =>
    (
      await s
        .insertInto('flow_docs', {
          ...v,
          node_ids: JSON.stringify(v.node_ids),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  updateDoc: (
    s: CompanyScope,
    docId: number,
    v: { name: string; usage: number; node_ids: number[] },
    at: string,
  ) =>
    s
      .updateTable('flow_docs')
      .set({ ...v, node_ids: JSON.stringify(v.node_ids), updated_at: at })
      .where('id', '=', docId)
      .execute(),

  removeDoc: (s: CompanyScope, docId: number, at: string) =>
    s.updateTable('flow_docs').set({ del_flag: 1, updated_at: at }).where('id', '=', docId).execute(),

  roles: async (s: CompanyScope, flowId: number) => {
    const roles = await s
      .selectFrom('flow_roles', 'r')
      .leftJoin('positions as p', 'p.id', 'r.position_id')
      .select([
        'r.id',
        'r.name',
        'r.capacity',
        'r.position_id',
        sql<string>`coalesce(p.name, '')`.as('position_name'),
        'r.can_start',
      ])
      .where('r.flow_id', '=', flowId)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute();
    const links = await s
      .selectFrom('flow_role_nodes', 'a')
      .innerJoin('flow_nodes as n', 'n.id', 'a.node_id')
      .select(['a.role_id', 'a.node_id', 'a.can_terminate', 'a.can_brought', 'a.actions', 'a.position'])
      .where('a.flow_id', '=', flowId)
      .orderBy('n.position')
      .execute();
    return roles.map((r) => ({
      ...r,
      nodes: links
        .filter((l) => l.role_id === r.id)
        .map(({ role_id: _, ...l }) => ({ ...l, actions: parseList<string>(l.actions) })),
    }));
  },

  /** Step 0: each node's module, `look_on` and extra exits. */
  async writeNodeSettings(
    s: CompanyScope,
    flowId: number,
    nodes: readonly { node_id: number; module_id: number | null; look_on: number; extra_exits: string[] }[],
  ) {
    for (const n of nodes)
      await s
        .updateTable('flow_nodes')
        .set({ module_id: n.module_id, look_on: n.look_on, extra_exits: JSON.stringify(n.extra_exits) })
        .where('flow_id', '=', flowId)
        .where('id', '=', n.node_id)
        .execute();
  },

  /**
   * Step 2: the roles as given — kept ones (by id) updated, others added, the rest removed with
   * their nodes; each role's nodes rewritten, a kept role-node keeping its actions and position.
   */
  async writeRoles(
    s: CompanyScope,
    flowId: number,
    roles: readonly { id: number | undefined; values: RoleValues; nodes: RoleNodeValues[] }[],
  ) {
    const keptIds = roles.flatMap((r) => (r.id === undefined ? [] : [r.id]));
    const gone = s.deleteFrom('flow_role_nodes').where('flow_id', '=', flowId);
    await (keptIds.length > 0 ? gone.where('role_id', 'not in', keptIds) : gone).execute();
    const goneRoles = s.deleteFrom('flow_roles').where('flow_id', '=', flowId);
    await (keptIds.length > 0 ? goneRoles.where('id', 'not in', keptIds) : goneRoles).execute();
    const before = await s
      .selectFrom('flow_role_nodes', 'a')
      .select(['a.role_id', 'a.node_id', 'a.actions', 'a.position'])
      .where('a.flow_id', '=', flowId)
      .execute();
    await s.deleteFrom('flow_role_nodes').where('flow_id', '=', flowId).execute();
    const rows = [];
    for (const r of roles) {
      let roleId = r.id;
      if (roleId === undefined)
        roleId = (
          await s
            .insertInto('flow_roles', { flow_id: flowId, ...r.values })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      else await s.updateTable('flow_roles').set(r.values).where('id', '=', roleId).execute();
      for (const n of r.nodes) {
        const kept = before.find((b) => b.role_id === roleId && b.node_id === n.node_id);
        rows.push({
          flow_id: flowId,
          role_id: roleId,
          ...n,
          actions: kept?.actions ?? '[]',
          position: kept?.position ?? '',
        });
      }
    }
    if (rows.length > 0) await s.insertInto('flow_role_nodes', rows).execute();
  },

  /** Step 3: the actions and position of a role in a node. */
  setRoleNode: (
    s: CompanyScope,
    flowId: number,
    v: { role_id: number; node_id: number; actions: string[]; position: string },
  ) =>
    s
      .updateTable('flow_role_nodes')
      .set({ actions: JSON.stringify(v.actions), position: v.position })
      .where('flow_id', '=', flowId)
      .where('role_id', '=', v.role_id)
      .where('node_id', '=', v.node_id)
      .execute(),

  setDecide: (s: CompanyScope, flowId: number, nodeId: number, decide: string | null) =>
    s
      .updateTable('flow_nodes')
      .set({ decide })
      .where('flow_id', '=', flowId)
      .where('id', '=', nodeId)
      .execute(),

  setStep: (s: CompanyScope, flowId: number, step: number, at: string) =>
    s.updateTable('flows').set({ step, updated_at: at }).where('id', '=', flowId).execute(),

  /** What refers to nodes a drawing removed goes with them (their role allocations and materials' mentions). */
  async dropNodes(s: CompanyScope, flowId: number, nodeIds: readonly number[]) {
    if (nodeIds.length === 0) return;
    await s
      .deleteFrom('flow_role_nodes')
      .where('flow_id', '=', flowId)
      .where('node_id', 'in', nodeIds)
      .execute();
    const gone = new Set(nodeIds);
    const docs = await s
      .selectFrom('flow_docs', 'd')
      .select(['d.id', 'd.node_ids'])
      .where('d.flow_id', '=', flowId)
      .execute();
    for (const d of docs) {
      const ids = parseList<number>(d.node_ids);
      if (ids.some((i) => gone.has(i)))
        await s
          .updateTable('flow_docs')
          .set({ node_ids: JSON.stringify(ids.filter((i) => !gone.has(i))) })
          .where('id', '=', d.id)
          .execute();
    }
  },

  /**
   * A copy's set-up from the original's: materials, roles and their nodes, the node ids mapped
   * through the BPMN ids both drawings share.
   */
  async copySetup(s: CompanyScope, from: number, to: number, at: string) {
    const map = new Map<number, number>();
    const [a, b] = await Promise.all(
      [from, to].map((f) =>
        s.selectFrom('flow_nodes', 'n').select(['n.id', 'n.task_id']).where('n.flow_id', '=', f).execute(),
      ),
    );
    const byTask = new Map((b ?? []).map((n) => [n.task_id, n.id]));
    for (const n of a ?? []) {
      const m = byTask.get(n.task_id);
      if (m !== undefined) map.set(n.id, m);
    }
    const mapIds = (text: string) =>
      JSON.stringify(parseList<number>(text).flatMap((i) => (map.has(i) ? [map.get(i) as number] : [])));
    const docs = await s
      .selectFrom('flow_docs', 'd')
      .select(['d.file_id', 'd.name', 'd.usage', 'd.node_ids'])
      .where('d.flow_id', '=', from)
      .orderBy('d.id')
      .execute();
    if (docs.length > 0)
      await s
        .insertInto(
          'flow_docs',
          docs.map((d) => ({
            ...d,
            flow_id: to,
            node_ids: mapIds(d.node_ids),
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    const roles = await s
      .selectFrom('flow_roles', 'r')
      .select(['r.id', 'r.name', 'r.capacity', 'r.position_id', 'r.can_start', 'r.sort'])
      .where('r.flow_id', '=', from)
      .orderBy('r.id')
      .execute();
    const links = await s
      .selectFrom('flow_role_nodes', 'a')
      .select(['a.role_id', 'a.node_id', 'a.can_terminate', 'a.can_brought', 'a.actions', 'a.position'])
      .where('a.flow_id', '=', from)
      .execute();
    for (const { id: roleId, ...r } of roles) {
      const made = (
        await s
          .insertInto('flow_roles', { ...r, flow_id: to })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const rows = links
        .filter((l) => l.role_id === roleId && map.has(l.node_id))
        .map((l) => ({ ...l, flow_id: to, role_id: made, node_id: map.get(l.node_id) as number }));
      if (rows.length > 0) await s.insertInto('flow_role_nodes', rows).execute();
    }
  },
};
