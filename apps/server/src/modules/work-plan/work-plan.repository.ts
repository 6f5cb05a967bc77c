import { MEMBER_ROLE } from '@portal/contract';
import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

export interface PlanFilter {
  keyword?: string | undefined;
  owner_id?: number | undefined;
  status?: number | undefined;
  /** Plans whose period meets the range. */
  start_date?: string | undefined;
  end_date?: string | undefined;
  /** Only plans this person owns or has a task in. */
  involving?: number | undefined;
}

export interface LogFilter {
  keyword?: string | undefined;
  user_id?: number | undefined;
  reviewed?: 0 | 1 | undefined;
  plan_id?: number | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

export interface PlanValues {
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  status: number;
  owner_id: number;
}
export interface TaskValues {
  title: string;
  owner_id: number;
  due_date: string;
  status: number;
  progress: number;
}
export interface LogValues {
  log_date: string;
  content: string;
  hours_tenths: number;
  plan_id: number | null;
  task_id: number | null;
}

/** A person's name as lists show it: the real name, else the user name. */
const nameOf = (ref: string) =>
  sql<string>`coalesce(nullif(${sql.ref(`${ref}.real_name`)}, ''), ${sql.ref(`${ref}.username`)})`;

function plans(s: CompanyScope, f: PlanFilter) {
  let q = s.selectFrom('work_plans', 'p');
  if (f.keyword) q = q.where((eb) => containsLike(eb, ['p.title'], f.keyword ?? ''));
  if (f.owner_id !== undefined) q = q.where('p.owner_id', '=', f.owner_id);
  if (f.status !== undefined) q = q.where('p.status', '=', f.status);
  if (f.start_date) q = q.where('p.end_date', '>=', f.start_date);
  if (f.end_date) q = q.where('p.start_date', '<=', f.end_date);
  if (f.involving !== undefined) {
    const who = f.involving;
    q = q.where((eb) =>
      eb.or([
        eb('p.owner_id', '=', who),
        eb(
          'p.id',
          'in',
          s.selectFrom('work_plan_tasks', 't').select('t.plan_id').where('t.owner_id', '=', who),
        ),
      ]),
    );
  }
  return q;
}

const PLAN_COLUMNS = [
  'p.id',
  'p.company_id',
  'p.title',
  'p.description',
  'p.start_date',
  'p.end_date',
  'p.status',
  'p.owner_id',
  'p.created_at',
  'p.updated_at',
] as const;

const TASK_COLUMNS = [
  't.id',
  't.plan_id',
  't.title',
  't.owner_id',
  't.due_date',
  't.status',
  't.progress',
  't.created_at',
  't.updated_at',
] as const;

function logs(s: CompanyScope, f: LogFilter) {
  let q = s.selectFrom('work_logs', 'l');
  if (f.keyword) q = q.where((eb) => containsLike(eb, ['l.content'], f.keyword ?? ''));
  if (f.user_id !== undefined) q = q.where('l.user_id', '=', f.user_id);
  if (f.reviewed !== undefined) q = q.where('l.reviewed', '=', f.reviewed);
  if (f.plan_id !== undefined) q = q.where('l.plan_id', '=', f.plan_id);
  if (f.start_date) q = q.where('l.log_date', '>=', f.start_date);
  if (f.end_date) q = q.where('l.log_date', '<=', f.end_date);
  return q;
}

/** Work plans, their tasks and the people's logs: every statement through the company's scope. */
export const workPlanRepository = {
  planPage: (s: CompanyScope, f: PlanFilter, p: PageParams) =>
    pageAndCount(plans(s, f), p, (q) =>
      q
        .innerJoin('users as o', 'o.id', 'p.owner_id')
        .select([...PLAN_COLUMNS, nameOf('o').as('owner_name')])
        .orderBy('p.id', 'desc'),
    ),

  plan: (s: CompanyScope, id: number, f: PlanFilter = {}) =>
    plans(s, f)
      .innerJoin('users as o', 'o.id', 'p.owner_id')
      .select([...PLAN_COLUMNS, nameOf('o').as('owner_name')])
      .where('p.id', '=', id)
      .executeTakeFirst(),

  /** Each plan's live tasks and those 已完成. */
  taskCounts: async (s: CompanyScope, planIds: readonly number[]) => {
    if (planIds.length === 0) return new Map<number, { tasks: number; done: number }>();
    const rows = await s
      .selectFrom('work_plan_tasks', 't')
      .select([
        't.plan_id',
        sql<number>`count(*)`.as('tasks'),
        sql<number>`sum(case when t.status = 2 then 1 else 0 end)`.as('done'),
      ])
      .where('t.plan_id', 'in', planIds)
      .groupBy('t.plan_id')
      .execute();
    return new Map(rows.map((r) => [r.plan_id, { tasks: Number(r.tasks), done: Number(r.done ?? 0) }]));
  },

  tasks: (s: CompanyScope, planId: number) =>
    s
      .selectFrom('work_plan_tasks', 't')
      .innerJoin('users as o', 'o.id', 't.owner_id')
      .select([...TASK_COLUMNS, nameOf('o').as('owner_name')])
      .where('t.plan_id', '=', planId)
      .orderBy('t.due_date')
      .orderBy('t.id')
      .execute(),

  task: (s: CompanyScope, id: number) =>
    s
      .selectFrom('work_plan_tasks', 't')
      .innerJoin('users as o', 'o.id', 't.owner_id')
      .select([...TASK_COLUMNS, nameOf('o').as('owner_name')])
      .where('t.id', '=', id)
      .executeTakeFirst(),

  /** Each task's live logs. */
  taskLogCounts: async (s: CompanyScope, taskIds: readonly number[]) => {
    if (taskIds.length === 0) return new Map<number, number>();
    const rows = await s
      .selectFrom('work_logs', 'l')
      .select(['l.task_id', sql<number>`count(*)`.as('n')])
      .where('l.task_id', 'in', taskIds)
      .groupBy('l.task_id')
      .execute();
    return new Map(rows.map((r) => [r.task_id ?? 0, Number(r.n)]));
  },

  taskCount: async (s: CompanyScope, planId: number) =>
    Number(
      (
        await s
          .selectFrom('work_plan_tasks', 't')
          .select(sql<number>`count(*)`.as('n'))
          .where('t.plan_id', '=', planId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** The caller's tasks of plans 进行中 that are not 已完成, with their plan's title. */
  myTasks: (s: CompanyScope, userId: number) =>
    s
      .selectFrom('work_plan_tasks', 't')
      .innerJoin('work_plans as p', 'p.id', 't.plan_id')
      .select([
        't.id',
        't.title',
        't.plan_id',
        'p.title as plan_title',
        't.due_date',
        't.status',
        't.progress',
      ])
      .where('t.owner_id', '=', userId)
      .where('t.status', '<>', 2)
      .where('t.plan_id', 'in', s.selectFrom('work_plans', 'o').select('o.id').where('o.status', '=', 0))
      .orderBy('t.due_date')
      .orderBy('t.id')
      .limit(200)
      .execute(),

  /** How many live logs a plan's or a task's rows have. */
  logCount: async (s: CompanyScope, column: 'plan_id' | 'task_id', id: number) =>
    Number(
      (
        await s
          .selectFrom('work_logs', 'l')
          .select(sql<number>`count(*)`.as('n'))
          .where(`l.${column}`, '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  insertPlan: async (s: CompanyScope, v: PlanValues, now: string) =>
    (
      await s
        .insertInto('work_plans', { ...v, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  updatePlan: (s: CompanyScope, id: number, v: PlanValues, now: string) =>
    s
      .updateTable('work_plans')
      .set({ ...v, updated_at: now })
      .where('id', '=', id)
      .execute(),
  removePlan: async (s: CompanyScope, id: number, now: string) => {
    await s
      .updateTable('work_plan_tasks')
      .set({ del_flag: 1, updated_at: now })
      .where('plan_id', '=', id)
      .execute();
    await s.updateTable('work_plans').set({ del_flag: 1, updated_at: now }).where('id', '=', id).execute();
  },

  insertTask: async (s: CompanyScope, planId: number, v: TaskValues, now: string) =>
    (
      await s
        .insertInto('work_plan_tasks', { ...v, plan_id: planId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  updateTask: (s: CompanyScope, id: number, v: Partial<TaskValues>, now: string) =>
    s
      .updateTable('work_plan_tasks')
      .set({ ...v, updated_at: now })
      .where('id', '=', id)
      .execute(),
  removeTask: (s: CompanyScope, id: number, now: string) =>
    s.updateTable('work_plan_tasks').set({ del_flag: 1, updated_at: now }).where('id', '=', id).execute(),

  /** An active staff person of the company (not a shop member), with their name. */
  person: (s: CompanyScope, id: number) =>
    s
      .selectFrom('users', 'u')
      .select(['u.id', nameOf('u').as('name')])
      .where('u.id', '=', id)
      .where('u.status', '=', 1)
      .where('u.role', '<>', MEMBER_ROLE)
      .executeTakeFirst(),

  people: (s: CompanyScope, keyword: string | undefined, limit: number) => {
    let q = s
      .selectFrom('users', 'u')
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .select(['u.id', 'u.real_name', 'u.username', 'd.name as department_name'])
      .where('u.status', '=', 1)
      .where('u.role', '<>', MEMBER_ROLE);
    if (keyword) q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username'], keyword));
    return q.orderBy('u.real_name').orderBy('u.id').limit(limit).execute();
  },

  logPage: (s: CompanyScope, f: LogFilter, p: PageParams) =>
    pageAndCount(logs(s, f), p, (q) =>
      q.select('l.id').orderBy('l.log_date', 'desc').orderBy('l.id', 'desc'),
    ),

  /** Logs by id with their person, plan, task and reviewer (deleted plans and tasks still named). */
  logsById: (s: CompanyScope, ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('work_logs', 'l')
          .innerJoin('users as u', 'u.id', 'l.user_id')
          .leftJoin('work_plans as p', 'p.id', 'l.plan_id')
          .leftJoin('work_plan_tasks as t', 't.id', 'l.task_id')
          .leftJoin('users as r', 'r.id', 'l.reviewed_by')
          .select([
            'l.id',
            'l.company_id',
            'l.user_id',
            nameOf('u').as('user_name'),
            'l.log_date',
            'l.content',
            'l.hours_tenths',
            'l.plan_id',
            'p.title as plan_title',
            'l.task_id',
            't.title as task_title',
            'l.reviewed',
            'l.review_comment',
            sql<string | null>`case when r.id is null then null else ${nameOf('r')} end`.as('reviewer_name'),
            'l.reviewed_at',
            'l.created_at',
            'l.updated_at',
          ])
          .where('l.id', 'in', ids)
          .orderBy('l.log_date', 'desc')
          .orderBy('l.id', 'desc')
          .execute(),

  log: (s: CompanyScope, id: number) =>
    s
      .selectFrom('work_logs', 'l')
      .select(['l.id', 'l.user_id', 'l.reviewed', 'l.log_date', 'l.hours_tenths', 'l.task_id', 'l.content'])
      .where('l.id', '=', id)
      .executeTakeFirst(),

  /** A person's hours (tenths) of one day, but one log. */
  dayTenths: async (s: CompanyScope, userId: number, day: string, exceptId = 0) =>
    Number(
      (
        await s
          .selectFrom('work_logs', 'l')
          .select(sql<number>`coalesce(sum(l.hours_tenths), 0)`.as('n'))
          .where('l.user_id', '=', userId)
          .where('l.log_date', '=', day)
          .where('l.id', '<>', exceptId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  insertLog: async (s: CompanyScope, userId: number, v: LogValues, now: string) =>
    (
      await s
        .insertInto('work_logs', { ...v, user_id: userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  updateLog: (
    s: CompanyScope,
    id: number,
    v: Partial<LogValues> & {
      reviewed?: number;
      review_comment?: string;
      reviewed_by?: number;
      reviewed_at?: string;
    },
    now: string,
  ) =>
    s
      .updateTable('work_logs')
      .set({ ...v, updated_at: now })
      .where('id', '=', id)
      .execute(),
  removeLog: (s: CompanyScope, id: number, now: string) =>
    s.updateTable('work_logs').set({ del_flag: 1, updated_at: now }).where('id', '=', id).execute(),

  /** Logs and hours (tenths) per person per day of a range. */
  perDay: (s: CompanyScope, f: { start_date: string; end_date: string; user_id?: number | undefined }) => {
    let q = s
      .selectFrom('work_logs', 'l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'l.user_id',
        nameOf('u').as('user_name'),
        'l.log_date',
        sql<number>`count(*)`.as('logs'),
        sql<number>`sum(l.hours_tenths)`.as('tenths'),
      ])
      .where('l.log_date', '>=', f.start_date)
      .where('l.log_date', '<=', f.end_date);
    if (f.user_id !== undefined) q = q.where('l.user_id', '=', f.user_id);
    return q
      .groupBy(['l.user_id', 'u.real_name', 'u.username', 'l.log_date'])
      .orderBy('l.log_date')
      .orderBy('l.user_id')
      .execute();
  },
};
