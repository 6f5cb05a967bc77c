import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, keyword, optionalInt, optionalText, paging, text } from './fields.ts';
import { auditTimes } from './item-fields.ts';

/**
 * Flows of the training area (流程; issue 36, design/training.md "Building blocks"): a process a
 * manager draws as BPMN 2.0 in the designer (`/manager/workflow/draw/{flow_id}`), then sets up
 * (`workflow/set/{flow_id}`) and publishes; a published flow is never redrawn (copy it to change
 * it). Saving a drawing reads it (`@portal/contract/bpmn`: hostile files refused, the checks named in
 * Chinese) and keeps its nodes and transitions. The calls are the original system's
 * (`/api/workflow/*`); the specification lists the area's routes, not these. Served by
 * modules/workflow.
 */

/** The node-type numbers of the training routes (spec 001 §2) and what each screen is called. */
export const NODE_TYPES = {
  1: '动画',
  2: '编辑',
  3: '展示',
  4: '分析与总结',
  5: '投票',
  6: '跳转',
  7: '公示',
  8: '表决',
  9: '嵌套',
  10: '分发签收',
  11: '问卷',
  12: '判断与选择',
  14: '法案',
  15: '投票（流程类型）',
  16: '问卷（流程类型）',
  17: '三维动画',
  18: '视频',
  19: '财务操作',
} as const;
export type NodeType = keyof typeof NODE_TYPES;
export const REPORT_NODE_TYPE = 4;
export const NEST_NODE_TYPE = 9;
/** The jump node (跳转): goes on in another project and never returns. */
export const JUMP_NODE_TYPE = 6;
export const isNodeType = (n: unknown): n is NodeType =>
  typeof n === 'number' && Object.hasOwn(NODE_TYPES, n);

export const FLOW_STATUS = { 1: '草稿', 2: '已发布' } as const;
export const FLOW_DRAFT = 1;
export const FLOW_PUBLISHED = 2;

export const FLOW_LIMITS = {
  name: 40,
  typeLabel: 20,
  taskLabel: 20,
  description: 500,
  /** The XML as posted (characters; form-encoded, its body is bounded at 2 MB: workflow.routes.ts). */
  xml: 1_000_000,
} as const;

export const flowSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** 流程类型 as the manager names it (法律, 行政…). */
  type_label: z.string(),
  /** 任务标签: what the flow's runs are called. */
  task_label: z.string(),
  description: z.string(),
  status: z.number().int(),
  /** The set-up wizard's step reached (0–3), null before the flow is drawn. */
  step: z.number().int().nullable(),
  node_count: z.number().int(),
  created_by: z.number().int().nullable(),
  creator_name: z.string(),
  ...auditTimes,
});
export type Flow = z.infer<typeof flowSchema>;

/**
 * The node kinds a run steps through — tasks and nests (call activities): a flow's 环节, what the
 * set-up wizard sets up and a role takes part in. Gateways, start and end only route.
 */
export const RUN_NODE_KINDS: readonly string[] = ['task', 'nest'];
export const isRunNode = (n: { kind: string }) => RUN_NODE_KINDS.includes(n.kind);

/**
 * The run nodes a business begins in: those reached from the start event without passing another
 * run node (through gateways). The set-up wizard puts the start role in each; a business starts in
 * each of them.
 */
export function beginNodes<N extends { task_id: string; kind: string }>(
  nodes: readonly N[],
  transitions: readonly { source: string; target: string }[],
): N[] {
  const byTask = new Map(nodes.map((n) => [n.task_id, n]));
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue = nodes.filter((n) => n.kind === 'start').map((n) => n.task_id);
  while (queue.length > 0) {
    const at = queue.shift() as string;
    for (const t of transitions) {
      if (t.source !== at || seen.has(t.target)) continue;
      seen.add(t.target);
      const next = byTask.get(t.target);
      if (next && isRunNode(next)) found.add(next.task_id);
      else queue.push(t.target);
    }
  }
  return nodes.filter((n) => found.has(n.task_id));
}

