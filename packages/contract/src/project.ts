import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  day,
  form,
  id,
  int,
  keyword,
  optionalId,
  optionalList,
  optionalText,
  paging,
  text,
} from './fields.ts';
import { auditTimes } from './item-fields.ts';

/**
 * Projects of the training area (实训项目, `/manager/project` and `project/create_project_wizard`;
 * issue 36, design/training.md "Project"): a runnable configuration of a published flow — what
 * students read before they start, how it opens, how much of the graph they see, whether it may be
 * redone, when result references are released, and for every jump (6) and nest (9) node the
 * project it goes on in. A project missing a target is refused, the node named. The calls are the
 * original system's (`/api/project/*`). Served by modules/project.
 */

export const PROJECT_LEVEL = { 1: '基础', 2: '综合', 3: '创新' } as const;
export const PROJECT_ABILITY = { 1: '认知', 2: '操作', 3: '分析', 4: '决策', 5: '协作' } as const;
export const PROJECT_OPEN_MODE = { 1: '自由开放', 2: '限时开放', 3: '指定人员' } as const;
export const PROJECT_GRAPH = { 1: '完整显示', 2: '逐步显示', 3: '不显示' } as const;
export const PROJECT_REFERENCE = { 1: '业务结束后释放', 2: '开始即释放', 3: '不释放' } as const;
/** Node types that go on in another project: 跳转 (never returns) and 嵌套 (returns). */
export const TARGET_NODE_TYPES: readonly number[] = [6, 9];

export const PROJECT_LIMITS = {
  name: 40,
  officeItem: 30,
  text: 2000,
  targetUsers: 500,
} as const;

export const projectSchema = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  flow_name: z.string(),
  name: z.string(),
  intro: z.string(),
  purpose: z.string(),
  requirement: z.string(),
  level: z.number().int(),
  ability_target: z.number().int(),
  open_mode: z.number().int(),
  /** Open from / until (YYYY-MM-DD) in 限时开放; null otherwise. */
  start_day: z.string().nullable(),
  end_day: z.string().nullable(),
  graph_view: z.number().int(),
  can_redo: z.number().int(),
  reference: z.number().int(),
  /** The office item (事项) the project is filed under, as the company names it. */
  office_item: z.string(),
  creator_name: z.string(),
  ...auditTimes,
});
export type Project = z.infer<typeof projectSchema>;

/** A jump or nest node of the project's flow and the project it goes on in. */
export const projectTargetSchema = z.object({
  node_id: z.number().int(),
  node_name: z.string(),
  node_type: z.number().int(),
  target_project_id: z.number().int().nullable(),
  target_project_name: z.string(),
});

export const projectDetailSchema = projectSchema.extend({
  targets: z.array(projectTargetSchema),
  /** 指定人员: who may run it. */
  target_users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The flow's roles as the project's runs will copy them. */
  roles: z.array(z.object({ name: z.string(), capacity: z.number().int(), position_name: z.string() })),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

const projectFields = {
  name: text('项目名称', { max: PROJECT_LIMITS.name }),
  intro: optionalText('项目简介', { max: PROJECT_LIMITS.text }),
  purpose: optionalText('实验目的', { max: PROJECT_LIMITS.text }),
  requirement: optionalText('实验要求', { max: PROJECT_LIMITS.text }),
  level: int('实验层次', { min: 1, max: 3 }),
  ability_target: int('能力目标', { min: 1, max: 5 }),
  open_mode: int('开放模式', { min: 1, max: 3 }),
  start_day: day('开放开始日期').optional(),
  end_day: day('开放结束日期').optional(),
  graph_view: int('流程图显示', { min: 1, max: 3 }),
  can_redo: int('允许重做', { min: 0, max: 1 }),
  reference: int('成果参考释放', { min: 1, max: 3 }),
  office_item: optionalText('所属事项', { max: PROJECT_LIMITS.officeItem }),
  /** Each jump or nest node's target: `[{node_id, target_project_id}]`. */
  targets: optionalList(
    '跳转与嵌套',
    z.object(
      { node_id: id('环节'), target_project_id: optionalId('目标项目').nullable() },
      { error: '跳转与嵌套格式不正确' },
    ),
    500,
  ),
  target_user_ids: optionalList('指定人员', id('人员'), PROJECT_LIMITS.targetUsers),
};

export const projectListBody = form({
  keyword: keyword('项目名称'),
  flow_id: optionalId('流程'),
  /** Only the projects of this office item (所属事项), exactly. */
  office_item: optionalText('所属事项', { max: PROJECT_LIMITS.officeItem }),
  ...paging,
});
export const projectIdBody = form({ project_id: id('项目') });
export const projectCreateBody = form({ flow_id: id('流程'), ...projectFields });
export const projectUpdateBody = form({ project_id: id('项目'), ...projectFields });

/** What the wizard offers: the published flows, and the projects a jump or nest may go on in. */
export const projectOptionsSchema = z.object({
  flows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Its jump and nest nodes, which need a target. */
      targets: z.array(
        z.object({ node_id: z.number().int(), node_name: z.string(), node_type: z.number().int() }),
      ),
    }),
  ),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), flow_name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProjectOptions = z.infer<typeof projectOptionsSchema>;

const tags = ['project'];
const get = getCalls(tags);
const post = postCalls(tags);

export const projectCalls = {
  list: get(
    '/project/list',
    '实训项目列表（本单位；按名称、流程）',
    { permission: 'view_project' },
    projectListBody,
    pageOf(projectSchema),
  ),
  officeItems: get(
    '/project/office_items',
    '本单位项目的所属事项，以及各有几个项目（业务准备按事项挑选项目）',
    { permission: 'view_project' },
    form({}),
    z.object({ results: z.array(z.object({ office_item: z.string(), count: z.number().int() })) }),
  ),
  get: get(
    '/project/detail',
    '实训项目详情（跳转与嵌套目标、角色）',
    { permission: 'view_project' },
    projectIdBody,
    projectDetailSchema,
  ),
  options: get(
    '/project/options',
    '新建项目可选的已发布流程、目标项目与人员',
    { permission: 'change_project' },
    form({}),
    projectOptionsSchema,
  ),
  create: post(
    '/project/create',
    '新建实训项目（流程须已发布；跳转、嵌套环节须有目标项目）',
    'change_project',
    projectCreateBody,
    projectDetailSchema,
  ),
  update: post('/project/update', '修改实训项目', 'change_project', projectUpdateBody, projectDetailSchema),
  copy: post(
    '/project/copy',
    '复制实训项目（名称加“副本”，设置与跳转、嵌套目标相同）',
    'change_project',
    projectIdBody,
    projectDetailSchema,
  ),
  remove: post(
    '/project/delete',
    '删除实训项目（其他项目以它为跳转或嵌套目标时不能删除）',
    'change_project',
    projectIdBody,
    z.object({ count: z.number().int() }),
  ),
} as const;
