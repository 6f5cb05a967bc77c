import {
  type Codename,
  MEMBER_ROLE,
  type MyTask,
  WORK_LIMITS,
  type WorkLog,
  type WorkPerson,
  type WorkPlan,
  type WorkPlanDetail,
  type WorkStatistic,
  type WorkStatisticUnit,
  type WorkTask,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, companyInScope, inCompany } from '#server/platform/db/scope.ts';
import { dayIn, nowIso, type ZoneOf } from '#server/platform/time.ts';
import {
  type LogFilter,
  type PlanFilter,
  type PlanValues,
  workPlanRepository as repo,
  type TaskValues,
} from './work-plan.repository.ts';

interface InCompany {
  company_id?: number | undefined;
}
interface PlanInput extends InCompany {
  title: string;
  description?: string | undefined;
  start_date: string;
  end_date: string;
  status?: number | undefined;
  owner_id: number;
}
interface TaskInput extends InCompany {
  title: string;
  owner_id: number;
  due_date: string;
  status?: number | undefined;
  progress?: number | undefined;
}
interface LogInput {
  log_date: string;
  content: string;
  hours: number;
  task_id?: number | undefined;
}

type PlanRow = NonNullable<Awaited<ReturnType<typeof repo.plan>>>;
type TaskRow = NonNullable<Awaited<ReturnType<typeof repo.task>>>;
type LogRow = Awaited<ReturnType<typeof repo.logsById>>[number];

const DONE = 2;
const OPEN_PLAN = 0;

const taskItem = (t: TaskRow, logCount = 0): WorkTask => ({
  id: t.id,
  plan_id: t.plan_id,
  title: t.title,
  owner_id: t.owner_id,
  owner_name: t.owner_name,
  due_date: t.due_date,
  status: t.status,
  progress: t.progress,
  log_count: logCount,
  create_time: t.created_at,
  update_time: t.updated_at,
});

const planItem = (p: PlanRow, counts?: { tasks: number; done: number }): WorkPlan => ({
  id: p.id,
  company_id: p.company_id,
  title: p.title,
  description: p.description,
  start_date: p.start_date,
  end_date: p.end_date,
  status: p.status,
  owner_id: p.owner_id,
  owner_name: p.owner_name,
  task_count: counts?.tasks ?? 0,
  done_count: counts?.done ?? 0,
  create_time: p.created_at,
  update_time: p.updated_at,
});

const logItem = (l: LogRow): WorkLog => ({
  id: l.id,
  company_id: l.company_id,
  user_id: l.user_id,
  user_name: l.user_name,
  log_date: l.log_date,
  content: l.content,
  hours: l.hours_tenths / 10,
  plan_id: l.plan_id,
  plan_title: l.plan_title ?? '',
  task_id: l.task_id,
  task_title: l.task_title ?? '',
  reviewed: l.reviewed,
  review_comment: l.review_comment,
  reviewer_name: l.reviewer_name ?? '',
  review_time: l.reviewed_at ?? '',
  create_time: l.created_at,
  update_time: l.updated_at,
});

/** The Monday (`YYYY-MM-DD`) of a day's week. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The rules of work plans and logs (issue 34, `work-plan` / `work-log`). Every staff person (not a
 * shop member) writes, changes and deletes their own logs until they are reviewed, against tasks
 * given to them of plans 进行中, at most 24 hours a day and never on a day to come; they see the
 * plans they own or have a task in and update their own tasks' progress. Holders of
 * `manage_work_plan` make and change every plan and task of a company of their scope
 * (`companyInScope`), delete those without logs; holders of `review_work_log` read everyone's logs
 * and their statistic and review them — never their own. Plans' and tasks' people are active staff
 * of the plan's company. Each write is one transaction with its audit row.
 */
