import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, projectWithRoles, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Jump and nest (issue 37, ADR 0043; design/training.md "Moving on"): a business carries the roles
 * of every project its jump and nest nodes go on in, staffed with the rest of its team (one seat a
 * person in each project); ending a nest node enters its project's first nodes, and when that
 * project's last branch ends the business comes back through the exit the nest was left by; a jump
 * goes on in its project and never comes back. A project whose target is missing is refused.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let speaker: Who;
let delegate: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

const HEARING = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="A" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('h1', 'S', 'A')}${seq('h2', 'A', 'R')}${seq('h3', 'R', 'E')}`);
const LAW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="W" name="起草议案" training:nodeType="2" />
  <bpmn:callActivity id="N" name="听证会" />
  <bpmn:task id="V" name="表决" training:nodeType="8" />
  <bpmn:task id="Z" name="立法总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('l1', 'S', 'W')}${seq('l2', 'W', 'N')}${seq('l3', 'N', 'V')}${seq('l4', 'V', 'Z')}${seq('l5', 'Z', 'E')}`);
const HANDOVER = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="W" name="起草议案" training:nodeType="2" />
  <bpmn:task id="J" name="移交听证" training:nodeType="6" />
  <bpmn:task id="Z" name="立法总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('j1', 'S', 'W')}${seq('j2', 'W', 'J')}${seq('j3', 'J', 'Z')}${seq('j4', 'Z', 'E')}`);

let hearing: { projectId: number; nodeIds: Record<string, number> };
let law: { projectId: number; nodeIds: Record<string, number> };
let handover: { projectId: number; nodeIds: Record<string, number> };

type Role = { name: string; project_name: string | null; seats: { id: number; user_id: number | null }[] };
const seatOf = (roles: Role[], name: string, project: string | null) =>
  roles.find((r) => r.name === name && r.project_name === project)?.seats[0]?.id as number;

/** A business on `projectId` staffed: 经办人 of both projects the manager, 陈述人 the speaker, 代表 the delegate. */
async function running(projectId: number) {
  const made = await post('/business/create', { project_id: projectId }, manager);
  expect(made.c, made.m).toBe(0);
  const roles = made.d.roles as Role[];
  const staffed = await post(
    '/business/addMoreTeammates',
    {
      business_id: made.d.id,
      data: JSON.stringify(
        [
          [seatOf(roles, '经办人', '听证项目'), manager.user.id],
          [seatOf(roles, '陈述人', '听证项目'), speaker.user.id],
          [seatOf(roles, '代表', null), delegate.user.id],
        ]
          .filter(([seat]) => seat)
          .map(([seat_id, user_id]) => ({ seat_id, user_id })),
      ),
    },
    manager,
  );
  expect(staffed.c, staffed.m).toBe(0);
  expect((await get(`/business/detail?business_id=${made.d.id}`, manager)).d.status).toBe(2);
  return { id: made.d.id as number, roles };
}
type Run = Awaited<ReturnType<typeof running>>;

const detail = async (run: Run, who: Who = manager) =>
  (await get(`/business/detail?business_id=${run.id}`, who)).d;
/** Ends the current node `nodeId` from the caller's seat there, through its first exit. */
async function end(run: Run, who: Who, nodeId: number) {
  const seat = (await detail(run, who)).with_user_nodes.find(
    (n: { node_id: number }) => n.node_id === nodeId,
  )?.role_alloc_id;
  const exits = await get(`/workflow/trans/query?business_id=${run.id}&node_id=${nodeId}`, who);
  return post(
    '/business/message/push',
    {
      business_id: run.id,
      node_id: nodeId,
      role_alloc_id: seat,
      type: 'cmd',
      cmd: 'action_exp_node_end',
      data: JSON.stringify({ tran_id: exits.d?.exits[0]?.id ?? 0 }),
    },
    who,
  );
}
const stored = async () =>
  JSON.stringify([
    await h.db.selectFrom('business_seats').select(['id', 'user_id']).orderBy('id').execute(),
    await h.db.selectFrom('business_messages').select(['id', 'seq']).orderBy('id').execute(),
  ]);
const current = async (run: Run) =>
  (await detail(run)).nodes.map((n: { name: string; project_name: string | null }) => [
    n.name,
    n.project_name,
  ]);

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('嵌套甲公司');
  const b = await h.company('嵌套乙公司');
  [manager, speaker, delegate, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  const calls = { get, post };
  hearing = await projectWithRoles(h.app, calls, manager, {
    name: '听证项目',
    xml: HEARING,
    extra: [{ name: '陈述人', tasks: ['A', 'R'] }],
  });
  law = await projectWithRoles(h.app, calls, manager, {
    name: '立法项目',
    xml: LAW,
    extra: [{ name: '代表', tasks: ['V', 'Z'] }],
    targets: { N: hearing.projectId },
  });
  handover = await projectWithRoles(h.app, calls, manager, {
    name: '移交项目',
    xml: HANDOVER,
    extra: [{ name: '代表', tasks: ['Z'] }],
    targets: { J: hearing.projectId },
  });
});
afterAll(() => h.close());

