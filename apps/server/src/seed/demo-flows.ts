/// <reference path="./bpmn-auto-layout.d.ts" />
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_COMPANY_ID,
  DOCX_MIME,
  FLOW_PUBLISHED,
  FLOW_SET_UP,
  isNodeType,
  SCENE_NODE_TYPES,
  STANDARD_ACTIONS,
  STANDARD_POSITIONS,
} from '@portal/contract';
import { checkFlow, flowGraph, readBpmn, TRAINING_NAMESPACE } from '@portal/contract/bpmn';
import { layoutProcess } from 'bpmn-auto-layout';
import type { PlatformDatabase } from '../platform/db/database.ts';
import { boldMarked, wordDocument } from '../platform/files/docx-html.ts';
import type { BlobStore } from '../platform/files/file-store.ts';
import { nowIso } from '../platform/time.ts';

/**
 * The demo company's three published flows (issue 36): real BPMN drawings a visitor of 流程管理
 * opens in the designer, and the runnable material of the training runs to come. Each is written
 * as its elements; bpmn-auto-layout (bpmn-io's own) draws the diagram, and the flow must pass the
 * checks a manager's drawing must pass.
 */
type Element =
  | { kind: 'start' | 'end'; id: string; name: string }
  | { kind: 'task'; id: string; name: string; type: number }
  | { kind: 'nest'; id: string; name: string }
  | { kind: 'exclusive' | 'parallel'; id: string; name?: string };
interface DemoFlow {
  name: string;
  type_label: string;
  task_label: string;
  description: string;
  elements: Element[];
  /** [from, to, name?] */
  flows: [string, string, string?][];
  /**
   * Who plays it: the first starts the business; each node named with whether the role may end it
   * and, third, whether its host brings it in (带入).
   */
  roles: { name: string; capacity?: number; nodes: [string, boolean, boolean?][] }[];
  /** A 判断与选择 node's items. */
  decides?: Record<string, { title: string; items: string[] }>;
  /** Nodes outsiders may watch (观摩, `look_on`). */
  watch?: string[];
  /**
   * Word files given in the nodes `tasks`: templates (usage 3, the default) a document is started
   * from, or materials (usage 4) a display shows.
   */
  templates?: {
    name: string;
    usage?: 3 | 4;
    tasks: string[];
    blocks: { heading?: boolean; text: string }[];
  }[];
}

