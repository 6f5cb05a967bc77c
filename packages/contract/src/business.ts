import { z } from 'zod';
import { getCalls, loginCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, keyword, optionalId, optionalInt, optionalList, optionalText, paging } from './fields.ts';
import { auditTimes } from './item-fields.ts';
import { projectSchema } from './project.ts';

/**
 * Businesses (业务; issue 36, design/training.md "Creating and starting a business"): one run of a
 * project by a team. The manager's wizard (`business/create_business_wizard`, then
 * `create_business_wizard1`) chooses a project and stores the business waiting (status 1) with the
 * flow's roles copied and their seats listed, the creator in the start role's first seat; running
 * it is part 2. 业务管理 (`/manager/business`) lists them and soft-deletes and recovers them (spec
 * §4). The spec's calls: `/business/create`, `/business/list_nodel`, `/business/list_del`,
 * `/business/delete`, `/business/recovery`. Served by modules/business.
 */

export const BUSINESS_STATUS = { 1: '等待开始', 2: '进行中', 9: '已结束' } as const;
export const BUSINESS_WAITING = 1;
export const BUSINESS_RUNNING = 2;
export const BUSINESS_FINISHED = 9;
/**
 * A path row: the node is current, or the business has moved on from it, or (a parallel merge) a
 * branch waits there for the others.
 */
/** A path row: current, done, a branch waiting at a merge, a nest node whose project runs now. */
export const BUSINESS_PATH_STATE = { current: 1, done: 2, waiting: 3, nested: 4 } as const;
export const BUSINESS_LIMITS = { name: 60 } as const;

export const businessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  flow_name: z.string(),
  status: z.number().int(),
  /** Seats taken of all seats. */
  seats_taken: z.number().int(),
  seats: z.number().int(),
  creator_name: z.string(),
  /** Who started it (null: the person is gone). */
  created_by: z.number().int().nullable(),
  ...auditTimes,
});
export type Business = z.infer<typeof businessSchema>;

/** A role of a business (copied from the flow) and who sits in each of its seats. */
export const businessRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  /** The 职务 a member must hold to take a seat of the role (null: anyone of the company). */
  position_id: z.number().int().nullable(),
  position_name: z.string(),
  can_start: z.number().int(),
  /** The project a jump or nest goes on in that the role plays in (null: the business's own). */
  project_name: z.string().nullable(),
  seats: z.array(
    z.object({
      /** The seat (the spec's role allocation, `role_alloc_id`). */
      id: z.number().int(),
      seat_no: z.number().int(),
      user_id: z.number().int().nullable(),
      user_name: z.string(),
    }),
  ),
});

export const businessDetailSchema = businessSchema.extend({ roles: z.array(businessRoleSchema) });
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

/** What the wizard's second step shows before a business is started: the project, and its roles to staff. */
export const businessPreviewSchema = z.object({
  project: projectSchema,
  roles: z.array(
    z.object({
      name: z.string(),
      capacity: z.number().int(),
      position_name: z.string(),
      can_start: z.number().int(),
      /** The project a jump or nest goes on in that the role plays in (null: this project). */
      project_name: z.string().nullable(),
      /** Members of the company holding the role's 职务 (every active member when it names none). */
      available: z.number().int(),
    }),
  ),
  /** Why the caller cannot start it now ('' when they can): the open days, the named users. */
  closed: z.string(),
});
export type BusinessPreview = z.infer<typeof businessPreviewSchema>;

/**
 * A business as a member opens it (`/business/detail`; spec §3 "Business detail"): its team, where
 * it stands (the current nodes; several in parallel branches), the caller's seats, and the nodes
 * the caller's roles take part in (`with_user_nodes`). The starter's first opening with every seat
 * filled starts it.
 */