describe('where a jump or nest goes on, and its team adjusted before it goes', () => {
  const setup = (run: Run, who: Who | undefined, nodeId: number) =>
    post('/business/jump/setup', { business_id: run.id, node_id: nodeId }, who);
  const team = (path: string, run: Run, who: Who | undefined, nodeId: number, seat: number, data: object[]) =>
    post(
      path,
      { business_id: run.id, node_id: nodeId, role_alloc_id: seat, data: JSON.stringify(data) },
      who,
    );
  const JUMP_TEAM = '/business/jump/teammates/configuration';
  const NEST_TEAM = '/business/groupjump/teammates/configuration';

  it('shows a jump’s project and team; its host re-seats it until the business has gone there', async () => {
    const run = await running(handover.projectId);
    const jump = handover.nodeIds.J as number;
    expect((await end(run, manager, handover.nodeIds.W as number)).c).toBe(0);
    const host = seatOf(run.roles, '经办人', null);
    const speakerSeat = seatOf(run.roles, '陈述人', '听证项目');

    const seen = await setup(run, manager, jump);
    expect(seen.c, seen.m).toBe(0);
    expect(seen.d).toMatchObject({ node_type: 6, project: { name: '听证项目' }, adjustable: true });
    expect(seen.d.roles.map((r: Role) => [r.name, r.seats.map((t) => t.user_id)])).toEqual([
      ['经办人', [manager.user.id]],
      ['陈述人', [speaker.user.id]],
    ]);
    expect(seen.d.people.map((p: { id: number }) => p.id)).toContain(delegate.user.id);
    // A member whose seat does not end the node reads it, without the company's staff.
    expect((await setup(run, speaker, jump)).d).toMatchObject({ adjustable: false, people: [] });

    const before = await stored();
    // Not a seat of the target project; an empty seat; one person twice; the nest's call; not the host.
    expect(
      (
        await team(JUMP_TEAM, run, manager, jump, host, [
          { seat_id: seatOf(run.roles, '代表', null), user_id: speaker.user.id },
        ])
      ).c,
    ).toBe(Codes.BUSINESS_SEAT_REFUSED.c);
    expect((await team(JUMP_TEAM, run, manager, jump, host, [{ seat_id: speakerSeat }])).field).toBe('data');
    expect(
      (await team(JUMP_TEAM, run, manager, jump, host, [{ seat_id: speakerSeat, user_id: manager.user.id }]))
        .m,
    ).toContain('一人只坐一个席位');
    expect(
      (await team(NEST_TEAM, run, manager, jump, host, [{ seat_id: speakerSeat, user_id: delegate.user.id }]))
        .c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect(
      (
        await team(JUMP_TEAM, run, speaker, jump, speakerSeat, [
          { seat_id: speakerSeat, user_id: delegate.user.id },
        ])
      ).c,
    ).not.toBe(0);
    expect(
      (
        await team(JUMP_TEAM, run, stranger, jump, host, [
          { seat_id: speakerSeat, user_id: delegate.user.id },
        ])
      ).c,
    ).not.toBe(0);
    expect(
      (
        await team(JUMP_TEAM, run, undefined, jump, host, [
          { seat_id: speakerSeat, user_id: delegate.user.id },
        ])
      ).c,
    ).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await setup(run, stranger, jump)).c).toBe(Codes.NOT_FOUND.c);
    expect(await stored()).toBe(before);

    const changed = await team(JUMP_TEAM, run, manager, jump, host, [
      { seat_id: speakerSeat, user_id: delegate.user.id },
    ]);
    expect(changed.c, changed.m).toBe(0);
    expect(changed.d.roles.map((r: Role) => [r.name, r.seats.map((t) => t.user_id)])).toEqual([
      ['经办人', [manager.user.id]],
      ['陈述人', [delegate.user.id]],
    ]);
    const said = (await get(`/business/messages?business_id=${run.id}`, delegate)).d.results.at(-1);
    expect(said).toMatchObject({ cmd: 'action_jump_team', msg: '调整项目“听证项目”的人员' });

    // Gone there: the team stands, and the seat now in the hearing is the delegate's.
    expect((await end(run, manager, jump)).c).toBe(0);
    expect(await current(run)).toEqual([['陈述意见', '听证项目']]);
    expect((await setup(run, manager, jump)).d.adjustable).toBe(false);
    expect(
      (await team(JUMP_TEAM, run, manager, jump, host, [{ seat_id: speakerSeat, user_id: speaker.user.id }]))
        .c,
    ).toBe(Codes.BUSINESS_NODE_ENDED.c);
  });

  it('adjusts a nest’s team through its own call', async () => {
    const run = await running(law.projectId);
    const nest = law.nodeIds.N as number;
    expect((await end(run, manager, law.nodeIds.W as number)).c).toBe(0);
    const host = seatOf(run.roles, '经办人', null);
    const speakerSeat = seatOf(run.roles, '陈述人', '听证项目');
    expect((await setup(run, manager, nest)).d).toMatchObject({ node_type: 9, adjustable: true });
    expect(
      (await team(JUMP_TEAM, run, manager, nest, host, [{ seat_id: speakerSeat, user_id: delegate.user.id }]))
        .c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    const changed = await team(NEST_TEAM, run, manager, nest, host, [
      { seat_id: speakerSeat, user_id: delegate.user.id },
    ]);
    expect(changed.c, changed.m).toBe(0);
    // Not a jump or nest node: nothing to show.
    expect((await setup(run, manager, law.nodeIds.V as number)).c).toBe(Codes.NOT_FOUND.c);
  });
});

