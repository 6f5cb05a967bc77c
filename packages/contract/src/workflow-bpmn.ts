/// <reference path="./bpmn-moddle.d.ts" />
import { BpmnModdle } from 'bpmn-moddle';
import { isNodeType, NODE_TYPES, REPORT_NODE_TYPE } from './workflow.ts';

/**
 * Reading a flow's BPMN 2.0 file, for the designer (apps/web, on bpmn-js, which reads with the same
 * bpmn-moddle) and the server (issue 36, docs/adr/0041-bpmn-designer.md): the bytes decoded as the
 * file's XML declaration says, hostile text refused before it is parsed, the moddle tree reduced to
 * the graph the engine runs, and the checks a flow must pass to be saved and to be published, each
 * naming the element in Chinese. `@portal/contract/bpmn`: kept out of the contract's index so that
 * bpmn-moddle only reaches the pages and modules that read flows.
 */

export { isNodeType, NEST_NODE_TYPE, NODE_TYPES, type NodeType, REPORT_NODE_TYPE } from './workflow.ts';

export const BPMN_LIMITS = {
  /** Largest file read (a 1,000-element flow with its diagram is about 0.4 MB). */
  bytes: 1_000_000,
  /** Most flow elements (nodes and sequence flows, in every process and sub-process). */
  elements: 3000,
} as const;

/** Where our attribute lives in the XML: `<bpmn:userTask training:nodeType="4">`. */
export const TRAINING_NAMESPACE = 'urn:portal:training';

/** The moddle extension that reads and writes `training:nodeType` on tasks, sub-processes and call activities. */
export const TRAINING_MODDLE = {
  name: 'Training',
  uri: TRAINING_NAMESPACE,
  prefix: 'training',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'NodeTyped',
      extends: ['bpmn:Task', 'bpmn:SubProcess', 'bpmn:CallActivity'],
      properties: [{ name: 'nodeType', isAttr: true, type: 'Integer' }],
    },
  ],
} as const;

/** A refusal of a file: the message says what is wrong in Chinese. */
export class BpmnFileError extends Error {}

/**
 * The text of a `.bpmn` file's bytes: UTF-8 (with or without a byte-order mark), UTF-16 with its
 * mark, or the encoding its XML declaration names (the MIWG models declare ISO-8859-1). Reading every
 * file as UTF-8 is how a round trip garbles `klären` (Camunda Modeler's C.1.0).
 */
export function decodeBpmn(bytes: Uint8Array): string {
  if (bytes.byteLength > BPMN_LIMITS.bytes) throw new BpmnFileError(tooLarge());
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (!declared || /^utf-?8$/i.test(declared)) return utf8(bytes);
  let decoder: { decode(input: Uint8Array): string };
  try {
    decoder = new TextDecoder(declared);
  } catch {
    throw new BpmnFileError(`不支持流程图文件的编码 ${declared}，请另存为 UTF-8`);
  }
  return decoder.decode(bytes);
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BpmnFileError('流程图文件不是有效的 UTF-8 文本');
  }
}

const tooLarge = () => `流程图文件不能超过 ${BPMN_LIMITS.bytes / 1_000_000} MB`;

/**
 * Refuses hostile text before any parser reads it: too long, or a document type declaration
 * (entities: an external file's contents, or a "billion laughs" expansion; BPMN needs none). The
 * declaration that names our encoding is rewritten to UTF-8, since the text is no longer bytes.
 */
export function screenBpmn(text: string): string {
  if (text.length > BPMN_LIMITS.bytes) throw new BpmnFileError(tooLarge());
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new BpmnFileError('流程图文件不能包含文档类型（DOCTYPE）或实体声明');
  return text.replace(/^(\uFEFF?\s*<\?xml[^>]*\bencoding\s*=\s*["'])[^"']*(["'])/, '$1UTF-8$2');
}

