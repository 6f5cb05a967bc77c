import { isRunNode } from '@portal/contract';
import { TRAINING_NAMESPACE } from '@portal/contract/bpmn';
import { MULTIPART_TYPE, multipartBody, type UploadFile } from './harness.ts';

/** A process from its elements (no diagram: the server reads the semantics). */
export function bpmn(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:training="${TRAINING_NAMESPACE}" xmlns:ext="urn:someone:else" id="D" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="P">${body}</bpmn:process>
</bpmn:definitions>`;
}
export const seq = (id: string, from: string, to: string, name = '') =>
  `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"${name ? ` name="${name}"` : ''} />`;

// biome-ignore lint/suspicious/noExplicitAny: the replies are read as the tests read JSON
type Reply = { c: number; m?: string; d: any };
type Who = { headers: Record<string, string> };
type Post = (url: string, form: Record<string, string | number>, who?: Who) => Promise<Reply>;
type Get = (url: string, who?: Who) => Promise<Reply>;

/**
 * Walks a drawn flow through the set-up wizard as the simplest team does: standard modules, no
 * material, one role (经办人) that starts the business, takes part in every node and may end it,
 * offered 结束环节 and 退出 everywhere; a 判断与选择 node gets two items. Answers the last reply.
 */
export async function walkWizard(
  calls: { get: Get; post: Post },
  flowId: number,
  who: { headers: Record<string, string> },
) {
  const setup = (await calls.get(`/workflow/setup?flow_id=${flowId}`, who)).d;
  const runNodes = setup.nodes.filter(isRunNode);
  const steps = [
    await calls.post('/workflow/set/nodes', { flow_id: flowId, nodes: '[]' }, who),
    await calls.post('/workflow/set/docs', { flow_id: flowId }, who),
    await calls.post(
      '/workflow/set/roles',
      {
        flow_id: flowId,
        roles: JSON.stringify([
          {
            name: '经办人',
            capacity: 1,
            can_start: 1,
            nodes: runNodes.map((n: { id: number }) => ({ node_id: n.id, can_terminate: 1, can_brought: 0 })),
          },
        ]),
      },
      who,
    ),
  ];
  const roles = steps[2]?.d.roles ?? [];
  const last = await calls.post(
    '/workflow/set/modules',
    {
      flow_id: flowId,
      allocations: JSON.stringify(
        roles.flatMap((r: { id: number; nodes: { node_id: number }[] }) =>
          r.nodes.map((n) => ({ role_id: r.id, node_id: n.node_id, actions: ['end', 'exit'] })),
        ),
      ),
      decides: JSON.stringify(
        runNodes
          .filter((n: { node_type: number }) => n.node_type === 12)
          .map((n: { id: number }) => ({
            node_id: n.id,
            title: '是否同意',
            items: [{ title: '同意' }, { title: '不同意' }],
          })),
      ),
    },
    who,
  );
  for (const r of [...steps, last]) if (r.c !== 0) throw new Error(`wizard refused: ${r.m}`);
  return last;
}

type Injector = {
  inject(o: {
    method: 'POST';
    url: string;
    headers: Record<string, string>;
    payload: string | Buffer;
  }): Promise<{
    json(): Reply;
    body: string;
  }>;
};

/** Saves a drawing of the flow as the designer does (a form post of its XML): the reply. */
export async function drawFlow(
  app: Injector,
  who: Who,
  flowId: number,
  xml: string,
  extra: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/workflow/flow/draw',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...who.headers },
    payload: new URLSearchParams({ flow_id: String(flowId), xml, ...extra }).toString(),
  });
  return res.json();
}

/** A flow made, drawn, walked through the wizard (walkWizard) and published: its id. */
export async function publishedFlow(
  app: Injector,
  calls: { get: Get; post: Post },
  who: Who,
  name: string,
  xml: string,
) {
  const id = (await calls.post('/workflow/create', { name }, who)).d.id as number;
  const drawn = await drawFlow(app, who, id, xml);
  if (drawn.c !== 0) throw new Error(`drawing refused: ${drawn.m}`);
  await walkWizard(calls, id, who);
  const published = await calls.post('/workflow/publish', { flow_id: id }, who);
  if (published.c !== 0) throw new Error(`publishing refused: ${published.m}`);
  return id;
}

