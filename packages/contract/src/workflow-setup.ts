import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import {
  flag,
  form,
  id,
  int,
  optionalId,
  optionalInt,
  optionalList,
  optionalText,
  text,
  uploadedFile,
} from './fields.ts';
import { flowSchema, type NodeType } from './workflow.ts';

/**
 * A flow's set-up (流程设置, `/manager/workflow/set/{flow_id}/{step}`; issue 36, design/training.md
 * "Set-up wizard"): four steps after the drawing — 0 nodes (program module, `look_on`, extra exits),
 * 1 docs (materials and their usage), 2 roles (who plays, in which nodes, who starts and who may end
 * a node), 3 modules (per node and role: the actions offered, the animation position; a 判断与选择
 * node's items). The flow's stored `step` is the furthest step that may be entered (spec §4: a step
 * further on answers 当前环节数据未设置完整，不能跳转到下一步); 4 when every step is done, which
 * publishing requires. A published flow's set-up never changes. Served by modules/workflow.
 */

export const FLOW_STEPS = ['环节设置', '素材设置', '角色设置', '模块设置'] as const;
/** The stored step once the last step is saved: the flow may be published. */
export const FLOW_SET_UP = FLOW_STEPS.length;
export const FLOW_STEP_MESSAGE = '当前环节数据未设置完整，不能跳转到下一步';

/** A material's usage in the runs (design/training.md). */
export const DOC_USAGE = {
  0: '无',
  1: '操作指南',
  2: '相关文件',
  3: '模板',
  4: '素材',
  5: '公文',
  6: '成果参考',
  7: '项目提示',
} as const;

/**
 * The actions a seat may be offered in a node (design/training.md "Inside a node"): each is a
 * command of `/business/message/push` that part 2's engine carries out. `end` is shown only to a
 * seat that can end the node.
 */
export const FLOW_ACTIONS = {
  seat: '入席／退席',
  stand: '起立／坐下',
  bring: '带入／送出角色',
  speak: '申请发言',
  show: '申请展示文档',
  submit: '申请提交文档',
  docs: '刷新文档',
  meet: '约见',
  control: '表达管理',
  vote: '表决',
  sign: '请求签字／签字',
  report: '安排报告',
  finish: '提前结束',
  end: '结束环节',
  experience: '提交心得',
  exit: '退出',
} as const;
export type FlowAction = keyof typeof FLOW_ACTIONS;
const ACTION_CODES = Object.keys(FLOW_ACTIONS) as FlowAction[];

const SCENE: FlowAction[] = [
  'seat',
  'stand',
  'bring',
  'speak',
  'show',
  'submit',
  'control',
  'meet',
  'report',
  'finish',
  'end',
  'exit',
];
const DOCUMENT: FlowAction[] = ['docs', 'show', 'submit', 'sign', 'end', 'exit'];
const VOTING: FlowAction[] = ['vote', 'docs', 'end', 'exit'];
const SIMPLE: FlowAction[] = ['docs', 'end', 'exit'];

/**
 * What the standard program module of each node type offers (a node with no module of the
 * company's own runs the standard one; 模块管理 defines others, each offering a subset).
 */
export const STANDARD_ACTIONS: Record<NodeType, readonly FlowAction[]> = {
  1: SCENE,
  2: DOCUMENT,
  3: ['docs', 'show', 'end', 'exit'],
  4: ['report', 'experience', 'docs', 'end', 'exit'],
  5: VOTING,
  6: SIMPLE,
  7: SIMPLE,
  8: VOTING,
  9: SIMPLE,
  10: ['docs', 'sign', 'end', 'exit'],
  11: SIMPLE,
  12: SIMPLE,
  14: DOCUMENT,
  15: VOTING,
  16: SIMPLE,
  17: SCENE,
  18: ['docs', 'end', 'exit'],
  19: SIMPLE,
};

/** Node types played in a scene, where each role stands at a position. */
export const SCENE_NODE_TYPES: readonly number[] = [1, 17];
/** The standard scene's positions (a module of the company's own names its own). */
export const STANDARD_POSITIONS = [
  '主持席',
  '发言席',
  '左席一',
  '左席二',
  '右席一',
  '右席二',
  '旁听席',
] as const;
/** The node type whose set-up includes the items to choose from (判断与选择). */
export const SELECT_DECIDE_NODE_TYPE = 12;

