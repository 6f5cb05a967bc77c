import { z } from 'zod';
import { getCalls, loginCalls } from './call.ts';
import { form, id, int, optionalId, text } from './fields.ts';
import { isRunNode } from './workflow.ts';

/**
 * Moving on (issue 37, ADR 0043; design/training.md "Moving on"): a seat that may end a node ends
 * it through one of its exits (`/workflow/trans/query`), sent as the command `action_exp_node_end`
 * of `/business/message/push`. An exit leads to a node, into a parallel split (every branch at
 * once), to a parallel merge (the branch waits there until every branch has arrived), or to an end
 * (the branch ends; the last one ends the business, once every member of the node has submitted
 * their experience: `/business/experience/save`, `/business/check/endcommit`). Served by
 * modules/business (business-run.service.ts).
 */

/** What the exits ask of the one ending the node (the spec's `select`). */
export const TRANS_SELECT = {
  /** One exit: taken as it is. */
  one: 0,
  /** Choose one of several (an exclusive choice, or extra exits). */
  choose: 1,
  /** Choose between a parallel split and a node. */
  splitOrNode: 2,
  /** One exit, a parallel split. */
  split: 3,
} as const;

/** `wait`: into a merge whose way on is chosen by the branch that completes it (this one waits). */
export const TRANS_KINDS = {
  node: '进入环节',
  split: '并行分支',
  merge: '并行汇合',
  wait: '等待汇合',
  end: '结束',
} as const;
export type TransKind = keyof typeof TRANS_KINDS;

/** The exit `tran_id` 0: the node's end, for a report node ended without asking (the spec's rule). */
export const END_EXIT = 0;

export const transSchema = z.object({
  /** The sequence flow taken (`tran_id`). */
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(Object.keys(TRANS_KINDS) as [TransKind, ...TransKind[]]),
  /** The nodes entered (a merge: those after it, once every branch has arrived). */
  to: z.array(z.object({ node_id: z.number().int(), name: z.string() })),
});
export type Trans = z.infer<typeof transSchema>;

/** What an end exit of the node does: end the business, end only its branch, or end a nested project and return. */
export const END_LEADS = {
  business: '结束业务',
  branch: '结束本分支',
  back: '结束嵌套项目，回到上级项目',
} as const;
export type EndLeads = keyof typeof END_LEADS;

export const transQuerySchema = z.object({
  select: z.number().int(),
  exits: z.array(transSchema),
  /** What taking an end exit here does (END_LEADS). */
  end_leads: z.enum(Object.keys(END_LEADS) as [EndLeads, ...EndLeads[]]),
  /** One of the caller's seats may end the node (`can_terminate`). */
  can_end: z.number().int(),
});
export type TransQuery = z.infer<typeof transQuerySchema>;

export interface RunGraphNode {
  id: number;
  task_id: string;
  kind: string;
  name: string;
}
export interface RunGraphFlow {
  id: number;
  name: string;
  source: string;
  target: string;
}

const label = (n: RunGraphNode) => n.name || n.task_id;

/**
 * The nodes a run enters through `flow`: a node itself; through a gateway that only passes on (one
 * way out) or a parallel split, every branch's first node; an end or a merge enters none (`stops`
 * says which). An exclusive choice reached this way enters every branch — as the start does
 * (issue 36's note); after a merge the choice is the completing branch's (exitsOf, mergeOf).
 */
export function enteredBy(
  graph: { nodes: readonly RunGraphNode[]; flows: readonly RunGraphFlow[] },
  flow: RunGraphFlow,
): { nodes: RunGraphNode[]; ends: number; merges: RunGraphNode[] } {
  const byTask = new Map(graph.nodes.map((n) => [n.task_id, n]));
  const found: RunGraphNode[] = [];
  const merges: RunGraphNode[] = [];
  let ends = 0;
  const seen = new Set<string>();
  const queue = [flow.target];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    if (seen.has(at)) continue;
    seen.add(at);
    const n = byTask.get(at);
    if (!n) continue;
    if (isRunNode(n)) found.push(n);
    else if (n.kind === 'end') ends += 1;
    else if (isMerge(graph, n)) merges.push(n);
    else for (const f of graph.flows) if (f.source === at) queue.push(f.target);
  }
  return { nodes: found, ends, merges };
}