/** The settings of a plain project (free to open, whole graph, no targets or named users). */
export const PROJECT_BASICS = {
  level: 1,
  ability_target: 1,
  open_mode: 1,
  graph_view: 1,
  can_redo: 1,
  reference: 1,
  targets: '[]',
  target_user_ids: '[]',
};

/** A role besides 经办人: in the nodes named by BPMN id (`tasks`; every task when absent). */
export interface ExtraRole {
  name: string;
  capacity?: number;
  position_id?: number;
  tasks?: string[];
  /** It may end those nodes. */
  can_terminate?: 0 | 1;
  /** It is brought into those nodes by their host (带入). */
  can_brought?: 0 | 1;
  /** Offered in those nodes (FLOW_ACTIONS codes); else 退出 only. */
  actions?: string[];
  /** Its scene position there. */
  position?: string;
  /** The nodes (of `tasks`) the actions and position apply in; every one when absent. */
  in?: string[];
  /** Actions offered in a node (by BPMN id) other than `actions`. */
  actionsIn?: Record<string, string[]>;
}

/**
 * A flow drawn from `xml`, set up by walkWizard (经办人 starts, takes part in every node and may end
 * it) with `extra` roles beside, published, and a plain project on it (PROJECT_BASICS): the ids, and
 * the flow's nodes by BPMN id.
 */
export async function projectWithRoles(
  app: Injector,
  calls: { get: Get; post: Post },
  who: Who,
  v: {
    name: string;
    xml: string;
    extra: ExtraRole[];
    /** Nodes (BPMN ids) outsiders may watch (`look_on`). */
    watch?: string[];
    /**
     * 经办人's actions and position in the nodes `in` (every node when absent; else 结束环节 and 退出);
     * `actionsIn`: other actions in a node (by BPMN id).
     */
    starter?: { actions?: string[]; position?: string; in?: string[]; actionsIn?: Record<string, string[]> };
    /** Materials uploaded in step 1 (usage 3: a template), given in the nodes `tasks` (every node when absent). */
    docs?: { file: UploadFile; usage: number; tasks?: string[] }[];
    /** The project each jump or nest node (by BPMN id) goes on in. */
    targets?: Record<string, number>;
  },
) {
  const flowId = (await calls.post('/workflow/create', { name: v.name }, who)).d.id as number;
  const drawn = await drawFlow(app, who, flowId, v.xml);
  if (drawn.c !== 0) throw new Error(`drawing refused: ${drawn.m}`);
  await walkWizard(calls, flowId, who);
  const setup = (await calls.get(`/workflow/setup?flow_id=${flowId}`, who)).d;
  const nodeIds: Record<string, number> = Object.fromEntries(
    setup.nodes.map((n: { task_id: string; id: number }) => [n.task_id, n.id]),
  );
  const tasks = setup.nodes.filter(isRunNode).map((n: { task_id: string }) => n.task_id) as string[];
  for (const doc of v.docs ?? []) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/workflow/doc/create',
      headers: { ...who.headers, 'content-type': MULTIPART_TYPE },
      payload: multipartBody(
        {
          flow_id: String(flowId),
          usage: String(doc.usage),
          node_ids: JSON.stringify((doc.tasks ?? []).map((t) => nodeIds[t])),
        },
        doc.file,
      ),
    });
    if (res.json().c !== 0) throw new Error(`material refused: ${res.body}`);
  }
  if (v.watch) {
    const watched = await calls.post(
      '/workflow/set/nodes',
      {
        flow_id: flowId,
        nodes: JSON.stringify(
          v.watch.map((t) => ({ node_id: nodeIds[t], module_id: null, look_on: 1, extra_exits: [] })),
        ),
      },
      who,
    );
    if (watched.c !== 0) throw new Error(`nodes refused: ${watched.m}`);
  }
  const roles = [
    ...setup.roles.map((r: { id: number; name: string; nodes: { node_id: number }[] }) => ({
      id: r.id,
      name: r.name,
      capacity: 1,
      can_start: 1,
      nodes: r.nodes.map((n) => ({ node_id: n.node_id, can_terminate: 1, can_brought: 0 })),
    })),
    ...v.extra.map((r) => ({
      name: r.name,
      capacity: r.capacity ?? 1,
      can_start: 0,
      ...(r.position_id ? { position_id: r.position_id } : {}),
      nodes: (r.tasks ?? tasks).map((t) => ({
        node_id: nodeIds[t],
        can_terminate: r.can_terminate ?? 0,
        can_brought: r.can_brought ?? 0,
      })),
    })),
  ];
  const saved = await calls.post(
    '/workflow/set/roles',
    { flow_id: flowId, roles: JSON.stringify(roles) },
    who,
  );
  if (saved.c !== 0) throw new Error(`roles refused: ${saved.m}`);
  const allocations = saved.d.roles.flatMap(
    (r: { id: number; name: string; nodes: { node_id: number; can_terminate: number }[] }) => {
      const extra = v.extra.find((x) => x.name === r.name);
      const only = (extra ? extra.in : v.starter?.in)?.map((t) => nodeIds[t]);
      const taskOf = (nodeId: number) => Object.keys(nodeIds).find((t) => nodeIds[t] === nodeId) ?? '';
      return r.nodes.map((n) => {
        const set = only && !only.includes(n.node_id) ? undefined : (extra ?? v.starter);
        const own = (extra ?? v.starter)?.actionsIn?.[taskOf(n.node_id)];
        return {
          role_id: r.id,
          node_id: n.node_id,
          actions: own ?? set?.actions ?? (n.can_terminate ? ['end', 'exit'] : ['exit']),
          ...(set?.position ? { position: set.position } : {}),
        };
      });
    },
  );
  const modules = await calls.post(
    '/workflow/set/modules',
    { flow_id: flowId, allocations: JSON.stringify(allocations), decides: '[]' },
    who,
  );
  if (modules.c !== 0) throw new Error(`modules refused: ${modules.m}`);
  const published = await calls.post('/workflow/publish', { flow_id: flowId }, who);
  if (published.c !== 0) throw new Error(`publishing refused: ${published.m}`);
  const made = await calls.post(
    '/project/create',
    {
      flow_id: flowId,
      name: v.name,
      ...PROJECT_BASICS,
      targets: JSON.stringify(
        Object.entries(v.targets ?? {}).map(([task, project]) => ({
          node_id: nodeIds[task],
          target_project_id: project,
        })),
      ),
    },
    who,
  );
  if (made.c !== 0) throw new Error(`project refused: ${made.m}`);
  return { flowId, projectId: made.d.id as number, nodeIds };
}