export const SETUP_LIMITS = {
  extraExits: 5,
  exitName: 20,
  roles: 50,
  roleName: 20,
  capacity: 20,
  docName: 60,
  decideTitle: 60,
  decideText: 200,
  decideItems: 20,
  /** Nodes of a drawing (a flow's elements are at most 3,000, BPMN_LIMITS). */
  nodes: 3000,
  /** Allocations of roles to nodes in one flow. */
  allocations: 5000,
} as const;

const actionList = z.array(z.enum(ACTION_CODES as [FlowAction, ...FlowAction[]]));

export const selectDecideSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** 0 one item, 1 several. */
  mode: z.number().int(),
  items: z.array(z.object({ title: z.string(), description: z.string() })),
});
export type SelectDecide = z.infer<typeof selectDecideSchema>;

export const setupNodeSchema = z.object({
  id: z.number().int(),
  task_id: z.string(),
  name: z.string(),
  kind: z.string(),
  node_type: z.number().int().nullable(),
  /** The company's program module; null: the standard module of the node type. */
  module_id: z.number().int().nullable(),
  look_on: z.number().int(),
  /** Free-text exits offered beside the drawn ones. */
  extra_exits: z.array(z.string()),
  /** A 判断与选择 node's items (step 3); null before. */
  decide: selectDecideSchema.nullable(),
});
export type SetupNode = z.infer<typeof setupNodeSchema>;

export const programModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  node_type: z.number().int(),
  actions: actionList,
  positions: z.array(z.string()),
  can_switch: z.number().int(),
});
export type ProgramModule = z.infer<typeof programModuleSchema>;

export const flowDocSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  usage: z.number().int(),
  file_id: z.number().int(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** The nodes (ids) the material is given in; none: every node. */
  node_ids: z.array(z.number().int()),
});
export type FlowDoc = z.infer<typeof flowDocSchema>;

export const roleNodeSchema = z.object({
  node_id: z.number().int(),
  can_terminate: z.number().int(),
  can_brought: z.number().int(),
  actions: actionList,
  position: z.string(),
});
export type RoleNode = z.infer<typeof roleNodeSchema>;

export const flowRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  /** 职务 of the company that plays it (the team is staffed by position); null: anyone. */
  position_id: z.number().int().nullable(),
  position_name: z.string(),
  can_start: z.number().int(),
  nodes: z.array(roleNodeSchema),
});
export type FlowRole = z.infer<typeof flowRoleSchema>;