export const flowNodeSchema = z.object({
  id: z.number().int(),
  /** The BPMN element's id (`Activity_0x1…`). */
  task_id: z.string(),
  name: z.string(),
  /** start, end, task, exclusive, parallel, nest, other (contract/workflow-bpmn.ts NodeKind). */
  kind: z.string(),
  /** The node type (NODE_TYPES) of a task or nest. */
  node_type: z.number().int().nullable(),
  /** Outsiders may watch the node (set in the wizard's step 0). */
  look_on: z.number().int(),
});
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const flowTransitionSchema = z.object({
  id: z.number().int(),
  /** The BPMN sequence flow's id. */
  sequence_flow_id: z.string(),
  name: z.string(),
  source: z.string(),
  target: z.string(),
});
export type FlowTransition = z.infer<typeof flowTransitionSchema>;

export const flowDetailSchema = flowSchema.extend({
  /** The drawing as saved ('' before the first save). */
  xml: z.string(),
  nodes: z.array(flowNodeSchema),
  transitions: z.array(flowTransitionSchema),
  /** Why the flow cannot be published as drawn (elements kept but not run); empty when it can. */
  unpublishable: z.array(z.string()),
});
export type FlowDetail = z.infer<typeof flowDetailSchema>;

/** What saving a drawing answers: the flow, and what the save discarded of its set-up. */
export const flowDrawResultSchema = z.object({
  flow: flowDetailSchema,
  /** Nodes removed from the drawing whose set-up went with them (named in Chinese). */
  discarded: z.array(z.string()),
});
export type FlowDrawResult = z.infer<typeof flowDrawResultSchema>;

const flowId = { flow_id: id('流程') };
const flowFields = {
  name: text('流程名称', { max: FLOW_LIMITS.name }),
  type_label: optionalText('流程类型', { max: FLOW_LIMITS.typeLabel }),
  task_label: optionalText('任务标签', { max: FLOW_LIMITS.taskLabel }),
  description: optionalText('流程说明', { max: FLOW_LIMITS.description }),
};

export const flowListBody = form({
  keyword: keyword('流程名称'),
  status: optionalInt('流程状态', { min: 1, max: 2 }),
  ...paging,
});
export const flowIdBody = form(flowId);
export const flowCreateBody = form(flowFields);
export const flowUpdateBody = form({ ...flowId, ...flowFields });
/** The XML is taken as it is (never trimmed: it is stored byte for byte). */
export const flowDrawBody = form({
  ...flowId,
  xml: z
    .string({ error: (iss) => (iss.input === undefined ? '流程图不能为空' : '流程图格式不正确') })
    .min(1, '流程图不能为空')
    .max(FLOW_LIMITS.xml, `流程图文件不能超过 ${FLOW_LIMITS.xml / 1_000_000} MB`),
  /** 1: the caller has been told what the save discards (the designer asks first). */
  confirm_discard: optionalInt('确认', { min: 0, max: 1 }),
});

const tags = ['workflow'];
const get = getCalls(tags);
const post = postCalls(tags);

export const workflowCalls = {
  list: get(
    '/workflow/list',
    '流程列表（本单位）',
    { permission: 'view_flow' },
    flowListBody,
    pageOf(flowSchema),
  ),
  get: get(
    '/workflow/detail',
    '流程详情（含流程图、环节与流转）',
    { permission: 'view_flow' },
    flowIdBody,
    flowDetailSchema,
  ),
  create: post('/workflow/create', '新建流程（草稿）', 'change_flow', flowCreateBody, flowSchema),
  update: post('/workflow/update', '修改流程的名称、类型与说明', 'change_flow', flowUpdateBody, flowSchema),
  draw: post(
    '/workflow/flow/draw',
    '保存流程图（检查后保存环节与流转；已发布的流程不能修改）',
    'change_flow',
    flowDrawBody,
    flowDrawResultSchema,
  ),
  copy: post('/workflow/flow/copy', '复制流程（为草稿）', 'change_flow', flowIdBody, flowSchema),
  publish: post('/workflow/publish', '发布流程', 'change_flow', flowIdBody, flowSchema),
  remove: post(
    '/workflow/delete',
    '删除流程',
    'change_flow',
    flowIdBody,
    z.object({ count: z.number().int() }),
  ),
} as const;