const DEMO_FLOWS: DemoFlow[] = [
  {
    name: '采购审批',
    type_label: '行政',
    task_label: '审批',
    description: '采购员提交申请，部门审核后按金额选择由总经理表决或财务审核，最后汇总归档。',
    elements: [
      { kind: 'start', id: 'Start', name: '开始' },
      { kind: 'task', id: 'Apply', name: '提交采购申请', type: 2 },
      { kind: 'task', id: 'Review', name: '部门审核', type: 12 },
      { kind: 'exclusive', id: 'Amount', name: '金额超过5万元？' },
      { kind: 'task', id: 'Board', name: '总经理审批', type: 8 },
      { kind: 'task', id: 'Finance', name: '财务审核', type: 3 },
      { kind: 'task', id: 'Summary', name: '采购总结', type: 4 },
      { kind: 'end', id: 'End', name: '结束' },
    ],
    flows: [
      ['Start', 'Apply'],
      ['Apply', 'Review'],
      ['Review', 'Amount'],
      ['Amount', 'Board', '是'],
      ['Amount', 'Finance', '否'],
      ['Board', 'Summary'],
      ['Finance', 'Summary'],
      ['Summary', 'End'],
    ],
    roles: [
      {
        name: '采购员',
        nodes: [
          ['Apply', true],
          ['Summary', true],
        ],
      },
      {
        name: '部门经理',
        nodes: [
          ['Apply', false],
          ['Review', true],
          ['Finance', false],
          ['Summary', false],
        ],
      },
      { name: '总经理', nodes: [['Board', true]] },
      {
        name: '财务',
        nodes: [
          ['Finance', true],
          ['Summary', false],
        ],
      },
    ],
    decides: { Review: { title: '部门审核意见', items: ['同意采购', '退回修改'] } },
    templates: [
      {
        name: '采购申请单.docx',
        tasks: ['Apply'],
        blocks: [
          { heading: true, text: '采购申请单' },
          { text: '**申请部门：**' },
          { text: '**采购物品及数量：**' },
          { text: '**预算金额（元）：**' },
          { text: '**采购理由：**' },
          { text: '申请人签字：　　　　部门经理签字：' },
        ],
      },
      {
        name: '供应商报价单.docx',
        usage: 4,
        tasks: ['Finance'],
        blocks: [
          { heading: true, text: '供应商报价单' },
          { text: '**供应商：**某某办公设备有限公司' },
          { text: '**报价：**激光打印机 3 台，每台 2,800 元，合计 8,400 元' },
          { text: '**有效期：**三十日' },
        ],
      },
    ],
  },
  {
    name: '模拟法庭',
    type_label: '法律',
    task_label: '庭审',
    description: '立案后原告举证与被告答辩同时进行，汇合后开庭辩论，合议庭表决，宣判并总结。',
    elements: [
      { kind: 'start', id: 'Start', name: '开始' },
      { kind: 'task', id: 'File', name: '立案', type: 2 },
      { kind: 'parallel', id: 'Split' },
      { kind: 'task', id: 'Evidence', name: '原告举证', type: 3 },
      { kind: 'task', id: 'Defence', name: '被告答辩', type: 2 },
      { kind: 'parallel', id: 'Join' },
      { kind: 'task', id: 'Debate', name: '法庭辩论', type: 1 },
      { kind: 'task', id: 'Deliberate', name: '合议庭评议', type: 8 },
      { kind: 'task', id: 'Verdict', name: '宣判与总结', type: 4 },
      { kind: 'end', id: 'End', name: '结束' },
    ],
    flows: [
      ['Start', 'File'],
      ['File', 'Split'],
      ['Split', 'Evidence'],
      ['Split', 'Defence'],
      ['Evidence', 'Join'],
      ['Defence', 'Join'],
      ['Join', 'Debate'],
      ['Debate', 'Deliberate'],
      ['Deliberate', 'Verdict'],
      ['Verdict', 'End'],
    ],
    roles: [
      {
        name: '审判长',
        nodes: [
          ['File', true],
          ['Debate', true],
          ['Deliberate', true],
          ['Verdict', true],
        ],
      },
      {
        name: '原告代理人',
        nodes: [
          ['File', false],
          ['Evidence', true],
          ['Debate', false],
          ['Verdict', false],
        ],
      },
      {
        name: '被告代理人',
        nodes: [
          ['Defence', true],
          ['Debate', false],
          ['Verdict', false],
        ],
      },
      {
        name: '陪审员',
        capacity: 2,
        nodes: [
          ['Debate', false],
          ['Deliberate', false],
        ],
      },
    ],
    templates: [
      {
        name: '民事起诉状.docx',
        tasks: ['File'],
        blocks: [
          { heading: true, text: '民事起诉状' },
          { text: '**原告：**' },
          { text: '**被告：**' },
          { text: '**诉讼请求：**' },
          { text: '**事实与理由：**' },
          { text: '此致　某某人民法院' },
        ],
      },
      {
        name: '民事答辩状.docx',
        tasks: ['Defence'],
        blocks: [
          { heading: true, text: '民事答辩状' },
          { text: '**答辩人：**' },
          { text: '**答辩意见：**' },
          { text: '**事实与理由：**' },
        ],
      },
    ],
  },
  {
    name: '听证会',
    type_label: '立法',
    task_label: '听证',
    description: '立法听证中嵌套的听证会：陈述人陈述意见，听证人询问，形成听证报告。',
    // A hearing is public: anyone may watch the statements and the inquiry.
    watch: ['Statement', 'Inquiry'],
    elements: [
      { kind: 'start', id: 'Start', name: '开始' },
      { kind: 'task', id: 'Statement', name: '陈述意见', type: 1 },
      { kind: 'task', id: 'Inquiry', name: '询问与回应', type: 1 },
      { kind: 'task', id: 'Report', name: '听证报告', type: 4 },
      { kind: 'end', id: 'End', name: '结束' },
    ],
    flows: [
      ['Start', 'Statement'],
      ['Statement', 'Inquiry'],
      ['Inquiry', 'Report'],
      ['Report', 'End'],
    ],
    roles: [
      {
        name: '听证主持人',
        nodes: [
          ['Statement', true],
          ['Inquiry', true],
          ['Report', true],
        ],
      },
      {
        name: '陈述人',
        capacity: 2,
        nodes: [
          ['Statement', false],
          ['Inquiry', false],
          ['Report', false],
        ],
      },
      {
        // The hearing's host brings the hearers in for the inquiry.
        name: '听证人',
        capacity: 2,
        nodes: [
          ['Inquiry', false, true],
          ['Report', false],
        ],
      },
    ],
  },
  {
    name: '立法听证',
    type_label: '立法',
    task_label: '听证',
    description: '起草议案并公示，进入听证会（嵌套的听证项目），回来后表决并作立法总结。',
    elements: [
      { kind: 'start', id: 'Start', name: '开始' },
      { kind: 'task', id: 'Draft', name: '起草议案', type: 14 },
      { kind: 'task', id: 'Notice', name: '议案公示', type: 7 },
      { kind: 'nest', id: 'Hearing', name: '听证会（嵌套项目）' },
      { kind: 'task', id: 'Vote', name: '表决', type: 8 },
      { kind: 'task', id: 'Summary', name: '立法总结', type: 4 },
      { kind: 'end', id: 'End', name: '结束' },
    ],
    flows: [
      ['Start', 'Draft'],
      ['Draft', 'Notice'],
      ['Notice', 'Hearing'],
      ['Hearing', 'Vote'],
      ['Vote', 'Summary'],
      ['Summary', 'End'],
    ],
    roles: [
      {
        name: '起草人',
        nodes: [
          ['Draft', true],
          ['Notice', true],
          ['Hearing', true],
          ['Summary', true],
        ],
      },
      {
        name: '人大代表',
        capacity: 3,
        nodes: [
          ['Notice', false],
          ['Vote', true],
          ['Summary', false],
        ],
      },
      { name: '听证代表', capacity: 2, nodes: [['Hearing', false]] },
    ],
  },
];