export function workPlanService(db: Database, deps: { permissions: PermissionCache; zoneOf: ZoneOf }) {
  const staff = (caller: Caller) => {
    if (caller.role === MEMBER_ROLE) throw new AppError('FORBIDDEN');
  };
  const holds = (caller: Caller, codename: Codename) =>
    deps.permissions.has({ companyId: caller.companyId, role: caller.role, userId: caller.userId }, codename);
  /**
   * The company a call reads and whether the caller reads it as the holder of `codename`: a holder
   * any company of their scope, anyone else their own company alone.
   */
  async function reading(caller: Caller, companyId: number | undefined, codename: Codename) {
    staff(caller);
    if (await holds(caller, codename))
      return { s: await companyInScope(db, caller, companyId), holder: true };
    if (companyId !== undefined && companyId !== caller.companyId) throw new AppError('FORBIDDEN');
    return { s: inCompany(db, caller.companyId, { userId: caller.userId }), holder: false };
  }
  const within = (trx: Database, s: CompanyScope, caller: Caller) =>
    inCompany(trx, s.companyId, { userId: caller.userId });

  async function planOrThrow(s: CompanyScope, id: number, f: PlanFilter = {}, field?: string) {
    const row = await repo.plan(s, id, f);
    if (!row) throw new AppError('NOT_FOUND', '工作计划不存在或已被删除', field);
    return row;
  }
  async function taskOrThrow(s: CompanyScope, id: number, field?: string) {
    const row = await repo.task(s, id);
    if (!row) throw new AppError('NOT_FOUND', '任务不存在或已被删除', field);
    return row;
  }
  async function detail(s: CompanyScope, plan: PlanRow): Promise<WorkPlanDetail> {
    const rows = await repo.tasks(s, plan.id);
    const logs = await repo.taskLogCounts(
      s,
      rows.map((t) => t.id),
    );
    const tasks = rows.map((t) => taskItem(t, logs.get(t.id)));
    return {
      ...planItem(plan, { tasks: tasks.length, done: tasks.filter((t) => t.status === DONE).length }),
      tasks,
    };
  }
  async function withLogs(s: CompanyScope, t: TaskRow) {
    return taskItem(t, (await repo.taskLogCounts(s, [t.id])).get(t.id));
  }
  async function person(s: CompanyScope, id: number, field: string) {
    if (!(await repo.person(s, id))) throw new AppError('WORK_PERSON_UNKNOWN', undefined, field);
  }
  async function planValues(s: CompanyScope, input: PlanInput): Promise<PlanValues> {
    if (input.end_date < input.start_date) throw new AppError('WORK_PLAN_PERIOD', undefined, 'end_date');
    await person(s, input.owner_id, 'owner_id');
    return {
      title: input.title,
      description: input.description ?? '',
      start_date: input.start_date,
      end_date: input.end_date,
      status: input.status ?? OPEN_PLAN,
      owner_id: input.owner_id,
    };
  }
  async function taskValues(s: CompanyScope, plan: PlanRow, input: TaskInput): Promise<TaskValues> {
    if (input.due_date < plan.start_date || input.due_date > plan.end_date)
      throw new AppError(
        'WORK_TASK_DUE_OUTSIDE',
        `截止日期须在计划的起止日期之内（${plan.start_date} 至 ${plan.end_date}）`,
        'due_date',
      );
    await person(s, input.owner_id, 'owner_id');
    const status = input.status ?? 0;
    return {
      title: input.title,
      owner_id: input.owner_id,
      due_date: input.due_date,
      status,
      progress: status === DONE ? 100 : (input.progress ?? 0),
    };
  }
  async function logsOf(s: CompanyScope, ids: readonly number[]) {
    return (await repo.logsById(s, ids)).map(logItem);
  }
  async function logOrThrow(s: CompanyScope, id: number) {
    const [log] = await logsOf(s, [id]);
    if (!log) throw new AppError('NOT_FOUND', '工作日志不存在或已被删除');
    return log;
  }
  /** The caller's own log, not yet reviewed. */
  async function ownOpenLog(s: CompanyScope, caller: Caller, id: number) {
    const row = await repo.log(s, id);
    if (!row) throw new AppError('NOT_FOUND', '工作日志不存在或已被删除');
    if (row.user_id !== caller.userId) throw new AppError('WORK_LOG_NOT_OWN');
    if (row.reviewed === 1) throw new AppError('WORK_LOG_REVIEWED');
    return row;
  }
  /** A log's task (one of the caller's, of a plan 进行中) and its plan; none without a task. */
  async function logTask(s: CompanyScope, caller: Caller, taskId: number | undefined) {
    if (taskId === undefined) return { plan_id: null, task_id: null };
    const task = await taskOrThrow(s, taskId, 'task_id');
    if (task.owner_id !== caller.userId) throw new AppError('WORK_LOG_TASK_NOT_OWN', undefined, 'task_id');
    const plan = await planOrThrow(s, task.plan_id, {}, 'task_id');
    if (plan.status !== OPEN_PLAN) throw new AppError('WORK_PLAN_CLOSED', undefined, 'task_id');
    return { plan_id: plan.id, task_id: task.id };
  }
  async function dayRoom(s: CompanyScope, caller: Caller, day: string, tenths: number, exceptId = 0) {
    if ((await repo.dayTenths(s, caller.userId, day, exceptId)) + tenths > WORK_LIMITS.hours * 10)
      throw new AppError('WORK_LOG_DAY_FULL', undefined, 'hours');
  }
  /** Not a day to come on the company's clock. */
  const notFuture = async (caller: Caller, day: string) => {
    if (day > dayIn(await deps.zoneOf(caller.companyId)))
      throw new AppError('WORK_LOG_DATE_FUTURE', undefined, 'log_date');
  };

  return {
    async list(caller: Caller, input: InCompany & PlanFilter, p: PageParams) {
      const { s, holder } = await reading(caller, input.company_id, 'manage_work_plan');
      const f: PlanFilter = { ...input, involving: holder ? undefined : caller.userId };
      const { count, results } = await repo.planPage(s, f, p);
      const counts = await repo.taskCounts(
        s,
        results.map((r) => r.id),
      );
      return paged({ count, results: results.map((r) => planItem(r, counts.get(r.id))) }, p);
    },

    async get(caller: Caller, input: InCompany & { id: number }) {
      const { s, holder } = await reading(caller, input.company_id, 'manage_work_plan');
      return detail(s, await planOrThrow(s, input.id, { involving: holder ? undefined : caller.userId }));
    },

    async create(caller: Caller, input: PlanInput) {
      const scope = await companyInScope(db, caller, input.company_id);
      const values = await planValues(scope, input);
      const id = await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const made = await repo.insertPlan(s, values, nowIso());
        await audit(trx, caller, {
          action: 'create',
          entity: 'work_plans',
          entityId: made,
          after: { company_id: s.companyId, ...values },
        });
        return made;
      });
      return detail(scope, await planOrThrow(scope, id));
    },

    async update(caller: Caller, input: PlanInput & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      const values = await planValues(scope, input);
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await planOrThrow(s, input.id);
        await repo.updatePlan(s, input.id, values, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'work_plans',
          entityId: input.id,
          before: { ...before, company_id: s.companyId },
          after: { company_id: s.companyId, ...values },
        });
      });
      return detail(scope, await planOrThrow(scope, input.id));
    },

    async remove(caller: Caller, input: InCompany & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await planOrThrow(s, input.id);
        if ((await repo.logCount(s, 'plan_id', input.id)) > 0) throw new AppError('WORK_PLAN_HAS_LOGS');
        await repo.removePlan(s, input.id, nowIso());
        await audit(trx, caller, {
          action: 'delete',
          entity: 'work_plans',
          entityId: input.id,
          before: { ...before, company_id: s.companyId },
        });
      });
      return { id: input.id };
    },

    async createTask(caller: Caller, input: TaskInput & { plan_id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      const id = await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const plan = await planOrThrow(s, input.plan_id, {}, 'plan_id');
        if (plan.status !== OPEN_PLAN) throw new AppError('WORK_PLAN_CLOSED', undefined, 'plan_id');
        if ((await repo.taskCount(s, plan.id)) >= WORK_LIMITS.tasks) throw new AppError('WORK_TASKS_FULL');
        const values = await taskValues(s, plan, input);
        const made = await repo.insertTask(s, plan.id, values, nowIso());
        await audit(trx, caller, {
          action: 'create',
          entity: 'work_plan_tasks',
          entityId: made,
          after: { company_id: s.companyId, plan_id: plan.id, ...values },
        });
        return made;
      });
      return withLogs(scope, await taskOrThrow(scope, id));
    },

    async updateTask(caller: Caller, input: TaskInput & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await taskOrThrow(s, input.id);
        const plan = await planOrThrow(s, before.plan_id);
        const values = await taskValues(s, plan, input);
        await repo.updateTask(s, input.id, values, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'work_plan_tasks',
          entityId: input.id,
          before: { ...before, company_id: s.companyId },
          after: { company_id: s.companyId, ...values },
        });
      });
      return withLogs(scope, await taskOrThrow(scope, input.id));
    },

    async removeTask(caller: Caller, input: InCompany & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await taskOrThrow(s, input.id);
        if ((await repo.logCount(s, 'task_id', input.id)) > 0) throw new AppError('WORK_TASK_HAS_LOGS');
        await repo.removeTask(s, input.id, nowIso());
        await audit(trx, caller, {
          action: 'delete',
          entity: 'work_plan_tasks',
          entityId: input.id,
          before: { ...before, company_id: s.companyId },
        });
      });
      return { id: input.id };
    },

    /** The task's own person (or a plan manager) sets its state and progress; 已完成 is 100%. */
    async progress(caller: Caller, input: { id: number; status: number; progress: number }) {
      staff(caller);
      const scope = inCompany(db, caller.companyId, { userId: caller.userId });
      const manager = await holds(caller, 'manage_work_plan');
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await taskOrThrow(s, input.id);
        if (before.owner_id !== caller.userId && !manager) throw new AppError('WORK_TASK_NOT_OWN');
        const values = { status: input.status, progress: input.status === DONE ? 100 : input.progress };
        await repo.updateTask(s, input.id, values, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'work_plan_tasks',
          entityId: input.id,
          before: { status: before.status, progress: before.progress },
          after: values,
        });
      });
      return withLogs(scope, await taskOrThrow(scope, input.id));
    },

    async myTasks(caller: Caller): Promise<{ results: MyTask[] }> {
      staff(caller);
      return { results: await repo.myTasks(inCompany(db, caller.companyId), caller.userId) };
    },

    async people(caller: Caller, input: InCompany & { keyword?: string | undefined }) {
      const s = await companyInScope(db, caller, input.company_id);
      const rows = await repo.people(s, input.keyword, WORK_LIMITS.people);
      const results: WorkPerson[] = rows.map((r) => ({ ...r, department_name: r.department_name ?? '' }));
      return { results };
    },

    async logs(caller: Caller, input: InCompany & LogFilter & { mine?: 0 | 1 | undefined }, p: PageParams) {
      const { s, holder } = await reading(caller, input.company_id, 'review_work_log');
      const f: LogFilter = { ...input, ...((!holder || input.mine === 1) && { user_id: caller.userId }) };
      const { count, results } = await repo.logPage(s, f, p);
      return paged(
        {
          count,
          results: await logsOf(
            s,
            results.map((r) => r.id),
          ),
        },
        p,
      );
    },

    async createLog(caller: Caller, input: LogInput) {
      staff(caller);
      await notFuture(caller, input.log_date);
      const scope = inCompany(db, caller.companyId, { userId: caller.userId });
      const id = await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const on = await logTask(s, caller, input.task_id);
        await dayRoom(s, caller, input.log_date, Math.round(input.hours * 10));
        const values = {
          log_date: input.log_date,
          content: input.content,
          hours_tenths: Math.round(input.hours * 10),
          ...on,
        };
        const made = await repo.insertLog(s, caller.userId, values, nowIso());
        await audit(trx, caller, { action: 'create', entity: 'work_logs', entityId: made, after: values });
        return made;
      });
      return logOrThrow(scope, id);
    },

    async updateLog(caller: Caller, input: LogInput & { id: number }) {
      staff(caller);
      await notFuture(caller, input.log_date);
      const scope = inCompany(db, caller.companyId, { userId: caller.userId });
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await ownOpenLog(s, caller, input.id);
        const on =
          input.task_id !== undefined && input.task_id === before.task_id
            ? { task_id: before.task_id }
            : await logTask(s, caller, input.task_id);
        await dayRoom(s, caller, input.log_date, Math.round(input.hours * 10), input.id);
        const values = {
          log_date: input.log_date,
          content: input.content,
          hours_tenths: Math.round(input.hours * 10),
          ...on,
        };
        await repo.updateLog(s, input.id, values, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'work_logs',
          entityId: input.id,
          before,
          after: values,
        });
      });
      return logOrThrow(scope, input.id);
    },

    async removeLog(caller: Caller, input: { id: number }) {
      staff(caller);
      await db.transaction().execute(async (trx) => {
        const s = inCompany(trx, caller.companyId, { userId: caller.userId });
        const before = await ownOpenLog(s, caller, input.id);
        await repo.removeLog(s, input.id, nowIso());
        await audit(trx, caller, { action: 'delete', entity: 'work_logs', entityId: input.id, before });
      });
      return { id: input.id };
    },

    /** Reviews someone else's log (again: the comment and the reviewer are replaced). */
    async review(caller: Caller, input: InCompany & { id: number; comment?: string | undefined }) {
      staff(caller);
      const scope = await companyInScope(db, caller, input.company_id);
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await repo.log(s, input.id);
        if (!before) throw new AppError('NOT_FOUND', '工作日志不存在或已被删除');
        if (before.user_id === caller.userId) throw new AppError('WORK_LOG_OWN_REVIEW');
        const values = {
          reviewed: 1,
          review_comment: input.comment ?? '',
          reviewed_by: caller.userId,
          reviewed_at: nowIso(),
        };
        await repo.updateLog(s, input.id, values, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'work_logs',
          entityId: input.id,
          before: { company_id: s.companyId, reviewed: before.reviewed },
          after: { company_id: s.companyId, ...values },
        });
      });
      return logOrThrow(scope, input.id);
    },

    /**
     * `/account/get/worklog-statistic`: the logs and hours of each person per day (or per week,
     * named by its Monday) of a range of at most 366 days, each person's totals and the range's.
     */
    async statistic(
      caller: Caller,
      input: InCompany & {
        start_date: string;
        end_date: string;
        unit?: WorkStatisticUnit | undefined;
        user_id?: number | undefined;
      },
    ): Promise<WorkStatistic> {
      staff(caller);
      if (input.end_date < input.start_date) throw new AppError('WORK_PLAN_PERIOD', undefined, 'end_date');
      if (daysBetween(input.start_date, input.end_date) >= WORK_LIMITS.statisticDays)
        throw new AppError('WORK_RANGE_TOO_LONG', undefined, 'end_date');
      const s = await companyInScope(db, caller, input.company_id);
      const unit = input.unit ?? 'day';
      const rows = await repo.perDay(s, input);
      const lines = new Map<string, WorkStatistic['results'][number]>();
      const people = new Map<number, WorkStatistic['people'][number]>();
      let logs = 0;
      let tenths = 0;
      for (const r of rows) {
        const period = unit === 'week' ? weekOf(r.log_date) : r.log_date;
        const n = Number(r.logs);
        const t = Number(r.tenths);
        const key = `${period}|${r.user_id}`;
        const line = lines.get(key) ?? {
          period,
          user_id: r.user_id,
          user_name: r.user_name,
          logs: 0,
          hours: 0,
        };
        line.logs += n;
        line.hours += t;
        lines.set(key, line);
        const who = people.get(r.user_id) ?? {
          user_id: r.user_id,
          user_name: r.user_name,
          logs: 0,
          hours: 0,
        };
        who.logs += n;
        who.hours += t;
        people.set(r.user_id, who);
        logs += n;
        tenths += t;
      }
      const inHours = <T extends { hours: number }>(x: T) => ({ ...x, hours: x.hours / 10 });
      return {
        unit,
        start_date: input.start_date,
        end_date: input.end_date,
        results: [...lines.values()].map(inHours),
        people: [...people.values()].sort((a, b) => b.hours - a.hours || a.user_id - b.user_id).map(inHours),
        total: { logs, hours: tenths / 10 },
      };
    },
  };
}
export type WorkPlanService = ReturnType<typeof workPlanService>;