export const businessRunSchema = businessDetailSchema.extend({
  flow_id: z.number().int(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  nodes: z.array(
    z.object({
      path_id: z.number().int(),
      node_id: z.number().int(),
      name: z.string(),
      node_type: z.number().int().nullable(),
      step: z.number().int(),
      /** The caller's seat that may end it (`can_terminate`); null when none may. */
      end_seat_id: z.number().int().nullable(),
      /** The project a jump or nest went on in that the node is of (null: the business's own). */
      project_name: z.string().nullable(),
    }),
  ),
  role_allocs: z.array(
    z.object({
      id: z.number().int(),
      role_id: z.number().int(),
      role_name: z.string(),
      seat_no: z.number().int(),
    }),
  ),
  /** The nodes the caller takes part in, each with the caller's seat there. */
  with_user_nodes: z.array(
    z.object({ node_id: z.number().int(), name: z.string(), role_alloc_id: z.number().int() }),
  ),
  /** Empty seats by role, when the team is not complete ('' when it is). */
  missing: z.string(),
});
export type BusinessRun = z.infer<typeof businessRunSchema>;

/**
 * Where a business stands, read without opening it (`/business/deta/status`): a member waiting for
 * the start, or a page following it, asks this instead of `/business/detail` (which starts it).
 */
export const businessStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** The current nodes (several in parallel branches; none before the start and after the end). */
  nodes: z.array(
    z.object({ node_id: z.number().int(), name: z.string(), node_type: z.number().int().nullable() }),
  ),
  /** Empty seats by role ('' when the team is complete). */
  missing: z.string(),
});
export type BusinessState = z.infer<typeof businessStateSchema>;

/** A business in a short list for choosing one (`/business/list_nodel_simple`). */
export const businessChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  project_name: z.string(),
});
export type BusinessChoice = z.infer<typeof businessChoiceSchema>;
/** Most businesses `/business/list_nodel_simple` answers (the newest). */
export const BUSINESS_CHOICES_MAX = 50;

/** A member of the company who may fill a seat (`/business/getUnitUserList`). */
export const teammateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  position_id: z.number().int().nullable(),
  position_name: z.string(),
});
export type Teammate = z.infer<typeof teammateSchema>;
/** Most people `/business/getUnitUserList` answers. */
export const TEAMMATES_MAX = 500;

/**
 * Where a jump (6) or nest (9) node goes on (`/business/jump/setup`): its target project and that
 * project's roles with who sits in each seat; for a seat that may end the node while the business
 * has not gone there yet, the company's staff who may be seated (`people`) — the team of the target
 * project is then adjusted by `/business/jump/teammates/configuration` (a jump) or
 * `/business/groupjump/teammates/configuration` (a nest, which the team goes into and comes back from).
 */