/**
 * A running business of `projectId`, started by `starter` (经办人's seat is theirs): each role named
 * in `staff` gets its people, a seat each in order; opening it starts it. `seat(role, n)` answers the
 * n-th seat of a role.
 */
export async function runningBusiness(
  calls: { get: Get; post: Post },
  starter: Who,
  projectId: number,
  staff: Record<string, { user: { id: number } } | { user: { id: number } }[]>,
  name?: string,
) {
  const made = await calls.post(
    '/business/create',
    { project_id: projectId, ...(name ? { name } : {}) },
    starter,
  );
  if (made.c !== 0) throw new Error(`business refused: ${made.m}`);
  const roles = made.d.roles as { name: string; seats: { id: number }[] }[];
  const seat = (role: string, n = 0) => {
    const found = roles.find((r) => r.name === role)?.seats[n]?.id;
    if (found === undefined) throw new Error(`no seat ${n} of ${role}`);
    return found;
  };
  for (const [role, people] of Object.entries(staff))
    for (const [n, who] of [people].flat().entries()) {
      const set = await calls.post(
        '/business/setNoneUser',
        { role_alloc_id: seat(role, n), user_id: who.user.id },
        starter,
      );
      if (set.c !== 0) throw new Error(`seat refused: ${set.m}`);
    }
  const opened = await calls.get(`/business/detail?business_id=${made.d.id}`, starter);
  if (opened.d?.status !== 2) throw new Error(`business not running: ${opened.m}`);
  return { id: made.d.id as number, name: made.d.name as string, seat };
}

/**
 * Ends the node `at.node_id` from `who`'s seat `at.role_alloc_id` through its first exit (the only
 * one, in most flows): the push's answer.
 */
export async function endThroughFirstExit(
  calls: { get: Get; post: Post },
  who: Who,
  at: { business_id: number; node_id: number; role_alloc_id: number },
) {
  const exits = await calls.get(
    `/workflow/trans/query?business_id=${at.business_id}&node_id=${at.node_id}`,
    who,
  );
  return calls.post(
    '/business/message/push',
    {
      ...at,
      type: 'cmd',
      cmd: 'action_exp_node_end',
      data: JSON.stringify({ tran_id: exits.d.exits[0].id }),
    },
    who,
  );
}
