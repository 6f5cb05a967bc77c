import {
  beginNodes,
  FLOW_ACTIONS,
  FLOW_DRAFT,
  FLOW_SET_UP,
  type FlowAction,
  type FlowSetup,
  isNodeType,
  isRunNode,
  NODE_TYPES,
  SCENE_NODE_TYPES,
  SELECT_DECIDE_NODE_TYPE,
  SETUP_LIMITS,
  STANDARD_ACTIONS,
  STANDARD_POSITIONS,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import type { IncomingFile } from '#server/platform/files/stored-files.ts';
import { nowIso } from '#server/platform/time.ts';
import { workflowRepository as flows } from './workflow.repository.ts';
import { setupRepository as setup } from './workflow-setup.repository.ts';

type SetupNodeRow = Awaited<ReturnType<typeof setup.nodes>>[number];
type ModuleRow = Awaited<ReturnType<typeof setup.modules>>[number];

/** Nodes a run steps through: what the wizard sets up. */
const nodeName = (n: { name: string; task_id: string }) => `环节“${n.name || n.task_id}”`;
const typeName = (t: number | null) => (isNodeType(t) ? NODE_TYPES[t] : '未设置');

/** A refusal listing what is wrong (at most eight named). */
function refuse(problems: string[]): never {
  const more = problems.length > 8 ? `；等 ${problems.length} 处` : '';
  throw new AppError('FLOW_SETUP_ERROR', `流程设置有误：${problems.slice(0, 8).join('；')}${more}`);
}

/** The actions and positions a node's module offers: the company's module, or the type's standard one. */
function offerOf(node: SetupNodeRow, modules: readonly ModuleRow[]) {
  const own = node.module_id === null ? undefined : modules.find((m) => m.id === node.module_id);
  const type = isNodeType(node.node_type) ? node.node_type : undefined;
  return {
    actions: new Set<string>(own ? own.actions : type ? STANDARD_ACTIONS[type] : []),
    positions: new Set<string>(
      SCENE_NODE_TYPES.includes(node.node_type ?? 0)
        ? own && own.positions.length > 0
          ? own.positions
          : STANDARD_POSITIONS
        : [],
    ),
  };
}

/**
 * The set-up wizard of a flow (issue 36, spec §4): each step saved checks what it holds and opens
 * the next (the flow's `step`), never further than the steps before it allow; all of a flow's
 * set-up is its company's, and a published flow's never changes.
 */
export function setupService(
  db: Database,
  deps: { storeFile: (caller: Caller, file: IncomingFile) => Promise<{ id: number; name: string }> },
) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  /** The caller's draft flow, drawn, whose stored step lets `step` be saved. */
  async function draftAt(s: CompanyScope, flowId: number, step: number) {
    const flow = await flows.flow(s, flowId);
    if (!flow) throw new AppError('NOT_FOUND', '流程不存在或已被删除', 'flow_id');
    if (flow.status !== FLOW_DRAFT) throw new AppError('FLOW_PUBLISHED');
    if (flow.step === null) throw new AppError('FLOW_NOT_DRAWN', '流程还没有流程图，请先绘制流程图');
    if (flow.step < step) throw new AppError('FLOW_STEP_INCOMPLETE');
    return flow;
  }

  async function read(s: CompanyScope, flowId: number): Promise<FlowSetup> {
    const row = await flows.flow(s, flowId);
    if (!row) throw new AppError('NOT_FOUND', '流程不存在或已被删除', 'flow_id');
    const [nodes, modules, docs, roles, positions, counts] = await Promise.all([
      setup.nodes(s, flowId),
      setup.modules(s),
      setup.docs(s, flowId),
      setup.roles(s, flowId),
      setup.positions(s),
      flows.nodeCounts(s, [flowId]),
    ]);
    const { xml: _, unpublishable: __, ...flow } = row;
    return {
      flow: { ...flow, node_count: counts.get(flowId) ?? 0 },
      nodes: nodes as FlowSetup['nodes'],
      modules: modules as FlowSetup['modules'],
      docs,
      roles: roles as FlowSetup['roles'],
      positions,
    };
  }

  /** Opens step `next` unless the flow is already further on. */
  const advance = (s: CompanyScope, flow: { id: number; step: number | null }, next: number) =>
    (flow.step ?? 0) < next ? setup.setStep(s, flow.id, next, nowIso()) : undefined;

  async function runNodesOf(s: CompanyScope, flowId: number) {
    return (await setup.nodes(s, flowId)).filter(isRunNode);
  }

  function nodeIdsChecked(runNodes: readonly SetupNodeRow[], ids: readonly number[]) {
    const known = new Set(runNodes.map((n) => n.id));
    if (ids.some((i) => !known.has(i)))
      throw new AppError('NOT_FOUND', '环节不存在或不属于该流程', 'node_ids');
    return [...new Set(ids)];
  }

  return {
    async get(caller: Caller, flowId: number) {
      return read(scopeOf(caller), flowId);
    },

    /** Step 0: each node's program module (of the node's type), `look_on` and extra exits. */
    async setNodes(
      caller: Caller,
      input: {
        flow_id: number;
        nodes: {
          node_id: number;
          module_id?: number | null | undefined;
          look_on: 0 | 1;
          extra_exits: string[];
        }[];
      },
    ) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const flow = await draftAt(s, input.flow_id, 0);
        const [runNodes, modules] = await Promise.all([runNodesOf(s, flow.id), setup.modules(s)]);
        const byId = new Map(runNodes.map((n) => [n.id, n]));
        const problems: string[] = [];
        for (const given of input.nodes) {
          const node = byId.get(given.node_id);
          if (!node) throw new AppError('NOT_FOUND', '环节不存在或不属于该流程', 'nodes');
          const module = given.module_id == null ? undefined : modules.find((m) => m.id === given.module_id);
          if (given.module_id != null && !module) problems.push(`${nodeName(node)}的程序模块不存在`);
          else if (module && module.node_type !== node.node_type)
            problems.push(`${nodeName(node)}是“${typeName(node.node_type)}”环节，不能用“${module.name}”模块`);
          if (new Set(given.extra_exits).size !== given.extra_exits.length)
            problems.push(`${nodeName(node)}的其他出口有重名`);
        }
        if (problems.length > 0) refuse(problems);
        await setup.writeNodeSettings(
          s,
          flow.id,
          input.nodes.map((n) => ({ ...n, module_id: n.module_id ?? null })),
        );
        await advance(s, flow, 1);
        await audit(trx, caller, {
          action: 'update',
          entity: 'flows',
          entityId: flow.id,
          after: { step: 0, nodes: input.nodes.length },
        });
      });
      return read(scopeOf(caller), input.flow_id);
    },

    /**
     * Step 1: a material uploaded into the company's file store, its usage and the nodes it is
     * given in. Everything is checked before the file is stored.
     */
    async createDoc(
      caller: Caller,
      input: {
        flow_id: number;
        file: IncomingFile;
        name?: string | undefined;
        usage: number;
        node_ids: number[];
      },
    ) {
      const s0 = scopeOf(caller);
      const checked = await draftAt(s0, input.flow_id, 1);
      nodeIdsChecked(await runNodesOf(s0, checked.id), input.node_ids);
      const file = await deps.storeFile(caller, input.file);
      const docId = await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const flow = await draftAt(s, input.flow_id, 1);
        const values = {
          flow_id: flow.id,
          file_id: file.id,
          name: input.name || file.name.slice(0, SETUP_LIMITS.docName),
          usage: input.usage,
          node_ids: nodeIdsChecked(await runNodesOf(s, flow.id), input.node_ids),
        };
        const made = await setup.insertDoc(s, values, nowIso());
        await audit(trx, caller, { action: 'create', entity: 'flow_docs', entityId: made, after: values });
        return made;
      });
      const [doc] = await setup.docs(scopeOf(caller), input.flow_id, docId);
      return doc as NonNullable<typeof doc>;
    },

    async updateDoc(
      caller: Caller,
      input: { doc_id: number; name: string; usage: number; node_ids: number[] },
    ) {
      const flowId = await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const before = await setup.doc(s, input.doc_id);
        if (!before) throw new AppError('NOT_FOUND', '素材不存在或已被删除', 'doc_id');
        const flow = await draftAt(s, before.flow_id, 1);
        const values = {
          name: input.name,
          usage: input.usage,
          node_ids: nodeIdsChecked(await runNodesOf(s, flow.id), input.node_ids),
        };
        await setup.updateDoc(s, input.doc_id, values, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'flow_docs',
          entityId: input.doc_id,
          before: { name: before.name, usage: before.usage, node_ids: before.node_ids },
          after: values,
        });
        return flow.id;
      });
      const [doc] = await setup.docs(scopeOf(caller), flowId, input.doc_id);
      return doc as NonNullable<typeof doc>;
    },

    async removeDoc(caller: Caller, docId: number) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const before = await setup.doc(s, docId);
        if (!before) throw new AppError('NOT_FOUND', '素材不存在或已被删除', 'doc_id');
        await draftAt(s, before.flow_id, 1);
        await setup.removeDoc(s, docId, nowIso());
        await audit(trx, caller, { action: 'delete', entity: 'flow_docs', entityId: docId, before });
      });
      return { count: 1 };
    },

    /** Step 1 done: materials are optional, so this only opens step 2. */
    async setDocs(caller: Caller, flowId: number) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        await advance(s, await draftAt(s, flowId, 1), 2);
      });
      return read(scopeOf(caller), flowId);
    },

    /**
     * Step 2: the roles, whole. One role starts the business and takes part in the node it begins
     * in; every node has a role in it and one that may end it.
     */
    async setRoles(
      caller: Caller,
      input: {
        flow_id: number;
        roles: {
          id?: number | undefined;
          name: string;
          capacity: number;
          position_id?: number | null | undefined;
          can_start: 0 | 1;
          nodes: { node_id: number; can_terminate: 0 | 1; can_brought: 0 | 1 }[];
        }[];
      },
    ) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const flow = await draftAt(s, input.flow_id, 2);
        const [allNodes, roles, positions] = await Promise.all([
          setup.nodes(s, flow.id),
          setup.roles(s, flow.id),
          setup.positions(s),
        ]);
        const runNodes = allNodes.filter(isRunNode);
        const known = new Set(roles.map((r) => r.id));
        const problems: string[] = [];
        if (input.roles.length === 0) problems.push('请至少设置一个角色');
        for (const r of input.roles) {
          if (r.id !== undefined && !known.has(r.id))
            throw new AppError('NOT_FOUND', '角色不存在或不属于该流程', 'roles');
          if (r.position_id != null && !positions.some((p) => p.id === r.position_id))
            problems.push(`角色“${r.name}”的职务不存在`);
          nodeIdsChecked(
            runNodes,
            r.nodes.map((n) => n.node_id),
          );
          if (new Set(r.nodes.map((n) => n.node_id)).size !== r.nodes.length)
            problems.push(`角色“${r.name}”的参与环节有重复`);
          if (r.nodes.length === 0) problems.push(`角色“${r.name}”没有参与的环节`);
        }
        const names = input.roles.map((r) => r.name);
        const twice = names.filter((n, i) => names.indexOf(n) !== i);
        if (twice.length > 0) problems.push(`角色名称重复：${[...new Set(twice)].join('、')}`);
        const starters = input.roles.filter((r) => r.can_start === 1);
        if (input.roles.length > 0 && starters.length !== 1)
          problems.push(`须有且只有一个发起业务的角色（现有 ${starters.length} 个）`);
        const starter = starters.length === 1 ? starters[0] : undefined;
        if (starter) {
          const first = beginNodes(allNodes, await flows.transitions(s, flow.id));
          for (const n of first)
            if (!starter.nodes.some((x) => x.node_id === n.id))
              problems.push(`发起业务的角色“${starter.name}”须参与业务开始的${nodeName(n)}`);
        }
        for (const n of runNodes) {
          const in_ = input.roles.filter((r) => r.nodes.some((x) => x.node_id === n.id));
          if (in_.length === 0) problems.push(`${nodeName(n)}没有角色参与`);
          else if (!in_.some((r) => r.nodes.some((x) => x.node_id === n.id && x.can_terminate === 1)))
            problems.push(`${nodeName(n)}没有可以结束环节的角色`);
        }
        if (problems.length > 0) refuse(problems);
        await setup.writeRoles(
          s,
          flow.id,
          input.roles.map((r, sort) => ({
            id: r.id,
            values: {
              name: r.name,
              capacity: r.capacity,
              position_id: r.position_id ?? null,
              can_start: r.can_start,
              sort,
            },
            nodes: r.nodes,
          })),
        );
        await advance(s, flow, 3);
        await audit(trx, caller, {
          action: 'update',
          entity: 'flows',
          entityId: flow.id,
          before: { roles: roles.map((r) => r.name) },
          after: { roles: names },
        });
      });
      return read(scopeOf(caller), input.flow_id);
    },

    /**
     * Step 3: per role and node the actions offered (what the node's module offers; 结束环节 only
     * to a role that may end it) and, in a scene, the position; a 判断与选择 node's items. Saved
     * whole, then every role in every node must have an action: the flow is set up.
     */
    async setModules(
      caller: Caller,
      input: {
        flow_id: number;
        allocations: {
          role_id: number;
          node_id: number;
          actions: FlowAction[];
          position?: string | undefined;
        }[];
        decides: {
          node_id: number;
          title: string;
          description?: string | undefined;
          mode?: number | undefined;
          items: { title: string; description?: string | undefined }[];
        }[];
      },
    ) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const flow = await draftAt(s, input.flow_id, 3);
        const [runNodes, modules, roles] = await Promise.all([
          runNodesOf(s, flow.id),
          setup.modules(s),
          setup.roles(s, flow.id),
        ]);
        const nodeById = new Map(runNodes.map((n) => [n.id, n]));
        const problems: string[] = [];
        const given = new Map(input.allocations.map((a) => [`${a.role_id}:${a.node_id}`, a]));
        for (const a of input.allocations) {
          const role = roles.find((r) => r.id === a.role_id);
          const link = role?.nodes.find((n) => n.node_id === a.node_id);
          const node = nodeById.get(a.node_id);
          if (!role || !link || !node)
            throw new AppError('NOT_FOUND', '角色不参与该环节，或不属于该流程', 'allocations');
          const offer = offerOf(node, modules);
          for (const act of a.actions)
            if (!offer.actions.has(act))
              problems.push(`${nodeName(node)}的模块不提供“${FLOW_ACTIONS[act]}”（角色“${role.name}”）`);
          if (a.actions.includes('end') && link.can_terminate !== 1)
            problems.push(`角色“${role.name}”不能结束${nodeName(node)}，不能给它“${FLOW_ACTIONS.end}”`);
          const position = a.position ?? '';
          if (position && !offer.positions.has(position))
            problems.push(`${nodeName(node)}没有站位“${position}”（角色“${role.name}”）`);
        }
        for (const role of roles)
          for (const link of role.nodes) {
            const a = given.get(`${role.id}:${link.node_id}`);
            const actions = a ? a.actions : link.actions;
            const node = nodeById.get(link.node_id);
            if (node && actions.length === 0)
              problems.push(`角色“${role.name}”在${nodeName(node)}没有可用的动作`);
          }
        const decided = new Map(input.decides.map((d) => [d.node_id, d]));
        for (const d of input.decides) {
          const node = nodeById.get(d.node_id);
          if (!node) throw new AppError('NOT_FOUND', '环节不存在或不属于该流程', 'decides');
          if (node.node_type !== SELECT_DECIDE_NODE_TYPE)
            problems.push(`${nodeName(node)}不是“${NODE_TYPES[SELECT_DECIDE_NODE_TYPE]}”环节，没有选项`);
          if (d.items.length < 2) problems.push(`${nodeName(node)}至少要有两个选项`);
          const titles = d.items.map((i) => i.title);
          if (new Set(titles).size !== titles.length) problems.push(`${nodeName(node)}的选项有重名`);
        }
        for (const n of runNodes)
          if (n.node_type === SELECT_DECIDE_NODE_TYPE && !decided.has(n.id) && n.decide === null)
            problems.push(`${nodeName(n)}还没有设置判断与选择的选项`);
        if (problems.length > 0) refuse(problems);
        for (const a of input.allocations)
          await setup.setRoleNode(s, flow.id, { ...a, position: a.position ?? '' });
        for (const d of input.decides)
          await setup.setDecide(
            s,
            flow.id,
            d.node_id,
            JSON.stringify({
              title: d.title,
              description: d.description ?? '',
              mode: d.mode ?? 0,
              items: d.items.map((i) => ({ title: i.title, description: i.description ?? '' })),
            }),
          );
        await advance(s, flow, FLOW_SET_UP);
        await audit(trx, caller, {
          action: 'update',
          entity: 'flows',
          entityId: flow.id,
          after: { step: 3, allocations: input.allocations.length, decides: input.decides.length },
        });
      });
      return read(scopeOf(caller), input.flow_id);
    },
  };
}
export type SetupService = ReturnType<typeof setupService>;