/** A parallel gateway that several ways come into and one leaves: branches wait there for each other. */
export const isMerge = (graph: { flows: readonly RunGraphFlow[] }, n: RunGraphNode) =>
  n.kind === 'parallel' &&
  graph.flows.filter((f) => f.target === n.task_id).length > 1 &&
  graph.flows.filter((f) => f.source === n.task_id).length === 1;

/**
 * A node's exits, in drawing order: each way out, an exclusive choice's ways standing as exits of
 * their own; a parallel split one exit entering every branch; a merge one exit (to what follows
 * it); an end one exit entering nothing. And what choosing among them asks (TRANS_SELECT).
 */
export function exitsOf(
  graph: { nodes: readonly RunGraphNode[]; flows: readonly RunGraphFlow[] },
  taskId: string,
): { select: number; exits: Trans[] } {
  const byTask = new Map(graph.nodes.map((n) => [n.task_id, n]));
  const exits: Trans[] = [];
  const seen = new Set<string>();
  const walk = (flow: RunGraphFlow, name: string) => {
    const target = byTask.get(flow.target);
    if (!target || seen.has(flow.id.toString())) return;
    seen.add(flow.id.toString());
    const out = graph.flows.filter((f) => f.source === target.task_id);
    if (target.kind === 'exclusive' && out.length > 1) {
      for (const f of out) walk(f, f.name || name);
      return;
    }
    const to = (nodes: RunGraphNode[]) => nodes.map((n) => ({ node_id: n.id, name: label(n) }));
    if (isMerge(graph, target)) {
      // A merge that leads into an exclusive choice: the branch that completes the merge chooses
      // the way on, each way an exit of its own (the service offers the others the wait alone).
      const next = out[0] ? byTask.get(out[0].target) : undefined;
      const ways = next?.kind === 'exclusive' ? graph.flows.filter((f) => f.source === next.task_id) : [];
      if (ways.length > 1) {
        for (const way of ways) {
          const after = enteredBy(graph, way).nodes;
          exits.push({
            id: way.id,
            name: way.name || after.map(label).join('、') || '结束',
            kind: 'merge',
            to: to(after),
          });
        }
        return;
      }
      const after = out[0] ? enteredBy(graph, out[0]).nodes : [];
      exits.push({ id: flow.id, name: name || label(target) || '并行汇合', kind: 'merge', to: to(after) });
      return;
    }
    const entered = enteredBy(graph, flow);
    const kind: TransKind =
      target.kind === 'end' ? 'end' : target.kind === 'parallel' && out.length > 1 ? 'split' : 'node';
    exits.push({
      id: flow.id,
      name:
        name || (kind === 'node' ? entered.nodes.map(label).join('、') : label(target)) || TRANS_KINDS[kind],
      kind,
      to: to(entered.nodes),
    });
  };
  for (const f of graph.flows) if (f.source === taskId) walk(f, f.name);
  const split = exits.some((e) => e.kind === 'split');
  const select =
    exits.length === 1
      ? split
        ? TRANS_SELECT.split
        : TRANS_SELECT.one
      : split
        ? TRANS_SELECT.splitOrNode
        : TRANS_SELECT.choose;
  return { select, exits };
}

/**
 * The merge a `merge` exit of node `taskId` arrives at, the flow the node reaches it by, and whether
 * the exit is a way of the exclusive choice after the merge (`chosen`) rather than the merge itself.
 */
export function mergeOf(
  graph: { nodes: readonly RunGraphNode[]; flows: readonly RunGraphFlow[] },
  taskId: string,
  exit: Trans,
): { merge: RunGraphNode; into: RunGraphFlow; chosen: boolean } | undefined {
  const byTask = new Map(graph.nodes.map((n) => [n.task_id, n]));
  const flow = graph.flows.find((f) => f.id === exit.id);
  if (!flow) return undefined;
  const target = byTask.get(flow.target);
  const merge =
    target && isMerge(graph, target)
      ? target
      : graph.flows
          .filter((f) => f.target === flow.source)
          .map((f) => byTask.get(f.source))
          .find((n): n is RunGraphNode => n !== undefined && isMerge(graph, n));
  if (!merge) return undefined;
  const ins = graph.flows.filter((f) => f.target === merge.task_id);
  const into = ins.find((f) => f.source === taskId) ?? ins.find((f) => reaches(graph, taskId, f.source));
  return into ? { merge, into, chosen: merge !== target } : undefined;
}