describe('a business with a nested project', () => {
  it('carries the nested project’s roles, staffed with one seat a person in each project', async () => {
    const preview = (await get(`/business/create/preview?project_id=${law.projectId}`, manager)).d;
    expect(preview.roles.map((r: Role) => [r.name, r.project_name])).toEqual([
      ['经办人', null],
      ['代表', null],
      ['经办人', '听证项目'],
      ['陈述人', '听证项目'],
    ]);
    const made = await post('/business/create', { project_id: law.projectId }, manager);
    expect(made.c, made.m).toBe(0);
    expect(made.d.roles.map((r: Role) => [r.name, r.project_name])).toEqual([
      ['经办人', null],
      ['代表', null],
      ['经办人', '听证项目'],
      ['陈述人', '听证项目'],
    ]);
    // The manager plays 经办人 in both projects; not two parts in one.
    const roles = made.d.roles as Role[];
    expect(
      (
        await post(
          '/business/addMoreTeammates',
          {
            business_id: made.d.id,
            data: JSON.stringify([
              { seat_id: seatOf(roles, '经办人', '听证项目'), user_id: manager.user.id },
              { seat_id: seatOf(roles, '陈述人', '听证项目'), user_id: manager.user.id },
            ]),
          },
          manager,
        )
      ).c,
    ).toBe(Codes.BUSINESS_SEAT_REFUSED.c);
    // Until the nested seats are filled the business waits.
    const waiting = await detail({ id: made.d.id, roles });
    expect([waiting.status, waiting.missing]).toEqual([1, '“代表”缺1人，“经办人”缺1人，“陈述人”缺1人']);
  });

  it('goes into the nested project at the nest node and comes back through its exit', async () => {
    const run = await running(law.projectId);
    expect((await end(run, manager, law.nodeIds.W as number)).c).toBe(0);
    expect(await current(run)).toEqual([['听证会', null]]);
    const nested = await end(run, manager, law.nodeIds.N as number);
    expect(nested.c, nested.m).toBe(0);
    expect(nested.d.msg).toBe('结束环节“听证会”，进入嵌套项目“听证项目”：“陈述意见”');
    expect(await current(run)).toEqual([['陈述意见', '听证项目']]);
    // The diagram is the nested project's meanwhile.
    const inside = (await get(`/business/trans/path?business_id=${run.id}`, manager)).d;
    expect(inside).toMatchObject({ project_name: '听证项目', current: ['A'], visited: [] });
    expect(inside.xml).toContain('陈述意见');
    // The speaker acts from their seat of the nested project.
    const seat = (await detail(run, speaker)).with_user_nodes.find(
      (n: { node_id: number }) => n.node_id === hearing.nodeIds.A,
    )?.role_alloc_id;
    const said = await post(
      '/business/message/push',
      {
        business_id: run.id,
        node_id: hearing.nodeIds.A as number,
        role_alloc_id: seat,
        type: 'txt',
        msg: '我方认为票价上调过快',
      },
      speaker,
    );
    expect(said.c, said.m).toBe(0);
    // The nest node is not current while its project runs.
    expect((await end(run, manager, law.nodeIds.N as number)).c).toBe(Codes.BUSINESS_NOT_IN_NODE.c);
    expect((await end(run, manager, hearing.nodeIds.A as number)).c).toBe(0);
    const leads = async (nodeId: number) =>
      (await get(`/workflow/trans/query?business_id=${run.id}&node_id=${nodeId}`, manager)).d.end_leads;
    expect(await leads(hearing.nodeIds.R as number)).toBe('back');
    const back = await end(run, manager, hearing.nodeIds.R as number);
    expect(back.c, back.m).toBe(0);
    expect(back.d.msg).toBe('结束环节“听证报告”，嵌套项目结束，回到“听证会”，进入“表决”');
    expect(await current(run)).toEqual([['表决', null]]);
    const after = (await get(`/business/trans/path?business_id=${run.id}`, manager)).d;
    expect(after).toMatchObject({ project_name: null, current: ['V'], visited: ['W', 'N'] });
    // And on to the end, once the last node's members have submitted their experiences.
    expect((await end(run, manager, law.nodeIds.V as number)).c).toBe(0);
    expect(await leads(law.nodeIds.Z as number)).toBe('business');
    for (const who of [manager, delegate])
      await post(
        '/business/experience/save',
        { business_id: run.id, content: '立法要听取各方意见', status: 2 },
        who,
      );
    const last = await end(run, manager, law.nodeIds.Z as number);
    expect(last.d.msg).toBe('结束环节“立法总结”，业务结束');
    expect((await detail(run)).status).toBe(9);
    // The replay has both drawings, in the order the run entered them, and every row's times.
    const replay = await get(`/business/replay?business_id=${run.id}`, delegate);
    expect(replay.c, replay.m).toBe(0);
    expect(replay.d.flows.map((f: { project_name: string | null }) => f.project_name)).toEqual([
      null,
      '听证项目',
    ]);
    expect(replay.d.rows.map((r: { task_id: string }) => r.task_id)).toEqual(['W', 'N', 'A', 'R', 'V', 'Z']);
    expect(replay.d.rows.every((r: { left_at: string | null }) => r.left_at !== null)).toBe(true);
    expect((await get(`/business/replay?business_id=${run.id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/replay?business_id=${run.id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('goes on in a jump’s project and never comes back', async () => {
    const run = await running(handover.projectId);
    await end(run, manager, handover.nodeIds.W as number);
    const jumped = await end(run, manager, handover.nodeIds.J as number);
    expect(jumped.d.msg).toBe('结束环节“移交听证”，跳转到项目“听证项目”：“陈述意见”');
    await end(run, manager, hearing.nodeIds.A as number);
    // A jump's project does not come back: its end ends the business.
    expect(
      (await get(`/workflow/trans/query?business_id=${run.id}&node_id=${hearing.nodeIds.R}`, manager)).d
        .end_leads,
    ).toBe('business');
    for (const who of [manager, speaker])
      await post(
        '/business/experience/save',
        { business_id: run.id, content: '听证会要充分准备', status: 2 },
        who,
      );
    const last = await end(run, manager, hearing.nodeIds.R as number);
    expect(last.c, last.m).toBe(0);
    expect(last.d.msg).toBe('结束环节“听证报告”，业务结束');
    const path = (await get(`/business/trans/path?business_id=${run.id}`, manager)).d;
    expect(path.visited).not.toContain('Z');
  });

  it('refuses a project whose nest has lost its target; another company sees nothing', async () => {
    const before = await h.db.selectFrom('businesses').select('id').execute();
    await h.db
      .updateTable('flow_project_targets')
      .set({ target_project_id: law.projectId })
      .where('project_id', '=', handover.projectId)
      .execute();
    // 移交项目 → 立法项目 → 听证项目 is fine; 立法项目 going on in itself is not.
    expect((await post('/business/create', { project_id: handover.projectId }, manager)).c).toBe(0);
    await h.db
      .updateTable('flow_project_targets')
      .set({ target_project_id: law.projectId })
      .where('project_id', '=', law.projectId)
      .execute();
    const looped = await post('/business/create', { project_id: law.projectId }, manager);
    expect([looped.c, looped.m]).toEqual([
      Codes.BUSINESS_TARGET_MISSING.c,
      '项目“立法项目”的环节“听证会”又回到了项目“立法项目”',
    ]);
    await h.db.deleteFrom('flow_project_targets').where('project_id', '=', law.projectId).execute();
    expect((await get(`/business/create/preview?project_id=${law.projectId}`, manager)).d.closed).toBe(
      '项目“立法项目”的环节“听证会”没有设置目标项目',
    );
    const missing = await post('/business/create', { project_id: law.projectId }, manager);
    expect([missing.c, missing.m]).toEqual([
      Codes.BUSINESS_TARGET_MISSING.c,
      '项目“立法项目”的环节“听证会”没有设置目标项目',
    ]);
    expect((await h.db.selectFrom('businesses').select('id').execute()).length).toBe(before.length + 1);
    expect((await post('/business/create', { project_id: law.projectId }, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
  });
});
