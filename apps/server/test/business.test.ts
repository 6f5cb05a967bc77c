import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, drawFlow, PROJECT_BASICS, seq, walkWizard } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Businesses (issue 36): the wizard starts one on a project — waiting, the flow's roles copied with
 * their nodes, a seat per place, the starter in the start role's first seat — unless the project is
 * closed to the caller now (its days, its named users); listed, soft-deleted and recovered; another
 * company and the anonymous refused, nothing changed.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let colleague: Who;
let reader: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);
const calls = { get, post };

const SIMPLE = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

const stored = async () =>
  JSON.stringify(
    await Promise.all(
      (['businesses', 'business_roles', 'business_role_nodes', 'business_seats'] as const).map((t) =>
        h.db.selectFrom(t).selectAll().orderBy('id').execute(),
      ),
    ),
  );

let projectId: number;
beforeAll(async () => {
  h = await testApp();
  const a = await h.company('业务甲公司');
  const b = await h.company('业务乙公司');
  [manager, colleague, reader, stranger] = await Promise.all([
    h.as(3, a),
    h.as(7, a),
    h.as(8, a),
    h.as(3, b),
  ]);
  const flowId = (await post('/workflow/create', { name: '听证会' }, manager)).d.id as number;
  await drawFlow(h.app, manager, flowId, SIMPLE);
  await walkWizard(calls, flowId, manager);
  // A second role of two seats, without the start.
  const setup = (await get(`/workflow/setup?flow_id=${flowId}`, manager)).d;
  const nodes = setup.nodes.filter((n: { kind: string }) => n.kind === 'task');
  const roles = [
    ...setup.roles.map((r: { id: number; name: string; nodes: { node_id: number }[] }) => ({
      id: r.id,
      name: r.name,
      capacity: 1,
      can_start: 1,
      nodes: r.nodes.map((n) => ({ node_id: n.node_id, can_terminate: 1, can_brought: 0 })),
    })),
    {
      name: '陈述人',
      capacity: 2,
      can_start: 0,
      nodes: nodes.map((n: { id: number }) => ({ node_id: n.id, can_terminate: 0, can_brought: 0 })),
    },
  ];
  await post('/workflow/set/roles', { flow_id: flowId, roles: JSON.stringify(roles) }, manager);
  const all = (await get(`/workflow/setup?flow_id=${flowId}`, manager)).d.roles.flatMap(
    (r: { id: number; nodes: { node_id: number; can_terminate: number }[] }) =>
      r.nodes.map((n) => ({
        role_id: r.id,
        node_id: n.node_id,
        actions: n.can_terminate ? ['end'] : ['exit'],
      })),
  );
  await post(
    '/workflow/set/modules',
    { flow_id: flowId, allocations: JSON.stringify(all), decides: '[]' },
    manager,
  );
  expect((await post('/workflow/publish', { flow_id: flowId }, manager)).c).toBe(0);
  projectId = (
    await post('/project/create', { flow_id: flowId, name: '价格听证', ...PROJECT_BASICS }, manager)
  ).d.id;
});
afterAll(() => h.close());