/** Whether `to` is reached from `from` through gateways only (a pass-through on the way to a merge). */
function reaches(
  graph: { nodes: readonly RunGraphNode[]; flows: readonly RunGraphFlow[] },
  from: string,
  to: string,
) {
  const byTask = new Map(graph.nodes.map((n) => [n.task_id, n]));
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    if (at === to) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    const n = byTask.get(at);
    if (at !== from && (!n || isRunNode(n))) continue;
    for (const f of graph.flows) if (f.source === at) queue.push(f.target);
  }
  return false;
}

/**
 * The commands of `/business/message/push` carried out so far (the original's names; more come with
 * the node screens): ending a node here, a seat's own in business-seat.ts.
 */
export const BUSINESS_COMMANDS = {
  action_exp_node_end: '结束环节',
  action_role_show: '入席',
  action_role_hide: '退席',
  action_role_stand: '起立',
  action_role_sitdown: '坐下',
  action_role_banned: '表达管理',
  action_role_apply_speak: '申请发言',
  action_role_apply_speak_opt: '审批发言',
  action_role_vote: '表决',
  action_role_vote_end: '结束表决',
  action_role_request_sign: '请求签字',
  action_role_letin: '带入',
  action_role_letout: '送出',
  action_doc_apply_show: '申请展示',
  action_doc_apply_show_opt: '审批展示',
  action_doc_show: '展示文书',
  action_doc_apply_submit: '申请提交',
  action_doc_apply_submit_opt: '审批提交',
  action_doc_submit: '提交文书',
  action_role_schedule_report: '安排报告',
  action_role_toward_report: '走上报告席',
  action_role_end_report: '走下报告席',
  action_exp_finish: '提前结束',
} as const;
export type BusinessCommand = keyof typeof BUSINESS_COMMANDS;

export const EXPERIENCE_STATUS = { 1: '草稿', 2: '已提交' } as const;
export const EXPERIENCE_DRAFT = 1;
export const EXPERIENCE_SUBMITTED = 2;
export const EXPERIENCE_LIMITS = { content: 2000 } as const;

export const experienceSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  status: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
  created_by: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
});
export type Experience = z.infer<typeof experienceSchema>;

/**
 * A run on its diagram (`/business/trans/path`): the flow's drawing and, by BPMN id, the nodes the
 * run has left (blue), is in (red) and waits at (a merge, orange).
 */
export const transPathSchema = z.object({
  xml: z.string(),
  visited: z.array(z.string()),
  current: z.array(z.string()),
  waiting: z.array(z.string()),
  /** The project a jump or nest went on in whose diagram this is (null: the business's own). */
  project_name: z.string().nullable(),
});
export type TransPath = z.infer<typeof transPathSchema>;

const businessId = { business_id: id('业务') };

export const transQueryBody = form({ ...businessId, node_id: id('环节') });
export const experienceSaveBody = form({
  ...businessId,
  content: text('心得', { max: EXPERIENCE_LIMITS.content }),
  /** 1 keeps a draft, 2 submits it (a submitted one is final). */
  status: int('状态', { min: EXPERIENCE_DRAFT, max: EXPERIENCE_SUBMITTED }),
});

const tags = ['business'];
const get = getCalls(tags);
const post = loginCalls(tags);

export const businessRunCalls = {
  transQuery: get(
    '/workflow/trans/query',
    '业务当前环节的出口（排他选择的各分支、并行分支、汇合、结束）与选择方式 select',
    { login: true },
    transQueryBody,
    transQuerySchema,
  ),
  transPath: get(
    '/business/trans/path',
    '业务在流程图上的进度：已完成、当前与在汇合处等待的环节（业务成员；或任何人观摩有允许旁观的当前环节的业务）',
    { public: true },
    form({ ...businessId, company_id: optionalId('单位') }),
    transPathSchema,
  ),
  experiences: get(
    '/business/experience/list',
    '业务中已提交的心得，以及自己的（含草稿）',
    { login: true },
    form(businessId),
    z.object({ results: z.array(experienceSchema), mine: experienceSchema.nullable() }),
  ),
  saveExperience: post(
    '/business/experience/save',
    '保存或提交自己在业务中的心得（提交后不能再改）',
    experienceSaveBody,
    experienceSchema,
  ),
  endCommit: get(
    '/business/check/endcommit',
    '结束业务前：环节中还没有提交心得的成员',
    { login: true },
    transQueryBody,
    z.object({ ok: z.number().int(), missing: z.array(z.string()) }),
  ),
} as const;