/** Everything the wizard shows, in one reply. */
export const flowSetupSchema = z.object({
  flow: flowSchema,
  nodes: z.array(setupNodeSchema),
  modules: z.array(programModuleSchema),
  docs: z.array(flowDocSchema),
  roles: z.array(flowRoleSchema),
  positions: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FlowSetup = z.infer<typeof flowSetupSchema>;

const flowId = { flow_id: id('流程') };
const nodeId = id('环节');
const nodeIds = optionalList('环节', nodeId, SETUP_LIMITS.nodes);

export const setNodesBody = form({
  ...flowId,
  nodes: optionalList(
    '环节设置',
    z.object(
      {
        node_id: nodeId,
        module_id: optionalId('程序模块').nullable(),
        look_on: flag('允许旁观'),
        extra_exits: optionalList(
          '其他出口',
          text('出口名称', { max: SETUP_LIMITS.exitName }),
          SETUP_LIMITS.extraExits,
        ),
      },
      { error: '环节设置格式不正确' },
    ),
    SETUP_LIMITS.nodes,
  ),
});

/** Multipart: the file goes into the company's file store (typed by its content, as `/file/upload`). */
export const docCreateBody = form({
  ...flowId,
  file: uploadedFile('请选择素材文件'),
  name: optionalText('素材名称', { max: SETUP_LIMITS.docName }),
  usage: int('用途', { min: 0, max: 7 }),
  node_ids: nodeIds,
});
export const docUpdateBody = form({
  doc_id: id('素材'),
  name: text('素材名称', { max: SETUP_LIMITS.docName }),
  usage: int('用途', { min: 0, max: 7 }),
  node_ids: nodeIds,
});

export const setRolesBody = form({
  ...flowId,
  roles: optionalList(
    '角色',
    z.object(
      {
        /** A kept role's id (its allocations and module settings stay); none for a new one. */
        id: optionalId('角色'),
        name: text('角色名称', { max: SETUP_LIMITS.roleName }),
        capacity: int('人数', { min: 1, max: SETUP_LIMITS.capacity }),
        position_id: optionalId('职务').nullable(),
        can_start: flag('发起业务'),
        nodes: optionalList(
          '参与环节',
          z.object(
            { node_id: nodeId, can_terminate: flag('结束环节'), can_brought: flag('可被带入') },
            { error: '参与环节格式不正确' },
          ),
          SETUP_LIMITS.nodes,
        ),
      },
      { error: '角色格式不正确' },
    ),
    SETUP_LIMITS.roles,
  ),
});

export const setModulesBody = form({
  ...flowId,
  allocations: optionalList(
    '角色动作',
    z.object(
      {
        role_id: id('角色'),
        node_id: nodeId,
        actions: optionalList(
          '动作',
          z.enum(ACTION_CODES as [FlowAction, ...FlowAction[]], { error: '动作不存在' }),
          ACTION_CODES.length,
        ),
        position: optionalText('站位', { max: 12 }),
      },
      { error: '角色动作格式不正确' },
    ),
    SETUP_LIMITS.allocations,
  ),
  decides: optionalList(
    '判断与选择',
    z.object(
      {
        node_id: nodeId,
        title: text('题目', { max: SETUP_LIMITS.decideTitle }),
        description: optionalText('说明', { max: SETUP_LIMITS.decideText }),
        mode: optionalInt('选择方式', { min: 0, max: 1 }),
        items: optionalList(
          '选项',
          z.object({
            title: text('选项', { max: SETUP_LIMITS.decideTitle }),
            description: optionalText('选项说明', { max: SETUP_LIMITS.decideText }),
          }),
          SETUP_LIMITS.decideItems,
        ),
      },
      { error: '判断与选择格式不正确' },
    ),
    SETUP_LIMITS.nodes,
  ),
});

const tags = ['workflow'];
const get = getCalls(tags);
const post = postCalls(tags);

export const workflowSetupCalls = {
  get: get(
    '/workflow/setup',
    '流程设置（环节、素材、角色、模块与可选的职务）',
    { permission: 'view_flow' },
    form(flowId),
    flowSetupSchema,
  ),
  setNodes: post(
    '/workflow/set/nodes',
    '保存环节设置（程序模块、允许旁观、其他出口），进入素材设置',
    'change_flow',
    setNodesBody,
    flowSetupSchema,
  ),
  createDoc: post(
    '/workflow/doc/create',
    '上传素材（multipart：file，图片 5 MB、PDF/Office 20 MB 以内；用途与使用环节）',
    'change_flow',
    docCreateBody,
    flowDocSchema,
  ),
  updateDoc: post(
    '/workflow/doc/update',
    '修改素材的名称、用途与使用环节',
    'change_flow',
    docUpdateBody,
    flowDocSchema,
  ),
  removeDoc: post(
    '/workflow/doc/delete',
    '删除素材（文件库中的文件保留）',
    'change_flow',
    form({ doc_id: id('素材') }),
    z.object({ count: z.number().int() }),
  ),
  setDocs: post(
    '/workflow/set/docs',
    '素材设置完成，进入角色设置',
    'change_flow',
    form(flowId),
    flowSetupSchema,
  ),
  setRoles: post(
    '/workflow/set/roles',
    '保存角色（名称、人数、职务、参与环节、发起与结束权限），进入模块设置',
    'change_flow',
    setRolesBody,
    flowSetupSchema,
  ),
  setModules: post(
    '/workflow/set/modules',
    '保存模块设置（各环节各角色的动作、站位与判断选项），设置完成',
    'change_flow',
    setModulesBody,
    flowSetupSchema,
  ),
} as const;
