import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { companyField } from './department.ts';
import { pageOf } from './envelope.ts';
import {
  day,
  flag,
  form,
  id,
  int,
  keyword,
  optionalChoice,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
} from './fields.ts';
import { auditTimes } from './item-fields.ts';

/**
 * Work plans and work logs (工作计划 `work-plan`, 工作日志 `work-log`: spec §2's shared admin
 * children; issue 34). A plan (title, description, period, state, owner) holds tasks given to
 * people of the company (due date, state, progress); every staff person (`write_work_log`, held by
 * every role but the shop's members) writes their own daily logs (date, content, hours, optionally
 * against one of their tasks) and sees the plans they own or have tasks in; whoever holds `manage_work_plan` makes plans and gives tasks, whoever holds
 * `review_work_log` reads everyone's logs, reviews them (never their own) and their statistic
 * (spec 001 §7 `/account/get/worklog-statistic`: hours and logs per person per day or week).
 * A group's staff act in a company of their groups with `company_id` (docs/adr/0038). Served by
 * modules/work-plan.
 */

export const WORK_PLAN_STATUS = { 0: '进行中', 1: '已完成', 2: '已取消' } as const;
export const WORK_TASK_STATUS = { 0: '未开始', 1: '进行中', 2: '已完成' } as const;
export const WORK_STATISTIC_UNITS = { day: '按日', week: '按周' } as const;
export type WorkStatisticUnit = keyof typeof WORK_STATISTIC_UNITS;

export const WORK_LIMITS = {
  title: 50,
  description: 500,
  content: 1000,
  comment: 300,
  /** Most tasks of one plan. */
  tasks: 100,
  /** Most hours of one log, and of one person's logs of one day. */
  hours: 24,
  /** Longest range of the statistic, in days. */
  statisticDays: 366,
  /** Most people one search of the picker answers. */
  people: 50,
} as const;

/**
 * Hours with at most one decimal (`7.5`), 0.1 to 24 (stored as tenths of an hour); the message
 * names the field.
 */