describe('businesses', () => {
  let businessId: number;

  it('the wizard previews the roles to staff, then starts a waiting business with roles and seats', async () => {
    const preview = await get(`/business/create/preview?project_id=${projectId}`, manager);
    expect(preview.d.closed).toBe('');
    expect(preview.d.project.name).toBe('价格听证');
    expect(
      preview.d.roles.map(
        (r: { name: string; capacity: number; can_start: number }) =>
          `${r.name}:${r.capacity}:${r.can_start}`,
      ),
    ).toEqual(['经办人:1:1', '陈述人:2:0']);
    const made = await post('/business/create', { project_id: projectId, name: '第一次听证' }, manager);
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      name: '第一次听证',
      status: 1,
      project_name: '价格听证',
      seats: 3,
      seats_taken: 1,
    });
    expect(
      made.d.roles.map((r: { name: string; seats: { user_id: number | null }[] }) => [
        r.name,
        r.seats.map((x) => x.user_id),
      ]),
    ).toEqual([
      ['经办人', [manager.user.id]],
      ['陈述人', [null, null]],
    ]);
    businessId = made.d.id;
    const nodes = await h.db
      .selectFrom('business_role_nodes')
      .selectAll()
      .where('business_id', '=', businessId)
      .execute();
    expect(nodes).toHaveLength(4);
    const named = await post('/business/create', { project_id: projectId }, colleague);
    expect(named.d.name).toMatch(/^价格听证 \d{4}-\d{2}-\d{2}$/);
    expect(named.d.roles[0].seats[0].user_id).toBe(colleague.user.id);
  });

  it('refuses a project closed to the caller now, with why, storing nothing', async () => {
    const before = await stored();
    const update = (extra: Record<string, string | number>) =>
      post(
        '/project/update',
        { project_id: projectId, name: '价格听证', ...PROJECT_BASICS, ...extra },
        manager,
      );
    await update({ open_mode: 2, start_day: '2020-01-01', end_day: '2020-12-31' });
    expect(await post('/business/create', { project_id: projectId }, manager)).toMatchObject({
      c: Codes.BUSINESS_PROJECT_CLOSED.c,
      m: '项目限时开放（2020-01-01 至 2020-12-31），现在不能启动业务',
    });
    expect((await get(`/business/create/preview?project_id=${projectId}`, manager)).d.closed).toContain(
      '限时开放',
    );
    await update({ open_mode: 3, target_user_ids: JSON.stringify([colleague.user.id]) });
    expect((await post('/business/create', { project_id: projectId }, manager)).m).toBe(
      '项目只对指定人员开放，你不在其中',
    );
    expect(await stored()).toBe(before);
    await update({ open_mode: 1 });
    // A project with businesses is kept.
    expect((await post('/project/delete', { project_id: projectId }, manager)).m).toBe(
      '项目“价格听证”已有业务，不能删除',
    );
  });

  it('lists, soft-deletes and recovers', async () => {
    const names = async (url: string) =>
      (await get(url, manager)).d.results.map((b: { id: number }) => b.id) as number[];
    expect(await names('/business/list_nodel')).toContain(businessId);
    expect((await post('/business/delete', { business_id: businessId }, manager)).d).toEqual({ count: 1 });
    expect(await names('/business/list_nodel')).not.toContain(businessId);
    expect(await names('/business/list_del')).toEqual([businessId]);
    expect((await post('/business/delete', { business_id: businessId }, manager)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/business/recovery', { business_id: businessId }, manager)).d).toEqual({ count: 1 });
    expect(await names('/business/list_del')).toEqual([]);
    expect((await post('/business/recovery', { business_id: businessId }, manager)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await get('/business/list_nodel?keyword=第一次', manager)).d.results).toHaveLength(1);
  });

  it('lets a 业务人员 start a business from a project and staff their own, not another’s', async () => {
    const agent = await h.as(5, manager.companyId);
    const teammate = await h.as(5, manager.companyId);
    // 业务准备: the projects by office item, and the start.
    const items = await get('/project/office_items', agent);
    expect(items.c, items.m).toBe(0);
    expect(items.d.results.reduce((n: number, i: { count: number }) => n + i.count, 0)).toBeGreaterThan(0);
    const office = items.d.results[0].office_item as string;
    const listed = await get(`/project/list?office_item=${encodeURIComponent(office)}`, agent);
    expect(listed.d.results.every((p: { office_item: string }) => p.office_item === office)).toBe(true);
    expect((await get(`/business/create/preview?project_id=${projectId}`, agent)).c).toBe(0);
    const made = await post('/business/create', { project_id: projectId, name: '业务人员发起' }, agent);
    expect(made.c, made.m).toBe(0);
    const seat = made.d.roles.find((r: { name: string }) => r.name === '陈述人').seats[0].id as number;
    expect((await get(`/business/team?business_id=${made.d.id}`, agent)).c).toBe(0);
    expect((await post('/business/getUnitUserList', { business_id: made.d.id }, agent)).c).toBe(0);
    const staffed = await post(
      '/business/setNoneUser',
      { role_alloc_id: seat, user_id: teammate.user.id },
      agent,
    );
    expect(staffed.c, staffed.m).toBe(0);
    // Another's business: neither read nor staffed; nor deleted.
    const others = await post('/business/create', { project_id: projectId, name: '经理发起' }, manager);
    const otherSeat = others.d.roles.find((r: { name: string }) => r.name === '陈述人').seats[0].id as number;
    const before = await stored();
    expect((await get(`/business/team?business_id=${others.d.id}`, agent)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/business/getUnitUserList', { business_id: others.d.id }, agent)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect(
      (await post('/business/setNoneUser', { role_alloc_id: otherSeat, user_id: teammate.user.id }, agent)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await post('/business/delete', { business_id: made.d.id }, agent)).c).toBe(Codes.FORBIDDEN.c);
    expect(await stored()).toBe(before);
  });

  it('refuses another company, the anonymous and a reader, changing nothing', async () => {
    const before = await stored();
    expect((await get('/business/list_nodel', stranger)).d.results).toEqual([]);
    expect((await get(`/business/create/preview?project_id=${projectId}`, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await get('/business/list_nodel')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/business/list_nodel', reader)).c).toBe(0);
    for (const [url, form] of [
      ['/business/create', { project_id: projectId }],
      ['/business/delete', { business_id: businessId }],
      ['/business/recovery', { business_id: businessId }],
    ] as const) {
      expect((await post(url, form, stranger)).c, url).toBe(Codes.NOT_FOUND.c);
      expect((await post(url, form)).c, url).toBe(Codes.NOT_LOGGED_IN.c);
      expect((await post(url, form, reader)).c, url).toBe(Codes.FORBIDDEN.c);
    }
    expect(await stored()).toBe(before);
  });
});
