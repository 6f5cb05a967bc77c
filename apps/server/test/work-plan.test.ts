import { Codes, MEMBER_ROLE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Work plans and logs (issue 34, `work-plan` / `work-log`, spec 001 §7
 * `/account/get/worklog-statistic`): a company's administrators make plans with tasks for its
 * people; each person writes their own logs against their tasks; an administrator reviews them.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let a1: number;
let a2: number;
let b1: number;
let admin: Who;
let assistant: Who;
let worker: Who;
let colleague: Who;
let shop: Who;
let stranger: Who;
let groupManager: Who;
let member: Who;

const { get, post } = jsonCalls(() => h.app);
const day = (offset = 0) =>
  new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const counts = async () => ({
  plans: (await h.db.selectFrom('work_plans').select('id').where('del_flag', '=', 0).execute()).length,
  tasks: (await h.db.selectFrom('work_plan_tasks').select('id').where('del_flag', '=', 0).execute()).length,
  logs: (
    await h.db
      .selectFrom('work_logs')
      .select(['id', 'reviewed', 'content'])
      .where('del_flag', '=', 0)
      .execute()
  )
    .map((r) => `${r.id}:${r.reviewed}:${r.content}`)
    .join(','),
});

const planForm = (owner: number, extra: Record<string, string | number> = {}) => ({
  title: '第四季度销售计划',
  description: '完成华东区域的客户拜访',
  start_date: day(-10),
  end_date: day(20),
  owner_id: owner,
  ...extra,
});

beforeAll(async () => {
  h = await testApp();
  a1 = await h.company('计划甲公司');
  a2 = await h.company('计划甲二公司');
  b1 = await h.company('计划乙公司');
  [admin, assistant, worker, colleague, shop, stranger, groupManager, member] = await Promise.all([
    h.as(3, a1),
    h.as(7, a1),
    h.as(5, a1),
    h.as(9, a1),
    h.as(12, a1),
    h.as(3, b1),
    h.as(2, a2),
    h.as(MEMBER_ROLE, a1),
  ]);
  await h.group([a1, a2], [[groupManager.user.id, 2]]);
});
afterAll(() => h.close());

describe('work plans and logs', () => {
  let planId: number;
  let taskId: number;
  let logId: number;

  it('an administrator makes a plan with a task for a person; the person sees it, others do not', async () => {
    const made = await post('/work/plan/create', planForm(admin.user.id), admin);
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      title: '第四季度销售计划',
      status: 0,
      owner_id: admin.user.id,
      tasks: [],
    });
    planId = made.d.id;
    const task = await post(
      '/work/task/create',
      { plan_id: planId, title: '拜访十家客户', owner_id: worker.user.id, due_date: day(5) },
      admin,
    );
    expect(task.c).toBe(0);
    expect(task.d).toMatchObject({ owner_id: worker.user.id, status: 0, progress: 0, log_count: 0 });
    taskId = task.d.id;

    const mine = await get('/work/plan/list', worker);
    expect(mine.d.results.map((p: { id: number }) => p.id)).toEqual([planId]);
    expect(mine.d.results[0]).toMatchObject({ task_count: 1, done_count: 0 });
    expect((await get(`/work/plan/${planId}`, worker)).d.tasks).toHaveLength(1);
    expect((await get('/work/task/mine', worker)).d.results).toEqual([
      expect.objectContaining({ id: taskId, plan_id: planId, plan_title: '第四季度销售计划' }),
    ]);
    // A colleague without a task, and another company's administrator: nothing.
    expect((await get('/work/plan/list', colleague)).d.results).toEqual([]);
    expect((await get(`/work/plan/${planId}`, colleague)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get('/work/plan/list', stranger)).d.results).toEqual([]);
    expect((await get(`/work/plan/${planId}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/work/plan/list?company_id=${a1}`, stranger)).c).toBe(Codes.FORBIDDEN.c);
    // The company's assistant administrator sees every plan; the group manager with company_id.
    expect((await get('/work/plan/list', assistant)).d.paging.count).toBe(1);
    expect((await get(`/work/plan/list?company_id=${a1}`, groupManager)).d.results).toHaveLength(1);
    expect((await get('/work/plan/list', groupManager)).d.results).toEqual([]);
    // Filters: person, state, date range, keyword.
    expect((await get(`/work/plan/list?owner_id=${worker.user.id}`, admin)).d.results).toEqual([]);
    expect((await get('/work/plan/list?status=1', admin)).d.results).toEqual([]);
    expect((await get(`/work/plan/list?start_date=${day(30)}`, admin)).d.results).toEqual([]);
    expect(
      (await get(`/work/plan/list?keyword=${encodeURIComponent('销售')}`, admin)).d.results,
    ).toHaveLength(1);
  });

  it('refuses bad input with the field’s Chinese message, and changes nothing', async () => {
    const before = await counts();
    expect(await post('/work/plan/create', planForm(admin.user.id, { title: '' }), admin)).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      field: 'title',
      m: '计划名称不能为空',
    });
    expect(
      await post('/work/plan/create', planForm(admin.user.id, { start_date: '2026-02-30' }), admin),
    ).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'start_date', m: '开始日期格式应为YYYY-MM-DD' });
    expect(
      await post('/work/plan/create', planForm(admin.user.id, { end_date: day(-20) }), admin),
    ).toMatchObject({ c: Codes.WORK_PLAN_PERIOD.c, field: 'end_date' });
    expect(await post('/work/plan/create', planForm(stranger.user.id), admin)).toMatchObject({
      c: Codes.WORK_PERSON_UNKNOWN.c,
      field: 'owner_id',
    });
    expect(await post('/work/plan/create', planForm(member.user.id), admin)).toMatchObject({
      c: Codes.WORK_PERSON_UNKNOWN.c,
      field: 'owner_id',
    });
    expect(
      await post(
        '/work/task/create',
        { plan_id: planId, title: '超期任务', owner_id: worker.user.id, due_date: day(40) },
        admin,
      ),
    ).toMatchObject({ c: Codes.WORK_TASK_DUE_OUTSIDE.c, field: 'due_date' });
    expect(
      await post(
        '/work/task/create',
        { plan_id: planId, title: '进度', owner_id: worker.user.id, due_date: day(1), progress: 101 },
        admin,
      ),
    ).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'progress', m: '进度不能大于100' });
    expect(
      await post('/work/log/create', { log_date: day(), content: '整理', hours: '1.25' }, worker),
    ).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'hours', m: '工时须为数字，最多一位小数' });
    expect(
      await post('/work/log/create', { log_date: day(), content: '整理', hours: '30' }, worker),
    ).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'hours', m: '工时不能超过24小时' });
    expect(
      await post('/work/log/create', { log_date: day(), content: '', hours: '2' }, worker),
    ).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      field: 'content',
      m: '工作内容不能为空',
    });
    expect(
      await post('/work/log/create', { log_date: day(2), content: '明天的事', hours: '2' }, worker),
    ).toMatchObject({ c: Codes.WORK_LOG_DATE_FUTURE.c, field: 'log_date' });
    expect(
      await get(`/account/get/worklog-statistic?start_date=${day(-400)}&end_date=${day()}`, admin),
    ).toMatchObject({ c: Codes.WORK_RANGE_TOO_LONG.c, field: 'end_date' });
    expect(await get(`/account/get/worklog-statistic?start_date=${day()}`, admin)).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      field: 'end_date',
      m: '结束日期不能为空',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses the anonymous, members, roles without the codename and other companies, changing nothing', async () => {
    const before = await counts();
    expect((await get('/work/plan/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/work/log/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/work/plan/create', planForm(admin.user.id))).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/work/log/create', { log_date: day(), content: '匿名', hours: 1 })).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    expect((await get(`/account/get/worklog-statistic?start_date=${day()}&end_date=${day()}`)).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    // A shop member is no staff: no logs, no plans.
    expect((await post('/work/log/create', { log_date: day(), content: '会员', hours: 1 }, member)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await get('/work/log/list', member)).c).toBe(Codes.FORBIDDEN.c);
    // 商城管理员 holds neither codename.
    expect((await post('/work/plan/create', planForm(shop.user.id), shop)).c).toBe(Codes.FORBIDDEN.c);
    expect(
      (
        await post(
          '/work/task/create',
          { plan_id: planId, title: '私加', owner_id: shop.user.id, due_date: day() },
          shop,
        )
      ).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await post('/work/plan/delete', { id: planId }, shop)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/account/get/worklog-statistic?start_date=${day()}&end_date=${day()}`, shop)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await get('/work/people', shop)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/work/log/list?company_id=${a1}`, stranger)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/work/log/list?company_id=${b1}`, worker)).c).toBe(Codes.FORBIDDEN.c);
    // Another company's administrator: the plan and task are not there for them.
    expect((await post('/work/plan/update', { id: planId, ...planForm(stranger.user.id) }, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await post('/work/plan/delete', { id: planId }, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/work/task/delete', { id: taskId }, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/work/plan/delete', { id: planId, company_id: a1 }, stranger)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect(await counts()).toEqual(before);
  });

  it('a person writes logs against their own task; no one edits another’s log or reviews their own', async () => {
    const wrote = await post(
      '/work/log/create',
      { log_date: day(), content: '拜访了三家客户', hours: '6.5', task_id: taskId },
      worker,
    );
    expect(wrote.c).toBe(0);
    expect(wrote.d).toMatchObject({ hours: 6.5, plan_id: planId, task_id: taskId, reviewed: 0 });
    expect(wrote.d.task_title).toBe('拜访十家客户');
    logId = wrote.d.id;
    const before = await counts();
    // Not the colleague's task; 24 hours a day at most.
    expect(
      await post(
        '/work/log/create',
        { log_date: day(), content: '代写', hours: 1, task_id: taskId },
        colleague,
      ),
    ).toMatchObject({ c: Codes.WORK_LOG_TASK_NOT_OWN.c, field: 'task_id' });
    expect(
      await post('/work/log/create', { log_date: day(), content: '加班', hours: '18' }, worker),
    ).toMatchObject({ c: Codes.WORK_LOG_DAY_FULL.c, field: 'hours' });
    // Someone else's log: not theirs to change or delete, even an administrator's.
    const change = { id: logId, log_date: day(), content: '改写', hours: 1 };
    expect((await post('/work/log/update', change, colleague)).c).toBe(Codes.WORK_LOG_NOT_OWN.c);
    expect((await post('/work/log/update', change, admin)).c).toBe(Codes.WORK_LOG_NOT_OWN.c);
    expect((await post('/work/log/delete', { id: logId }, colleague)).c).toBe(Codes.WORK_LOG_NOT_OWN.c);
    expect((await post('/work/log/update', change, stranger)).c).toBe(Codes.NOT_FOUND.c);
    // A person without the codename reviews nothing; an administrator not their own log.
    expect((await post('/work/log/review', { id: logId, comment: '好' }, colleague)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await post('/work/log/review', { id: logId, comment: '好' }, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect(await counts()).toEqual(before);
    const own = await post('/work/log/create', { log_date: day(-1), content: '审核计划', hours: 2 }, admin);
    expect((await post('/work/log/review', { id: own.d.id, comment: '自评' }, admin)).c).toBe(
      Codes.WORK_LOG_OWN_REVIEW.c,
    );
    // The person changes their own log while it is not reviewed.
    const changed = await post(
      '/work/log/update',
      { id: logId, log_date: day(), content: '拜访了四家客户', hours: '7', task_id: taskId },
      worker,
    );
    expect(changed.d).toMatchObject({ content: '拜访了四家客户', hours: 7 });
    // Lists: the person their own; the administrator everyone's, filtered.
    expect((await get('/work/log/list', worker)).d.results.map((l: { id: number }) => l.id)).toEqual([logId]);
    expect((await get('/work/log/list', colleague)).d.results).toEqual([]);
    expect((await get('/work/log/list', admin)).d.paging.count).toBe(2);
    expect((await get(`/work/log/list?user_id=${worker.user.id}`, admin)).d.paging.count).toBe(1);
    expect((await get('/work/log/list?mine=1', admin)).d.results[0].id).toBe(own.d.id);
    expect((await get(`/work/log/list?start_date=${day()}&end_date=${day()}`, admin)).d.paging.count).toBe(1);
    expect((await get('/work/log/list', stranger)).d.results).toEqual([]);
  });

  it('the administrator reviews; a reviewed log is no longer changed; the statistic counts it', async () => {
    const reviewed = await post('/work/log/review', { id: logId, comment: '继续跟进' }, admin);
    expect(reviewed.c).toBe(0);
    expect(reviewed.d).toMatchObject({ reviewed: 1, review_comment: '继续跟进' });
    expect(reviewed.d.reviewer_name).not.toBe('');
    expect(
      (await get('/work/log/list?reviewed=1', admin)).d.results.map((l: { id: number }) => l.id),
    ).toEqual([logId]);
    expect(
      (await post('/work/log/update', { id: logId, log_date: day(), content: '再改', hours: 1 }, worker)).c,
    ).toBe(Codes.WORK_LOG_REVIEWED.c);
    expect((await post('/work/log/delete', { id: logId }, worker)).c).toBe(Codes.WORK_LOG_REVIEWED.c);

    const stat = await get(`/account/get/worklog-statistic?start_date=${day(-6)}&end_date=${day()}`, admin);
    expect(stat.c).toBe(0);
    expect(stat.d.total).toEqual({ logs: 2, hours: 9 });
    expect(stat.d.people).toEqual([
      expect.objectContaining({ user_id: worker.user.id, logs: 1, hours: 7 }),
      expect.objectContaining({ user_id: admin.user.id, logs: 1, hours: 2 }),
    ]);
    expect(stat.d.results).toContainEqual(
      expect.objectContaining({ period: day(), user_id: worker.user.id, hours: 7 }),
    );
    const weekly = await get(
      `/account/get/worklog-statistic?start_date=${day(-6)}&end_date=${day()}&unit=week&user_id=${worker.user.id}`,
      admin,
    );
    expect(weekly.d.results).toHaveLength(1);
    expect(new Date(`${weekly.d.results[0].period}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(
      (await get(`/account/get/worklog-statistic?start_date=${day(-6)}&end_date=${day()}`, stranger)).d.total,
    ).toEqual({ logs: 0, hours: 0 });
    expect(
      (
        await get(
          `/account/get/worklog-statistic?start_date=${day(-6)}&end_date=${day()}&company_id=${a1}`,
          groupManager,
        )
      ).d.total.logs,
    ).toBe(2);
  });

  it('the person updates their task; plans and tasks with logs are not deleted; others are', async () => {
    expect((await post('/work/task/progress', { id: taskId, status: 1, progress: 40 }, colleague)).c).toBe(
      Codes.WORK_TASK_NOT_OWN.c,
    );
    const progressed = await post('/work/task/progress', { id: taskId, status: 1, progress: 40 }, worker);
    expect(progressed.d).toMatchObject({ status: 1, progress: 40, log_count: 1 });
    const done = await post('/work/task/progress', { id: taskId, status: 2, progress: 40 }, worker);
    expect(done.d).toMatchObject({ status: 2, progress: 100 });

    expect((await post('/work/plan/delete', { id: planId }, admin)).c).toBe(Codes.WORK_PLAN_HAS_LOGS.c);
    expect((await post('/work/task/delete', { id: taskId }, admin)).c).toBe(Codes.WORK_TASK_HAS_LOGS.c);
    // A plan 已完成 takes no task and no log against its tasks.
    await post('/work/plan/update', { id: planId, ...planForm(admin.user.id, { status: 1 }) }, admin);
    expect(
      (
        await post(
          '/work/task/create',
          { plan_id: planId, title: '补充', owner_id: worker.user.id, due_date: day() },
          admin,
        )
      ).c,
    ).toBe(Codes.WORK_PLAN_CLOSED.c);
    expect(
      (
        await post(
          '/work/log/create',
          { log_date: day(), content: '补记', hours: 1, task_id: taskId },
          worker,
        )
      ).c,
    ).toBe(Codes.WORK_PLAN_CLOSED.c);

    const spare = await post(
      '/work/plan/create',
      planForm(colleague.user.id, { title: '临时计划' }),
      assistant,
    );
    const spareTask = await post(
      '/work/task/create',
      { plan_id: spare.d.id, title: '整理', owner_id: colleague.user.id, due_date: day() },
      assistant,
    );
    expect((await post('/work/task/delete', { id: spareTask.d.id }, assistant)).c).toBe(0);
    expect((await post('/work/plan/delete', { id: spare.d.id }, assistant)).c).toBe(0);
    expect((await get(`/work/plan/${spare.d.id}`, assistant)).c).toBe(Codes.NOT_FOUND.c);
    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'entity'])
      .where('entity', 'in', ['work_plans', 'work_plan_tasks', 'work_logs'])
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(10);
  });

  it('the picker offers the company’s active staff, for holders of a codename', async () => {
    const people = (await get('/work/people', admin)).d.results.map((p: { id: number }) => p.id);
    expect(people).toEqual(expect.arrayContaining([worker.user.id, colleague.user.id]));
    expect(people).not.toContain(member.user.id);
    expect(people).not.toContain(stranger.user.id);
    expect((await get(`/work/people?company_id=${a1}`, groupManager)).d.results.length).toBeGreaterThan(0);
    expect((await get(`/work/people?company_id=${b1}`, groupManager)).c).toBe(Codes.FORBIDDEN.c);
  });
});
