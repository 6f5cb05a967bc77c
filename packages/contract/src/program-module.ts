import { z } from 'zod';
import { text } from './fields.ts';
import { defineResource } from './resource.ts';
import { col } from './screen.ts';
import { NODE_TYPES } from './workflow.ts';
import { FLOW_ACTIONS, type FlowAction } from './workflow-setup.ts';

/**
 * 模块管理 (`/manager/module_manage`; issue 36, ADR 0042): the company's own program modules — for
 * a node type, the actions a node running it offers and, in a scene, the positions roles take. A
 * flow's node picks one in the set-up wizard's step 0 (none: the type's standard module). A module a
 * node still runs is not deleted.
 */
const ACTION_CODES = Object.keys(FLOW_ACTIONS) as [FlowAction, ...FlowAction[]];
const NODE_TYPE_WORDS = Object.fromEntries(Object.entries(NODE_TYPES).map(([k, v]) => [k, v])) as Record<
  `${keyof typeof NODE_TYPES}`,
  string
>;

export const PROGRAM_MODULE_LIMITS = { name: 30, positions: 20, position: 12 } as const;

/** A JSON list as a form posts it (one JSON text), or the list itself. */
const jsonList = (v: unknown) => {
  if (v === undefined || v === null) return [];
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return [];
  try {
    return JSON.parse(s);
  } catch {
    return v;
  }
};

export const moduleActions = z.preprocess(
  jsonList,
  z
    .array(z.enum(ACTION_CODES, { error: '动作不存在' }), { error: '动作格式不正确' })
    .min(1, '请至少选择一个动作')
    .max(ACTION_CODES.length, '动作格式不正确')
    .refine((list) => new Set(list).size === list.length, '动作有重复'),
);
export const modulePositions = z.preprocess(
  jsonList,
  z
    .array(text('站位', { max: PROGRAM_MODULE_LIMITS.position }), { error: '站位格式不正确' })
    .max(PROGRAM_MODULE_LIMITS.positions, `站位最多${PROGRAM_MODULE_LIMITS.positions}个`)
    .refine((list) => new Set(list).size === list.length, '站位有重名'),
);

/** The actions in words, as the list and the export show them. */
export const actionsText = (codes: readonly string[]) =>
  codes.map((c) => FLOW_ACTIONS[c as FlowAction] ?? c).join('、');

const programModuleShape = {
  name: col.text('模块名称', {
    max: PROGRAM_MODULE_LIMITS.name,
    search: true,
    phone: 'title',
    placeholder: '如：法庭场景',
  }),
  node_type: col.choice('环节类型', NODE_TYPE_WORDS, { search: true }),
  actions: col.custom(
    '提供的动作',
    { item: z.array(z.string()), field: moduleActions },
    { excel: false, list: false },
  ),
  actions_text: col.readOnly('提供的动作'),
  positions: col.custom(
    '场景站位',
    { item: z.array(z.string()), field: modulePositions },
    { excel: false, list: false, optional: true },
  ),
  can_switch: col.flag('切换视角', '允许', '不允许', { list: false }),
  sort: col.int('排序', { min: 0, max: 9999, optional: true, initial: 0, hint: '数字小的排在前面' }),
  update_time: col.time('更新时间'),
};

export const programModuleResource = defineResource({
  label: '程序模块',
  tags: ['workflow'],
  shape: programModuleShape,
  sorts: { sort: '排序', newest: '最新', name: '名称' },
  unique: ['name'],
  // A sheet's row has no action list: an imported module offers its type's standard actions (the
  // server's store), narrowed afterwards in the form.
  excel: {
    fields: {
      name: programModuleShape.name.field,
      node_type: programModuleShape.node_type.field,
      can_switch: programModuleShape.can_switch.field,
      sort: programModuleShape.sort.field,
    },
    example: { name: '法庭场景', node_type: '动画', can_switch: '允许', sort: 10 },
  },
  paths: {
    list: '/workflow/module/list',
    get: '/workflow/module',
    create: '/workflow/module/add',
    update: '/workflow/module/update',
    remove: '/workflow/module/delete',
    removeMany: '/workflow/module/selected/delete',
    select: '/workflow/modules',
    check: '/workflow/module/check',
    export: '/workflow/module/export',
  },
  permissions: { view: 'view_flow', add: 'change_flow', change: 'change_flow', delete: 'change_flow' },
});
export type ProgramModuleItem = z.infer<typeof programModuleResource.item>;
export const programModuleCalls = programModuleResource.calls;