/** A moddle element as read: what this module touches of bpmn-moddle's objects. */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  nodeType?: number;
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  eventDefinitions?: ModdleElement[];
  sourceRef?: ModdleElement;
  targetRef?: ModdleElement;
  laneSets?: ModdleElement[];
  lanes?: ModdleElement[];
  flowNodeRef?: ModdleElement[];
  childLaneSet?: ModdleElement;
  [key: string]: unknown;
}

export function bpmnModdle(): BpmnModdle {
  return new BpmnModdle({ training: TRAINING_MODDLE });
}

/** The file's definitions, or a refusal naming why it could not be read. */
export async function readBpmn(text: string): Promise<{ definitions: ModdleElement; warnings: string[] }> {
  const screened = screenBpmn(text);
  let result: { rootElement: unknown; warnings: { message: string }[] };
  try {
    result = await bpmnModdle().fromXML(screened, 'bpmn:Definitions');
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : '';
    throw new BpmnFileError(`流程图文件不是有效的 BPMN 2.0 文件${why ? `（${why.slice(0, 120)}）` : ''}`);
  }
  return {
    definitions: result.rootElement as ModdleElement,
    warnings: result.warnings.map((w) => w.message.split('\n')[0] ?? ''),
  };
}

/** The engine's kinds of flow node; `other` is kept and shown but not run. */
export type NodeKind = 'start' | 'end' | 'task' | 'exclusive' | 'parallel' | 'nest' | 'other';

export interface GraphNode {
  id: string;
  name: string;
  /** bpmn-moddle's type, e.g. `bpmn:UserTask`. */
  type: string;
  kind: NodeKind;
  /** A task's node type (`training:nodeType`); a sub-process or call activity is a nest (9). */
  nodeType: number | null;
}

export interface GraphFlow {
  id: string;
  name: string;
  source: string;
  target: string;
}

export interface FlowGraph {
  nodes: GraphNode[];
  flows: GraphFlow[];
  /** Elements the engine does not run, each with why (kept in the XML; publishing is refused). */
  unsupported: { id: string; label: string; reason: string }[];
  /** Script tasks: code in a flow is refused outright. */
  scripts: string[];
  /** Processes that hold flow elements. */
  processes: number;
  /** Flow elements read, in every process and sub-process. */
  elements: number;
}

/** Chinese names of the element types a message can name. */
const TYPE_NAMES: Record<string, string> = {
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:Task': '任务',
  'bpmn:UserTask': '用户任务',
  'bpmn:ManualTask': '手工任务',
  'bpmn:ServiceTask': '服务任务',
  'bpmn:ScriptTask': '脚本任务',
  'bpmn:SendTask': '发送任务',
  'bpmn:ReceiveTask': '接收任务',
  'bpmn:BusinessRuleTask': '业务规则任务',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:ParallelGateway': '并行网关',
  'bpmn:InclusiveGateway': '包容网关',
  'bpmn:ComplexGateway': '复杂网关',
  'bpmn:EventBasedGateway': '事件网关',
  'bpmn:SubProcess': '子流程',
  'bpmn:Transaction': '事务子流程',
  'bpmn:AdHocSubProcess': '自由子流程',
  'bpmn:CallActivity': '调用活动',
  'bpmn:IntermediateCatchEvent': '中间捕获事件',
  'bpmn:IntermediateThrowEvent': '中间抛出事件',
  'bpmn:BoundaryEvent': '边界事件',
  'bpmn:SequenceFlow': '顺序流',
};
const typeName = (type: string) => TYPE_NAMES[type] ?? type.replace(/^bpmn:/, '');

/** How a message names an element: its type and name, or its id when it has no name. */
export function elementLabel(e: { type: string; name?: string; id: string }): string {
  return e.name ? `${typeName(e.type)}“${e.name}”` : `${typeName(e.type)}（${e.id}）`;
}

