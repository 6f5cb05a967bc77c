import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { companyLoginSchema } from './crm-people.ts';
import { companyField } from './department.ts';
import { pageOf } from './envelope.ts';
import { day, flag, form, keyword, optionalId, optionalText, paging } from './fields.ts';
import { createTime } from './item-fields.ts';
import { jobSchema } from './job.ts';
import { RESOURCE_EXPORT_DIRECT_MAX } from './resource-limits.ts';

/**
 * The administration's logs and statistics (issue 34, spec §2 shared admin children `home`,
 * `login-log`, `log-statistic`; docs/adr/0038 "Logs, statistics and the administrator's home"):
 * a company's logins, who is online, its people and use as statistics, the audit trail of its
 * changes, and the administrator's overview. Spec 001 §7 names `/account/online` (POST) and
 * `/account/get/user-statistic` (GET); the others are ours. Every call acts in a company of the
 * caller's scope (`company_id`; without it, the caller's own). Served by modules/admin-log.
 */

/** Most days one statistic or one day filter spans. */
export const ADMIN_LOG_DAYS_MAX = 366;

const optionalDay = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(day(label)));

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The end day is not before the start day, and the two span at most ADMIN_LOG_DAYS_MAX days. */
const dayRangeRule =
  (fromKey: string, toKey: string, endLabel: string) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const from = v[fromKey];
    const to = v[toKey];
    if (typeof from !== 'string' || typeof to !== 'string') return;
    const n = daysBetween(from, to);
    if (n < 0) ctx.addIssue({ code: 'custom', path: [toKey], message: `${endLabel}不能早于开始日期` });
    else if (n + 1 > ADMIN_LOG_DAYS_MAX)
      ctx.addIssue({
        code: 'custom',
        path: [toKey],
        message: `日期范围最多 ${ADMIN_LOG_DAYS_MAX} 天`,
      });
  };

// ─── 登录记录 (login-log) ────────────────────────────────────────────────────────────────────────

const loginFilters = {
  ...companyField,
  /** User name or real name (contains). */
  keyword: keyword('用户'),
  user_id: optionalId('用户'),
  success: z.optional(flag('结果')),
  date_from: optionalDay('开始日期'),
  date_to: optionalDay('结束日期'),
};
export const adminLoginListBody = form({ ...loginFilters, ...paging }).superRefine(
  dayRangeRule('date_from', 'date_to', '结束日期'),
);
export const adminLoginExportQuery = form(loginFilters).superRefine(
  dayRangeRule('date_from', 'date_to', '结束日期'),
);
export type AdminLoginFilter = z.output<typeof adminLoginExportQuery>;

/** The login records' sheet: its columns in order, by the keys of an exported row. */
export const ADMIN_LOGIN_EXPORT_COLUMNS = {
  create_time: '登录时间',
  username: '用户名',
  real_name: '姓名',
  role_name: '角色',
  result: '结果',
  reason: '说明',
  ip: 'IP 地址',
  user_agent: '浏览器',
} as const;

// ─── 在线人员 (/account/online) ──────────────────────────────────────────────────────────────────

export const onlineSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  department_name: z.string(),
  /** Live sessions the user holds (browsers, devices). */
  sessions: z.number().int(),
  /** The latest live session's start, address and browser. */
  login_time: z.string(),
  ip: z.string(),
  user_agent: z.string(),
});
export type Online = z.infer<typeof onlineSchema>;
export const onlineBody = form({ ...companyField, keyword: keyword('用户'), ...paging });

// ─── 使用统计 (/account/get/user-statistic) ──────────────────────────────────────────────────────

export const userStatisticQuery = form({
  ...companyField,
  start_date: day('开始日期'),
  end_date: day('结束日期'),
}).superRefine(dayRangeRule('start_date', 'end_date', '结束日期'));

const countOf = z.object({ key: z.number().int(), name: z.string(), count: z.number().int() });
export const statisticDaySchema = z.object({
  date: z.string(),
  /** Successful logins that day. */
  logins: z.number().int(),
  /** Refused logins that day. */
  failures: z.number().int(),
  /** People who logged in that day (each once). */
  active_users: z.number().int(),
  /** People added to the company that day. */
  new_users: z.number().int(),
});
export type StatisticDay = z.infer<typeof statisticDaySchema>;
export const userStatisticSchema = z.object({
  /** The original's answer: each day's start (ms since 1970, China time) and its successful logins. */
  results: z.array(z.object({ x: z.number(), y: z.number().int() })),
  days: z.array(statisticDaySchema),
  people: z.object({
    total: z.number().int(),
    by_role: z.array(countOf),
    by_status: z.array(countOf),
    /** `key` 0: no department. */
    by_department: z.array(countOf),
  }),
});
export type UserStatistic = z.infer<typeof userStatisticSchema>;