export const hoursField = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;
      if (typeof t !== 'string' || !/^\d{1,2}(\.\d)?$/.test(t)) return Number.NaN;
      return Number(t);
    },
    z
      .number({
        error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}须为数字，最多一位小数`),
      })
      .refine((n) => !Number.isNaN(n), `${label}须为数字，最多一位小数`)
      .refine((n) => Number.isNaN(n) || n >= 0.1, `${label}不能小于0.1小时`)
      .refine((n) => n <= WORK_LIMITS.hours, `${label}不能超过${WORK_LIMITS.hours}小时`),
  );

const person = { owner_id: z.number().int(), owner_name: z.string() };

export const workTaskSchema = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  title: z.string(),
  ...person,
  due_date: z.string(),
  status: z.number().int(),
  /** 0–100 (%). */
  progress: z.number().int(),
  /** Live logs written against the task. */
  log_count: z.number().int(),
  ...auditTimes,
});
export type WorkTask = z.infer<typeof workTaskSchema>;

export const workPlanSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.number().int(),
  ...person,
  task_count: z.number().int(),
  /** Tasks 已完成. */
  done_count: z.number().int(),
  ...auditTimes,
});
export type WorkPlan = z.infer<typeof workPlanSchema>;

export const workPlanDetailSchema = workPlanSchema.extend({ tasks: z.array(workTaskSchema) });
export type WorkPlanDetail = z.infer<typeof workPlanDetailSchema>;

export const workLogSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  log_date: z.string(),
  content: z.string(),
  /** Hours (one decimal). */
  hours: z.number(),
  plan_id: z.number().int().nullable(),
  plan_title: z.string(),
  task_id: z.number().int().nullable(),
  task_title: z.string(),
  reviewed: z.number().int(),
  review_comment: z.string(),
  reviewer_name: z.string(),
  review_time: z.string(),
  ...auditTimes,
});
export type WorkLog = z.infer<typeof workLogSchema>;

/** A person a plan or a task may be given to (the picker). */
export const workPersonSchema = z.object({
  id: z.number().int(),
  real_name: z.string(),
  username: z.string(),
  department_name: z.string(),
});
export type WorkPerson = z.infer<typeof workPersonSchema>;

/** A task of the caller's that a log may be written against (the log form's choice). */
export const myTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  plan_id: z.number().int(),
  plan_title: z.string(),
  due_date: z.string(),
  status: z.number().int(),
  progress: z.number().int(),
});
export type MyTask = z.infer<typeof myTaskSchema>;

const statisticLine = {
  user_id: z.number().int(),
  user_name: z.string(),
  logs: z.number().int(),
  hours: z.number(),
};
/**
 * `/account/get/worklog-statistic`: per person per period (a day `YYYY-MM-DD`, or a week named by
 * its Monday), each person's totals, and the whole range's.
 */
export const workStatisticSchema = z.object({
  unit: z.enum(['day', 'week']),
  start_date: z.string(),
  end_date: z.string(),
  results: z.array(z.object({ period: z.string(), ...statisticLine })),
  people: z.array(z.object(statisticLine)),
  total: z.object({ logs: z.number().int(), hours: z.number() }),
});
export type WorkStatistic = z.infer<typeof workStatisticSchema>;

const optionalDay = (label: string) => z.preprocess((v) => (v === '' ? undefined : v), day(label).optional());
const dateRange = {
  start_date: optionalDay('开始日期'),
  end_date: optionalDay('结束日期'),
};
const statusOf = (label: string) => optionalInt(label, { min: 0, max: 2 });

const planFields = {
  ...companyField,
  title: text('计划名称', { max: WORK_LIMITS.title }),
  description: optionalText('计划说明', { max: WORK_LIMITS.description }),
  start_date: day('开始日期'),
  end_date: day('结束日期'),
  status: statusOf('计划状态'),
  owner_id: id('负责人'),
};
const taskFields = {
  ...companyField,
  title: text('任务名称', { max: WORK_LIMITS.title }),
  owner_id: id('执行人'),
  due_date: day('截止日期'),
  status: statusOf('任务状态'),
  progress: optionalInt('进度', { min: 0, max: 100 }),
};
const logFields = {
  log_date: day('日期'),
  content: text('工作内容', { max: WORK_LIMITS.content }),
  hours: hoursField('工时'),
  task_id: optionalId('任务'),
};

export const workPlanListBody = form({
  ...companyField,
  keyword: keyword('计划名称'),
  owner_id: optionalId('负责人'),
  status: statusOf('计划状态'),
  ...dateRange,
  ...paging,
});
export const workPlanCreateBody = form(planFields);
export const workPlanUpdateBody = form({ id: id('计划'), ...planFields });
export const workTaskCreateBody = form({ plan_id: id('计划'), ...taskFields });
export const workTaskUpdateBody = form({ id: id('任务'), ...taskFields });
export const workTaskProgressBody = form({
  id: id('任务'),
  status: int('任务状态', { min: 0, max: 2 }),
  progress: int('进度', { min: 0, max: 100 }),
});
export const workLogListBody = form({
  ...companyField,
  keyword: keyword('工作内容'),
  user_id: optionalId('人员'),
  /** 1: the caller's own logs only (a reviewer's 我的日志). */
  mine: z.optional(flag('只看我的')),
  reviewed: z.optional(flag('审阅状态')),
  plan_id: optionalId('计划'),
  ...dateRange,
  ...paging,
});
export const workLogCreateBody = form(logFields);
export const workLogUpdateBody = form({ id: id('日志'), ...logFields });
export const workLogReviewBody = form({
  ...companyField,
  id: id('日志'),
  comment: optionalText('审阅意见', { max: WORK_LIMITS.comment }),
});
export const workStatisticBody = form({
  ...companyField,
  start_date: day('开始日期'),
  end_date: day('结束日期'),
  unit: optionalChoice('统计方式', WORK_STATISTIC_UNITS),
  user_id: optionalId('人员'),
});

const idResult = z.object({ id: z.number().int() });
const tags = ['work-plan'];
const get = getCalls(tags);
const post = postCalls(tags);

export const workPlanCalls = {
  list: get(
    '/work/plan/list',
    '工作计划列表（管理者：单位的全部计划；其他人：自己负责或有任务的计划）',
    { permission: 'write_work_log' },
    workPlanListBody,
    pageOf(workPlanSchema),
  ),
  get: get(
    '/work/plan/{id}',
    '一个工作计划及其任务',
    { permission: 'write_work_log' },
    form({ ...companyField, id: id('计划') }),
    workPlanDetailSchema,
  ),
  create: post(
    '/work/plan/create',
    '新建工作计划',
    'manage_work_plan',
    workPlanCreateBody,
    workPlanDetailSchema,
  ),
  update: post(
    '/work/plan/update',
    '修改工作计划（名称、说明、起止日期、状态、负责人）',
    'manage_work_plan',
    workPlanUpdateBody,
    workPlanDetailSchema,
  ),
  remove: post(
    '/work/plan/delete',
    '删除工作计划（须没有工作日志）',
    'manage_work_plan',
    form({ ...companyField, id: id('计划') }),
    idResult,
  ),
  createTask: post(
    '/work/task/create',
    '给计划添加任务',
    'manage_work_plan',
    workTaskCreateBody,
    workTaskSchema,
  ),
  updateTask: post(
    '/work/task/update',
    '修改任务（名称、执行人、截止日期、状态、进度）',
    'manage_work_plan',
    workTaskUpdateBody,
    workTaskSchema,
  ),
  removeTask: post(
    '/work/task/delete',
    '删除任务（须没有工作日志）',
    'manage_work_plan',
    form({ ...companyField, id: id('任务') }),
    idResult,
  ),
  progress: post(
    '/work/task/progress',
    '执行人更新自己任务的状态和进度',
    'write_work_log',
    workTaskProgressBody,
    workTaskSchema,
  ),
  myTasks: get(
    '/work/task/mine',
    '我的未完成任务（写日志时选择）',
    { permission: 'write_work_log' },
    form({}),
    z.object({ results: z.array(myTaskSchema) }),
  ),
  people: get(
    '/work/people',
    '按姓名查找可分配任务的本单位人员',
    { permission: 'manage_work_plan' },
    form({ ...companyField, keyword: keyword('姓名或用户名') }),
    z.object({ results: z.array(workPersonSchema) }),
  ),
  logs: get(
    '/work/log/list',
    '工作日志列表（审阅者：单位全部人员的；其他人：自己的）',
    { permission: 'write_work_log' },
    workLogListBody,
    pageOf(workLogSchema),
  ),
  createLog: post('/work/log/create', '写工作日志', 'write_work_log', workLogCreateBody, workLogSchema),
  updateLog: post(
    '/work/log/update',
    '修改自己的工作日志（审阅前）',
    'write_work_log',
    workLogUpdateBody,
    workLogSchema,
  ),
  removeLog: post(
    '/work/log/delete',
    '删除自己的工作日志（审阅前）',
    'write_work_log',
    form({ id: id('日志') }),
    idResult,
  ),
  review: post('/work/log/review', '审阅他人的工作日志', 'review_work_log', workLogReviewBody, workLogSchema),
  statistic: get(
    '/account/get/worklog-statistic',
    '工作日志统计：各人按日或按周的日志数和工时',
    { permission: 'review_work_log' },
    workStatisticBody,
    workStatisticSchema,
  ),
};