const RUN_KIND: Record<string, NodeKind> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:Task': 'task',
  'bpmn:UserTask': 'task',
  'bpmn:ManualTask': 'task',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
  'bpmn:SubProcess': 'nest',
  'bpmn:CallActivity': 'nest',
};
/** Flow elements that are documentation to the engine: kept, shown, not run, never a refusal. */
const PASSIVE = new Set(['bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);

const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');

/**
 * The graph the engine runs: the flow nodes and sequence flows of every process (a sub-process or
 * call activity is one node, a nest; what is drawn inside it is kept but not run, the nested
 * project is its target), with what cannot be run listed apart.
 */
export function flowGraph(definitions: ModdleElement): FlowGraph {
  const graph: FlowGraph = { nodes: [], flows: [], unsupported: [], scripts: [], processes: 0, elements: 0 };
  const count = (container: ModdleElement) => {
    for (const e of container.flowElements ?? []) {
      graph.elements += 1;
      if (e.$type === 'bpmn:ScriptTask')
        graph.scripts.push(elementLabel({ type: e.$type, name: clean(e.name), id: e.id ?? '' }));
      if (e.flowElements) count(e);
    }
  };
  for (const root of definitions.rootElements ?? []) {
    if (root.$type !== 'bpmn:Process' || !(root.flowElements?.length ?? 0)) continue;
    graph.processes += 1;
    count(root);
    for (const e of root.flowElements ?? []) {
      const id = e.id ?? '';
      const name = clean(e.name);
      if (e.$type === 'bpmn:SequenceFlow') {
        graph.flows.push({ id, name, source: e.sourceRef?.id ?? '', target: e.targetRef?.id ?? '' });
        continue;
      }
      if (PASSIVE.has(e.$type)) continue;
      let kind = RUN_KIND[e.$type] ?? 'other';
      const label = elementLabel({ type: e.$type, name, id });
      if ((kind === 'start' || kind === 'end') && (e.eventDefinitions?.length ?? 0) > 0) {
        graph.unsupported.push({ id, label, reason: '带触发或结果定义的事件不被执行' });
        kind = 'other';
      } else if (kind === 'other') {
        graph.unsupported.push({ id, label, reason: `${typeName(e.$type)}不被执行` });
      }
      const nodeType =
        kind === 'nest' ? 9 : kind === 'task' && typeof e.nodeType === 'number' ? e.nodeType : null;
      graph.nodes.push({ id, name, type: e.$type, kind, nodeType });
    }
  }
  if (graph.processes > 1)
    graph.unsupported.unshift({
      id: '',
      label: '流程图',
      reason: `含 ${graph.processes} 个流程（池），只能运行一个`,
    });
  return graph;
}

export interface FlowCheck {
  /** What stops the flow being saved. */
  errors: string[];
  /** What stops it being published (it may be saved and shown). */
  unpublishable: string[];
}

/**
 * The checks of a flow (issue 36): exactly one start, every node reachable from it and able to reach
 * an end, every end reached through a report node (type 4), every parallel split merged again by a
 * parallel gateway, every task with a node type; a script task is refused outright.
 */
export function checkFlow(graph: FlowGraph): FlowCheck {
  const errors: string[] = [];
  if (graph.elements > BPMN_LIMITS.elements)
    return {
      errors: [`流程图元素不能超过 ${BPMN_LIMITS.elements} 个，现有 ${graph.elements} 个`],
      unpublishable: [],
    };
  if (graph.scripts.length > 0)
    errors.push(`流程图不能包含脚本任务：${graph.scripts.slice(0, 5).join('、')}`);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const label = (n: GraphNode) => elementLabel(n);
  const starts = graph.nodes.filter((n) => n.kind === 'start');
  const ends = graph.nodes.filter((n) => n.kind === 'end');
  if (starts.length === 0) errors.push('流程图缺少开始事件');
  if (starts.length > 1)
    errors.push(`流程图只能有一个开始事件，现有 ${starts.length} 个：${starts.map(label).join('、')}`);
  if (ends.length === 0) errors.push('流程图缺少结束事件');
  const out = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  for (const f of graph.flows) {
    if (!byId.has(f.source) || !byId.has(f.target)) {
      errors.push(
        `${elementLabel({ type: 'bpmn:SequenceFlow', name: f.name, id: f.id })}的起点或终点不是流程中的环节`,
      );
      continue;
    }
    out.set(f.source, [...(out.get(f.source) ?? []), f.target]);
    into.set(f.target, [...(into.get(f.target) ?? []), f.source]);
  }
  for (const n of graph.nodes) {
    if (n.kind === 'task' && n.nodeType === null) errors.push(`${label(n)}未选择环节类型`);
    else if (n.kind === 'task' && !isNodeType(n.nodeType))
      errors.push(`${label(n)}的环节类型 ${n.nodeType} 不存在`);
    if (n.kind === 'start' && (into.get(n.id)?.length ?? 0) > 0) errors.push(`${label(n)}不能有进入的连线`);
    if (n.kind === 'end' && (out.get(n.id)?.length ?? 0) > 0) errors.push(`${label(n)}不能有出去的连线`);
  }
  const walk = (from: string[], next: Map<string, string[]>) => {
    const seen = new Set(from);
    const stack = [...from];
    while (stack.length > 0) {
      for (const m of next.get(stack.pop() as string) ?? [])
        if (!seen.has(m)) {
          seen.add(m);
          stack.push(m);
        }
    }
    return seen;
  };
  if (starts.length === 1) {
    const reached = walk([(starts[0] as GraphNode).id], out);
    for (const n of graph.nodes) if (!reached.has(n.id)) errors.push(`${label(n)}无法从开始事件到达`);
  }
  if (ends.length > 0) {
    const reaching = walk(
      ends.map((e) => e.id),
      into,
    );
    for (const n of graph.nodes) if (!reaching.has(n.id)) errors.push(`${label(n)}无法到达结束事件`);
  }
  // Every way into an end comes from a report node (through gateways only).
  for (const end of ends) {
    const before = new Set<string>();
    const stack = [...(into.get(end.id) ?? [])];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const n = byId.get(id) as GraphNode;
      if (n.kind === 'exclusive' || n.kind === 'parallel') stack.push(...(into.get(id) ?? []));
      else before.add(id);
    }
    const wrong = [...before]
      .map((id) => byId.get(id) as GraphNode)
      .filter((n) => n.nodeType !== REPORT_NODE_TYPE);
    if (wrong.length > 0)
      errors.push(
        `${label(end)}之前须为“${NODE_TYPES[REPORT_NODE_TYPE]}”环节，${wrong.map(label).join('、')}不是`,
      );
  }
  // A parallel split's branches meet again at a parallel gateway before any end.
  for (const split of graph.nodes) {
    const branches = out.get(split.id) ?? [];
    if (split.kind !== 'parallel' || branches.length < 2) continue;
    const joins = branches.map((b) => {
      // The parallel joins a branch reaches, not going past one, and whether it can end without one.
      const found = new Set<string>();
      let ends = false;
      const seen = new Set<string>([split.id]);
      const stack = [b];
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (seen.has(id)) continue;
        seen.add(id);
        const n = byId.get(id) as GraphNode;
        if (n.kind === 'parallel' && (into.get(id)?.length ?? 0) > 1) {
          found.add(id);
          continue;
        }
        if (n.kind === 'end') ends = true;
        stack.push(...(out.get(id) ?? []));
      }
      return { found, ends };
    });
    const common = [...(joins[0]?.found ?? [])].filter((j) => joins.every((x) => x.found.has(j)));
    if (common.length === 0 || joins.some((x) => x.ends))
      errors.push(`${label(split)}分出的分支须在同一个并行网关汇合后才能结束`);
  }
  const unpublishable = graph.unsupported.map((u) => `${u.label}：${u.reason}`);
  return { errors: [...new Set(errors)], unpublishable };
}