/** The statistic's sheet: one row a day. */
export const STATISTIC_EXPORT_COLUMNS = {
  date: '日期',
  logins: '登录次数',
  failures: '登录失败',
  active_users: '活跃人数',
  new_users: '新增人员',
} as const;

// ─── 操作日志 (log-statistic) ────────────────────────────────────────────────────────────────────

export const OPERATION_ACTIONS = { create: '新增', update: '修改', delete: '删除' } as const;

export const operationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  real_name: z.string(),
  action: z.string(),
  action_name: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  /** What the row was and became (JSON text; '' when none). */
  before: z.string(),
  after: z.string(),
  ip: z.string(),
  ...createTime,
});
export type Operation = z.infer<typeof operationSchema>;
export const operationListBody = form({
  ...companyField,
  user_id: optionalId('操作人'),
  /** The operator's user name or real name (contains). */
  keyword: keyword('操作人'),
  action: z.optional(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.optional(z.enum(['create', 'update', 'delete'], { error: '操作类型不正确' })),
    ),
  ),
  entity: optionalText('对象', { max: 60 }),
  date_from: optionalDay('开始日期'),
  date_to: optionalDay('结束日期'),
  ...paging,
}).superRefine(dayRangeRule('date_from', 'date_to', '结束日期'));

// ─── 管理首页 (home) ─────────────────────────────────────────────────────────────────────────────

/** One kind of request waiting for someone: what, how many, and the screen that handles it. */
export const pendingSchema = z.object({
  kind: z.string(),
  title: z.string(),
  count: z.number().int(),
  /** The screen that handles it (`/manager/company-change`); '' when none the caller may open. */
  path: z.string(),
});
export type Pending = z.infer<typeof pendingSchema>;
export const adminHomeSchema = z.object({
  company_id: z.number().int(),
  people: z.number().int(),
  active_people: z.number().int(),
  logins_today: z.number().int(),
  online: z.number().int(),
  pending: z.array(pendingSchema),
});
export type AdminHome = z.infer<typeof adminHomeSchema>;

const tags = ['admin-log'];
const post = postCalls(tags);
const get = getCalls(tags);
const fileGet = <C extends { method: string }>(call: C) => ({
  ...call,
  method: 'GET' as const,
  file: true as const,
});

export const adminLogCalls = {
  home: post(
    '/admin/home',
    '管理首页：人员、今日登录、在线人数和待处理的申请',
    'view_admin_log',
    form(companyField),
    adminHomeSchema,
  ),
  logins: post(
    '/admin/login/log/list',
    '单位的登录记录（按日期、用户和结果）',
    'view_admin_log',
    adminLoginListBody,
    pageOf(companyLoginSchema),
  ),
  /** The list under its filters as an .xlsx (at most RESOURCE_EXPORT_DIRECT_MAX rows; more: `exportJob`). */
  export: fileGet(
    post(
      '/admin/login/log/export',
      '导出登录记录（Excel，按列表的筛选条件）',
      'view_admin_log',
      adminLoginExportQuery,
      z.object({}),
    ),
  ),
  exportJob: post(
    '/admin/login/log/export/job',
    `导出登录记录（任务：超过 ${RESOURCE_EXPORT_DIRECT_MAX.toLocaleString('en')} 行的列表；答复导出任务）`,
    'view_admin_log',
    adminLoginExportQuery,
    jobSchema,
  ),
  online: post(
    '/account/online',
    '在线人员：单位里现在有有效会话的人',
    'view_admin_log',
    onlineBody,
    pageOf(onlineSchema),
  ),
  userStatistic: get(
    '/account/get/user-statistic',
    '使用统计：单位人员按角色、状态和部门的人数，日期范围内每天的登录、活跃人数和新增人员',
    { permission: 'view_admin_log' },
    userStatisticQuery,
    userStatisticSchema,
  ),
  statisticExport: fileGet(
    post(
      '/admin/statistic/export',
      '导出使用统计（Excel，每天一行）',
      'view_admin_log',
      userStatisticQuery,
      z.object({}),
    ),
  ),
  operations: post(
    '/admin/operation/log/list',
    '操作日志：单位里谁在何时新增、修改或删除了什么（改前与改后）',
    'view_operation_log',
    operationListBody,
    pageOf(operationSchema),
  ),
};