export const businessJumpSchema = z.object({
  node_id: z.number().int(),
  node_type: z.number().int(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  roles: z.array(businessRoleSchema),
  /** The team there may still be adjusted by the caller (their seat ends the node; not gone there yet). */
  adjustable: z.boolean(),
  people: z.array(teammateSchema),
});
export type BusinessJump = z.infer<typeof businessJumpSchema>;

const jumpBody = form({ business_id: id('业务'), node_id: id('环节') });
const jumpTeamBody = form({
  business_id: id('业务'),
  node_id: id('环节'),
  role_alloc_id: id('席位'),
  data: optionalList(
    '席位安排',
    z.object({ seat_id: id('席位'), user_id: id('人员') }, { error: '席位安排格式不正确' }),
    200,
  ),
});

export const businessListBody = form({
  keyword: keyword('业务名称'),
  status: optionalInt('业务状态', { min: 1, max: 9 }),
  project_id: optionalId('项目'),
  ...paging,
});
export const businessIdBody = form({ business_id: id('业务') });
export const businessCreateBody = form({
  project_id: id('项目'),
  name: optionalText('业务名称', { max: BUSINESS_LIMITS.name }),
});

const tags = ['business'];
const get = getCalls(tags);
const post = postCalls(tags);
const loginPost = loginCalls(tags);
const count = z.object({ count: z.number().int() });

export const businessCalls = {
  list: get(
    '/business/list_nodel',
    '业务列表（本单位，未删除）',
    { permission: 'view_business' },
    businessListBody,
    pageOf(businessSchema),
  ),
  mine: get(
    '/business/list',
    '我参与的业务（有我的席位；进行中：等待开始与进行中，已完成）',
    { login: true },
    form({
      keyword: keyword('业务名称'),
      state: z.enum(['progress', 'done'], { error: '业务状态不正确' }).default('progress'),
      ...paging,
    }),
    pageOf(businessSchema),
  ),
  choices: get(
    '/business/list_nodel_simple',
    `业务简表（本单位，未删除，最新的${BUSINESS_CHOICES_MAX}个；供选择业务）`,
    { permission: 'view_business' },
    form({ keyword: keyword('业务名称'), status: optionalInt('业务状态', { min: 1, max: 9 }) }),
    z.object({ results: z.array(businessChoiceSchema) }),
  ),
  deleted: get(
    '/business/list_del',
    '已删除的业务（可恢复）',
    { permission: 'view_business' },
    businessListBody,
    pageOf(businessSchema),
  ),
  preview: get(
    '/business/create/preview',
    '启动业务前：项目、要配备的角色与本单位可选人数',
    { permission: 'start_business' },
    form({ project_id: id('项目') }),
    businessPreviewSchema,
  ),
  create: post(
    '/business/create',
    '启动业务（复制角色、列出席位，发起人坐发起角色；状态为等待开始）',
    'start_business',
    businessCreateBody,
    businessDetailSchema,
  ),
  detail: get(
    '/business/detail',
    '打开业务（成员或可查看业务者）；发起人在团队配齐后首次打开即开始业务',
    { login: true, changes: true },
    businessIdBody,
    businessRunSchema,
  ),
  state: get(
    '/business/deta/status',
    '业务现在的状态：等待开始、进行中或已结束，当前环节与空缺的席位（不打开、不开始业务）',
    { login: true },
    businessIdBody,
    businessStateSchema,
  ),
  team: get(
    '/business/team',
    '业务的团队（角色与席位上的人员），配备团队时读取（持有查看业务权限者，或业务的发起人）',
    { login: true },
    businessIdBody,
    businessDetailSchema,
  ),
  unitUsers: post(
    '/business/getUnitUserList',
    `可配备到业务席位的本单位人员（按角色的职务；最多${TEAMMATES_MAX}人）`,
    'start_business',
    businessIdBody,
    z.object({ results: z.array(teammateSchema) }),
  ),
  addMoreTeammates: post(
    '/business/addMoreTeammates',
    '配备团队：为等待开始的业务的席位安排人员（发起人的席位除外）',
    'start_business',
    form({
      business_id: id('业务'),
      data: optionalList(
        '席位安排',
        z.object(
          { seat_id: id('席位'), user_id: optionalId('人员').nullable() },
          { error: '席位安排格式不正确' },
        ),
        200,
      ),
    }),
    businessDetailSchema,
  ),
  setNoneUser: post(
    '/business/setNoneUser',
    '为一个空席位安排人员',
    'start_business',
    form({ role_alloc_id: id('席位'), user_id: id('人员') }),
    businessDetailSchema,
  ),
  jumpSetup: loginPost(
    '/business/jump/setup',
    '跳转或嵌套环节的去向：目标项目、它的角色与席位上的人员（能打开业务者）',
    jumpBody,
    businessJumpSchema,
  ),
  jumpTeam: loginPost(
    '/business/jump/teammates/configuration',
    '跳转前调整目标项目席位上的人员（能结束这个跳转环节的席位，业务还没有跳转过去时）',
    jumpTeamBody,
    businessJumpSchema,
  ),
  nestTeam: loginPost(
    '/business/groupjump/teammates/configuration',
    '进入嵌套项目前调整它席位上的人员（能结束这个嵌套环节的席位，还没有进入时）',
    jumpTeamBody,
    businessJumpSchema,
  ),
  remove: post('/business/delete', '删除业务（可恢复）', 'change_business', businessIdBody, count),
  withdraw: get(
    '/business/remove',
    '撤回还在等待开始的业务（发起人，或可修改业务者；撤回后可在业务管理中恢复）',
    { login: true, changes: true },
    businessIdBody,
    count,
  ),
  recover: post('/business/recovery', '恢复已删除的业务', 'change_business', businessIdBody, count),
} as const;