const TAGS = {
  start: 'startEvent',
  end: 'endEvent',
  task: 'userTask',
  nest: 'callActivity',
  exclusive: 'exclusiveGateway',
  parallel: 'parallelGateway',
} as const;

/**
 * The flow's semantics as BPMN 2.0 XML (no diagram yet), each node naming its incoming and
 * outgoing flows as bpmn-js writes them (the layout follows those).
 */
function semanticXml(flow: DemoFlow): string {
  const flowId = (i: number) => `Flow_${i + 1}`;
  const refs = (id: string) =>
    flow.flows.flatMap(([from, to], i) => [
      ...(to === id ? [`<bpmn:incoming>${flowId(i)}</bpmn:incoming>`] : []),
      ...(from === id ? [`<bpmn:outgoing>${flowId(i)}</bpmn:outgoing>`] : []),
    ]);
  const body = [
    ...flow.elements.map((e) => {
      const name = e.name ? ` name="${e.name}"` : '';
      const type = e.kind === 'task' ? ` training:nodeType="${e.type}"` : '';
      return `    <bpmn:${TAGS[e.kind]} id="${e.id}"${name}${type}>${refs(e.id).join('')}</bpmn:${TAGS[e.kind]}>`;
    }),
    ...flow.flows.map(
      ([from, to, name], i) =>
        `    <bpmn:sequenceFlow id="${flowId(i)}" sourceRef="${from}" targetRef="${to}"${name ? ` name="${name}"` : ''} />`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:training="${TRAINING_NAMESPACE}" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_1" name="${flow.name}" isExecutable="false">
${body.join('\n')}
  </bpmn:process>
</bpmn:definitions>`;
}

/**
 * A demo flow's roles, set up as the wizard would: each role in its nodes with every action the
 * node's standard module offers (结束环节 only where it may end the node), scene positions in turn.
 */
async function seedRoles(
  db: PlatformDatabase,
  flowId: number,
  flow: DemoFlow,
  nodes: readonly { id: number; task_id: string; node_type: number | null }[],
) {
  const seats = new Map<string, number>();
  for (const [sort, role] of flow.roles.entries()) {
    const made = await db
      .insertInto('flow_roles')
      .values({
        company_id: DEFAULT_COMPANY_ID,
        flow_id: flowId,
        name: role.name,
        capacity: role.capacity ?? 1,
        can_start: sort === 0 ? 1 : 0,
        sort,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('flow_role_nodes')
      .values(
        role.nodes.map(([taskId, canEnd, brought]) => {
          const node = nodes.find((n) => n.task_id === taskId);
          if (!node || !isNodeType(node.node_type))
            throw new Error(`demo flow ${flow.name}: no node ${taskId}`);
          const scene = SCENE_NODE_TYPES.includes(node.node_type);
          const seat = seats.get(taskId) ?? 0;
          seats.set(taskId, seat + 1);
          return {
            company_id: DEFAULT_COMPANY_ID,
            flow_id: flowId,
            role_id: made.id,
            node_id: node.id,
            can_terminate: canEnd ? 1 : 0,
            can_brought: brought ? 1 : 0,
            actions: JSON.stringify(STANDARD_ACTIONS[node.node_type].filter((a) => canEnd || a !== 'end')),
            position: scene ? (STANDARD_POSITIONS[seat % STANDARD_POSITIONS.length] ?? '') : '',
          };
        }),
      )
      .execute();
  }
}

/** A flow's Word templates: files of the company's store (the bytes in `store`) given in their nodes as usage 3. */
async function seedTemplates(
  db: PlatformDatabase,
  store: BlobStore,
  flowId: number,
  flow: DemoFlow,
  nodes: readonly { id: number; task_id: string }[],
  createdBy: number,
  now: string,
) {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'demo-templates-'));
  try {
    for (const t of flow.templates ?? []) {
      const bytes = wordDocument(t.blocks.map((b) => ({ heading: b.heading, runs: boldMarked(b.text) })));
      const key = `${randomBytes(16).toString('hex')}.docx`;
      const at = path.join(dir, key);
      await fs.promises.writeFile(at, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await store.put(key, at, { mime: DOCX_MIME, size: bytes.length, sha256 });
      const file = await db
        .insertInto('files')
        .values({
          company_id: DEFAULT_COMPANY_ID,
          name: t.name,
          mime: DOCX_MIME,
          kind: 'office',
          size: bytes.length,
          sha256,
          storage_key: key,
          created_by: createdBy,
          updated_by: createdBy,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const nodeIds = t.tasks.map((task) => {
        const node = nodes.find((n) => n.task_id === task);
        if (!node) throw new Error(`demo flow ${flow.name}: no node ${task} for ${t.name}`);
        return node.id;
      });
      await db
        .insertInto('flow_docs')
        .values({
          company_id: DEFAULT_COMPANY_ID,
          flow_id: flowId,
          file_id: file.id,
          name: t.name,
          usage: t.usage ?? 3,
          node_ids: JSON.stringify(nodeIds),
          created_by: createdBy,
          updated_by: createdBy,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A project on each demo flow, as a manager makes them in the wizard; 立法听证's hearing (a nest)
 * goes on in 听证会's project.
 */
const DEMO_PROJECTS: {
  flow: string;
  name: string;
  intro: string;
  purpose: string;
  office_item: string;
  /** BPMN id of a jump or nest node → the flow whose project it goes on in. */
  targets?: Record<string, string>;
}[] = [
  {
    flow: '采购审批',
    name: '办公设备采购审批',
    intro: '一次办公设备采购：采购员提交申请，部门审核，按金额由总经理表决或财务审核。',
    purpose: '熟悉企业采购的审批环节与各岗位职责。',
    office_item: '行政管理',
  },
  {
    flow: '模拟法庭',
    name: '合同纠纷模拟庭审',
    intro: '一起买卖合同纠纷：立案、举证与答辩、法庭辩论、合议、宣判。',
    purpose: '体验民事诉讼程序，练习举证与辩论。',
    office_item: '民事诉讼',
  },
  {
    flow: '听证会',
    name: '价格调整听证会',
    intro: '公共交通票价调整的听证会，陈述人与听证人各抒己见。',
    purpose: '了解听证会的组织与发言规则。',
    office_item: '立法',
  },
  {
    flow: '立法听证',
    name: '地方条例立法听证',
    intro: '起草一部地方条例，公示后举行听证会，再表决通过。',
    purpose: '体验立法的起草、公示、听证与表决。',
    office_item: '立法',
    targets: { Hearing: '听证会' },
  },
];

/** The demo company's flows, drawn, checked, set up and published, with their nodes and transitions; a project on each. */
export async function seedDemoFlows(db: PlatformDatabase, createdBy: number, store?: BlobStore) {
  const now = nowIso();
  const made: Record<string, { flowId: number; nodes: { id: number; task_id: string }[] }> = {};
  for (const flow of DEMO_FLOWS) {
    made[flow.name] = await seedFlow(db, store, flow, createdBy, now);
  }
  const projectOf: Record<string, number> = {};
  for (const p of DEMO_PROJECTS) {
    const flow = made[p.flow];
    if (!flow) throw new Error(`demo project ${p.name}: no flow ${p.flow}`);
    const project = await db
      .insertInto('flow_projects')
      .values({
        company_id: DEFAULT_COMPANY_ID,
        flow_id: flow.flowId,
        name: p.name,
        intro: p.intro,
        purpose: p.purpose,
        requirement: '按角色分工完成各环节，最后提交个人心得。',
        office_item: p.office_item,
        created_by: createdBy,
        updated_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectOf[p.flow] = project.id;
    for (const [taskId, targetFlow] of Object.entries(p.targets ?? {})) {
      const node = flow.nodes.find((n) => n.task_id === taskId);
      const target = projectOf[targetFlow];
      if (!node || target === undefined) throw new Error(`demo project ${p.name}: no target for ${taskId}`);
      await db
        .insertInto('flow_project_targets')
        .values({
          company_id: DEFAULT_COMPANY_ID,
          project_id: project.id,
          node_id: node.id,
          target_project_id: target,
        })
        .execute();
    }
  }
}

async function seedFlow(
  db: PlatformDatabase,
  store: BlobStore | undefined,
  flow: DemoFlow,
  createdBy: number,
  now: string,
) {
  const xml = await layoutProcess(semanticXml(flow));
  const graph = flowGraph((await readBpmn(xml)).definitions);
  const { errors, unpublishable } = checkFlow(graph);
  if (errors.length > 0 || unpublishable.length > 0)
    throw new Error(`demo flow ${flow.name}: ${[...errors, ...unpublishable].join('; ')}`);
  const {
    elements: _,
    flows: __,
    roles: ___,
    decides: ____,
    watch: _____,
    templates: ______,
    ...words
  } = flow;
  const made = await db
    .insertInto('flows')
    .values({
      company_id: DEFAULT_COMPANY_ID,
      ...words,
      status: FLOW_PUBLISHED,
      step: FLOW_SET_UP,
      xml,
      unpublishable: '[]',
      created_by: createdBy,
      updated_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nodes = await db
    .insertInto('flow_nodes')
    .values(
      graph.nodes.map((n, position) => {
        const decide = flow.decides?.[n.id];
        return {
          company_id: DEFAULT_COMPANY_ID,
          flow_id: made.id,
          task_id: n.id,
          name: n.name,
          kind: n.kind,
          node_type: n.nodeType,
          position,
          look_on: flow.watch?.includes(n.id) ? 1 : 0,
          decide: decide
            ? JSON.stringify({
                title: decide.title,
                description: '',
                mode: 0,
                items: decide.items.map((title) => ({ title, description: '' })),
              })
            : null,
        };
      }),
    )
    .returning(['id', 'task_id', 'node_type'])
    .execute();
  await seedRoles(db, made.id, flow, nodes);
  if (store) await seedTemplates(db, store, made.id, flow, nodes, createdBy, now);
  await db
    .insertInto('flow_transitions')
    .values(
      graph.flows.map((f) => ({
        company_id: DEFAULT_COMPANY_ID,
        flow_id: made.id,
        sequence_flow_id: f.id,
        name: f.name,
        source: f.source,
        target: f.target,
      })),
    )
    .execute();
  return { flowId: made.id, nodes };
}
