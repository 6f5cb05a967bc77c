import { CONTROL, Codes, SITTING, SPEECHES_PER_GRANT, STANDING } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Inside a node (issue 37, ADR 0043; design/training.md "Inside a node"): a seat's commands are
 * checked against its state and its set-up — 入席 (one seat at a position however many press at
 * once), 起立 / 坐下 when seated, expression management switched by a seat that may end the node,
 * requests to speak answered once, each approval three speeches — and /business/node/function says
 * which buttons a seat has now. Refusals change nothing; strangers are refused.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let speakerA: Who;
let speakerB: Who;
let outsider: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

let projectId: number;
let nodes: Record<string, number>;

/** A running business: 经办人 (the manager, 主持席, may end), two 陈述人 sharing 发言席. */
async function running() {
  const run = await runningBusiness({ get, post }, manager, projectId, { 陈述人: [speakerA, speakerB] });
  return {
    id: run.id,
    seats: new Map([
      [manager, run.seat('经办人')],
      [speakerA, run.seat('陈述人', 0)],
      [speakerB, run.seat('陈述人', 1)],
    ]),
  };
}
type Run = Awaited<ReturnType<typeof running>>;

const push = (run: Run, who: Who, v: Record<string, string | number>) =>
  post(
    '/business/message/push',
    { business_id: run.id, node_id: nodes.T as number, role_alloc_id: run.seats.get(who) as number, ...v },
    who,
  );
const command = (run: Run, who: Who, cmd: string, data?: object) =>
  push(run, who, { type: 'cmd', cmd, ...(data ? { data: JSON.stringify(data) } : {}) });
const say = (run: Run, who: Who, msg: string) => push(run, who, { type: 'txt', msg });
const functions = async (run: Run, who: Who | undefined) =>
  get(`/business/node/function?business_id=${run.id}&node_id=${nodes.T}`, who);
const statusOf = async (run: Run, who: Who) => {
  const r = await get(`/business/role/status?business_id=${run.id}&node_id=${nodes.T}`, manager);
  return r.d.role_status_list.find((x: { role_alloc_id: number }) => x.role_alloc_id === run.seats.get(who));
};
const stored = async () =>
  JSON.stringify([
    await h.db.selectFrom('business_seat_states').selectAll().orderBy('id').execute(),
    await h.db.selectFrom('business_paths').select(['id', 'control_status']).orderBy('id').execute(),
    await h.db.selectFrom('business_messages').select(['id', 'seq']).orderBy('id').execute(),
  ]);

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('席位甲公司');
  const b = await h.company('席位乙公司');
  [manager, speakerA, speakerB, outsider, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '价格听证',
    xml: FLOW,
    starter: { actions: ['seat', 'stand', 'control', 'end'], position: '主持席', in: ['T'] },
    extra: [
      { name: '陈述人', capacity: 2, tasks: ['T'], actions: ['seat', 'stand', 'speak'], position: '发言席' },
    ],
  }));
});
afterAll(() => h.close());

describe('a seat inside a node', () => {
  it('is offered the buttons its set-up gives, each enabled as its state allows', async () => {
    const run = await running();
    const f = await functions(run, speakerA);
    expect(f.c, f.m).toBe(0);
    expect(
      f.d.function_action_list.map((b: { name: string; disable: boolean; hint: string }) => [
        b.name,
        b.disable,
        b.hint,
      ]),
    ).toEqual([
      ['入席', false, ''],
      ['起立', true, '请先入席'],
      ['申请发言', true, '表达管理没有开启，可以直接发言'],
    ]);
    expect(f.d.user_role_allocs).toMatchObject([
      { role_name: '陈述人', position: '发言席', sitting_status: SITTING.out },
    ]);
    // The host: no request to speak (it may always speak), 表达管理 offered.
    const host = await functions(run, manager);
    expect(host.d.function_action_list.map((b: { name: string }) => b.name)).toEqual([
      '入席',
      '起立',
      '表达管理',
    ]);
  });

  it('gives a position to one of two members pressing 入席 at once; stands and sits only when seated', async () => {
    const run = await running();
    const [one, two] = await Promise.all([
      command(run, speakerA, 'action_role_show'),
      command(run, speakerB, 'action_role_show'),
    ]);
    expect([one.c, two.c].sort()).toEqual([0, Codes.BUSINESS_POSITION_TAKEN.c]);
    const [won, lost] = one.c === 0 ? [speakerA, speakerB] : [speakerB, speakerA];
    expect((one.c === 0 ? two : one).m).toBe('发言席已由“陈述人”入席');
    expect((await statusOf(run, won)).sitting_status).toBe(SITTING.in);
    expect((await statusOf(run, lost)).sitting_status).toBe(SITTING.out);

    const before = await stored();
    const notSeated = await command(run, lost, 'action_role_stand');
    expect([notSeated.c, notSeated.m]).toEqual([Codes.BUSINESS_ACTION_REFUSED.c, '请先入席']);
    expect((await command(run, won, 'action_role_show')).m).toBe('你已经入席');
    const notOffered = await command(run, won, 'action_role_banned');
    expect(notOffered.m).toBe('你的角色在这个环节没有“表达管理”这个动作');
    expect(await stored()).toBe(before);

    const stood = await command(run, won, 'action_role_stand');
    expect(stood.d).toMatchObject({ cmd: 'action_role_stand', msg: '起立' });
    expect((await statusOf(run, won)).stand_status).toBe(STANDING.standing);
    expect((await functions(run, won)).d.function_action_list.map((b: { name: string }) => b.name)).toEqual([
      '退席',
      '坐下',
      '申请发言',
    ]);
    // Leaving the position frees it for the other.
    await command(run, won, 'action_role_hide');
    expect((await command(run, lost, 'action_role_show')).c).toBe(0);
  });

  it('under expression management, lets a seat that may not end the node speak only as often as approved', async () => {
    const run = await running();
    expect((await say(run, speakerA, '自由发言')).c).toBe(0);
    const on = await command(run, manager, 'action_role_banned');
    expect(on.d).toMatchObject({ msg: '开启表达管理：发言须先申请', data: { control_status: CONTROL.on } });
    const refused = await say(run, speakerA, '我还想说');
    expect([refused.c, refused.m]).toEqual([
      Codes.BUSINESS_SPEAK_REFUSED.c,
      '表达管理已开启，请先申请发言并等待主持人同意',
    ]);
    expect((await say(run, manager, '主持人发言不受限')).c).toBe(0);

    const asked = await command(run, speakerA, 'action_role_apply_speak');
    expect(asked.c, asked.m).toBe(0);
    expect((await command(run, speakerA, 'action_role_apply_speak')).m).toBe('你的发言申请正在等待审批');
    expect((await statusOf(run, speakerA)).speak_request).toBe(9);
    // Only the host answers, once.
    expect(
      (await command(run, speakerB, 'action_role_apply_speak_opt', { msg_id: asked.d.seq, result: 1 })).c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect((await command(run, manager, 'action_role_apply_speak_opt', { msg_id: 999, result: 1 })).c).toBe(
      Codes.NOT_FOUND.c,
    );
    const approved = await command(run, manager, 'action_role_apply_speak_opt', {
      msg_id: asked.d.seq,
      result: 1,
    });
    expect(approved.d.msg).toBe(`同意发言申请（可发言${SPEECHES_PER_GRANT}次）`);
    expect(
      (await command(run, manager, 'action_role_apply_speak_opt', { msg_id: asked.d.seq, result: 2 })).m,
    ).toBe('这个申请已经处理过了');
    for (let i = 0; i < SPEECHES_PER_GRANT; i += 1)
      expect((await say(run, speakerA, `第${i + 1}次`)).c).toBe(0);
    expect((await say(run, speakerA, '第四次')).c).toBe(Codes.BUSINESS_SPEAK_REFUSED.c);

    // A refusal grants nothing; switching management off frees everyone.
    const again = await command(run, speakerB, 'action_role_apply_speak');
    await command(run, manager, 'action_role_apply_speak_opt', { msg_id: again.d.seq, result: 2 });
    expect((await statusOf(run, speakerB)).speak_times).toBe(0);
    expect((await say(run, speakerB, '被拒后发言')).c).toBe(Codes.BUSINESS_SPEAK_REFUSED.c);
    await command(run, manager, 'action_role_banned');
    expect((await say(run, speakerB, '关闭后发言')).c).toBe(0);
  });

  it('keeps a seat seated into the next node of the same scene, not into another kind of node', async () => {
    const scenes = await projectWithRoles(h.app, { get, post }, manager, {
      name: '两轮听证',
      xml: bpmn(`
        <bpmn:startEvent id="S" />
        <bpmn:task id="T" name="第一轮陈述" training:nodeType="1" />
        <bpmn:task id="U" name="第二轮陈述" training:nodeType="1" />
        <bpmn:task id="R" name="听证报告" training:nodeType="4" />
        <bpmn:endEvent id="E" />
        ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'U')}${seq('f3', 'U', 'R')}${seq('f4', 'R', 'E')}`),
      starter: { actions: ['seat', 'end'], in: ['T', 'U'] },
      extra: [{ name: '陈述人', tasks: ['T', 'U', 'R'], actions: ['seat', 'stand', 'exit'], in: ['T', 'U'] }],
    });
    const made = (await post('/business/create', { project_id: scenes.projectId }, manager)).d;
    const seatOf = (role: string) => made.roles.find((r: { name: string }) => r.name === role).seats[0].id;
    await post(
      '/business/setNoneUser',
      { role_alloc_id: seatOf('陈述人'), user_id: speakerA.user.id },
      manager,
    );
    expect((await get(`/business/detail?business_id=${made.id}`, manager)).d.status).toBe(2);
    const act = (who: Who, node: string, cmd: string, data?: object) =>
      post(
        '/business/message/push',
        {
          business_id: made.id,
          node_id: scenes.nodeIds[node] as number,
          role_alloc_id: seatOf(who === manager ? '经办人' : '陈述人'),
          type: 'cmd',
          cmd,
          ...(data ? { data: JSON.stringify(data) } : {}),
        },
        who,
      );
    const seatIn = async (node: string) =>
      (
        await get(`/business/role/status?business_id=${made.id}&node_id=${scenes.nodeIds[node]}`, manager)
      ).d.role_status_list.find((x: { role_name: string }) => x.role_name === '陈述人');
    await act(speakerA, 'T', 'action_role_show');
    await act(speakerA, 'T', 'action_role_stand');
    const end = async (node: string) => {
      const exit = (
        await get(`/workflow/trans/query?business_id=${made.id}&node_id=${scenes.nodeIds[node]}`, manager)
      ).d.exits[0].id;
      expect((await act(manager, node, 'action_exp_node_end', { tran_id: exit })).c).toBe(0);
    };
    await end('T');
    expect(await seatIn('U')).toMatchObject({ sitting_status: SITTING.in, stand_status: STANDING.standing });
    await end('U');
    expect(await seatIn('R')).toMatchObject({ sitting_status: SITTING.out });
  });

  it('takes each seat’s vote once, until the host ends the vote (spec §4: vote_status and end_vote)', async () => {
    const voting = await projectWithRoles(h.app, { get, post }, manager, {
      name: '合议表决',
      xml: bpmn(`
        <bpmn:startEvent id="S" />
        <bpmn:task id="V" name="合议表决" training:nodeType="8" />
        <bpmn:task id="R" name="听证报告" training:nodeType="4" />
        <bpmn:endEvent id="E" />
        ${seq('f1', 'S', 'V')}${seq('f2', 'V', 'R')}${seq('f3', 'R', 'E')}`),
      starter: { actions: ['vote', 'end'], in: ['V'] },
      extra: [{ name: '陈述人', capacity: 2, tasks: ['V'], actions: ['vote', 'exit'] }],
    });
    const made = (await post('/business/create', { project_id: voting.projectId }, manager)).d;
    const seatsOf = (role: string) =>
      made.roles
        .find((r: { name: string }) => r.name === role)
        .seats.map((t: { id: number }) => t.id) as number[];
    const [a, b] = seatsOf('陈述人') as [number, number];
    await post('/business/setNoneUser', { role_alloc_id: a, user_id: speakerA.user.id }, manager);
    await post('/business/setNoneUser', { role_alloc_id: b, user_id: speakerB.user.id }, manager);
    expect((await get(`/business/detail?business_id=${made.id}`, manager)).d.status).toBe(2);
    const seatOf = new Map([
      [manager, seatsOf('经办人')[0]],
      [speakerA, a],
      [speakerB, b],
    ]);
    const vote = (who: Who, cmd: string, data?: object) =>
      post(
        '/business/message/push',
        {
          business_id: made.id,
          node_id: voting.nodeIds.V as number,
          role_alloc_id: seatOf.get(who) as number,
          type: 'cmd',
          cmd,
          ...(data ? { data: JSON.stringify(data) } : {}),
        },
        who,
      );
    const agreed = await vote(speakerA, 'action_role_vote', { status: 1 });
    expect(agreed.d.msg).toBe('表决：赞成');
    expect(agreed.d.data.end_vote).toBe(0);
    expect(agreed.d.data.role_status_list).toContainEqual({ role_alloc_id: a, vote_status: 1 });
    expect((await vote(speakerA, 'action_role_vote', { status: 2 })).m).toBe('你已经表决（赞成）');
    expect((await vote(speakerB, 'action_role_vote', { status: 3 })).m).toBe('表决只能是赞成、反对或弃权');
    expect((await vote(speakerB, 'action_role_vote_end')).m).toBe('只有能结束环节的角色可以结束表决');
    const ended = await vote(manager, 'action_role_vote_end');
    expect(ended.d.msg).toBe('结束表决：赞成1，反对0，弃权0，未表决2');
    expect(ended.d.data.end_vote).toBe(1);
    expect((await vote(speakerB, 'action_role_vote', { status: 9 })).m).toBe('表决已经结束');
    const status = await get(
      `/business/role/status?business_id=${made.id}&node_id=${voting.nodeIds.V}`,
      speakerB,
    );
    expect(status.d.end_vote).toBe(1);
    expect(
      (await get(`/business/node/function?business_id=${made.id}&node_id=${voting.nodeIds.V}`, speakerB)).d
        .function_action_list,
    ).toEqual([{ cmd: 'action_role_vote', name: '表决', disable: true, hint: '表决已经结束' }]);
  });

  it('refuses another company, a stranger to the business and the anonymous; nothing changes', async () => {
    const run = await running();
    const before = await stored();
    expect((await functions(run, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await functions(run, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await functions(run, undefined)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/business/role/status?business_id=${run.id}&node_id=${nodes.T}`, outsider)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect(
      (
        await post(
          '/business/message/push',
          {
            business_id: run.id,
            node_id: nodes.T as number,
            role_alloc_id: run.seats.get(speakerA) as number,
            type: 'cmd',
            cmd: 'action_role_show',
          },
          outsider,
        )
      ).c,
    ).toBe(Codes.FORBIDDEN.c);
    // A node the business is not in has no seats to act in.
    expect((await get(`/business/node/function?business_id=${run.id}&node_id=${nodes.R}`, speakerA)).c).toBe(
      Codes.BUSINESS_NOT_IN_NODE.c,
    );
    expect(await stored()).toBe(before);
  });
});

describe('a role brought into a node', () => {
  let bringing: { projectId: number; nodeIds: Record<string, number> };
  beforeAll(async () => {
    bringing = await projectWithRoles(h.app, { get, post }, manager, {
      name: '证人出庭',
      xml: FLOW,
      starter: { actions: ['seat', 'bring', 'end'], position: '主持席', in: ['T'] },
      extra: [
        { name: '证人', tasks: ['T'], actions: ['seat'], position: '发言席', can_brought: 1 },
        { name: '旁听者', tasks: ['T'], actions: ['seat'], position: '旁听席' },
      ],
    });
  });

  it('waits outside until the host brings it in, acts then, and is sent out again', async () => {
    const made = (await post('/business/create', { project_id: bringing.projectId }, manager)).d;
    const seatOf = (role: string) =>
      made.roles.find((r: { name: string }) => r.name === role).seats[0].id as number;
    const [host, witness, listener] = [seatOf('经办人'), seatOf('证人'), seatOf('旁听者')];
    await post('/business/setNoneUser', { role_alloc_id: witness, user_id: speakerA.user.id }, manager);
    await post('/business/setNoneUser', { role_alloc_id: listener, user_id: speakerB.user.id }, manager);
    expect((await get(`/business/detail?business_id=${made.id}`, manager)).d.status).toBe(2);
    const node = bringing.nodeIds.T as number;
    const at = (seat: number) => ({ business_id: made.id, node_id: node, role_alloc_id: seat });
    const cmd = (who: Who, seat: number, c: string, data?: object) =>
      post(
        '/business/message/push',
        { ...at(seat), type: 'cmd', cmd: c, ...(data ? { data: JSON.stringify(data) } : {}) },
        who,
      );
    const list = async (which: 'in' | 'out') =>
      (await get(`/business/role/${which}/list?business_id=${made.id}&node_id=${node}`, manager)).d.map(
        (x: { name: string }) => x.name,
      );
    expect([await list('in'), await list('out')]).toEqual([['证人'], []]);
    // Outside, the witness can do nothing; the listener, not brought, acts as usual.
    const waiting = await post(
      '/business/message/push',
      { ...at(witness), type: 'txt', msg: '我要作证' },
      speakerA,
    );
    expect([waiting.c, waiting.m]).toEqual([
      Codes.BUSINESS_ACTION_REFUSED.c,
      '你的角色还没有被带入这个环节，请等待主持人带入',
    ]);
    expect((await cmd(speakerB, listener, 'action_role_show')).c).toBe(0);
    // Only the host brings, only a role that is brought.
    expect((await cmd(speakerB, listener, 'action_role_letin', { role_alloc_ids: [witness] })).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    expect((await cmd(manager, host, 'action_role_letin', { role_alloc_ids: [listener] })).c).toBe(
      Codes.NOT_FOUND.c,
    );
    const brought = await cmd(manager, host, 'action_role_letin', { role_alloc_ids: [witness] });
    expect([brought.c, brought.d.msg]).toEqual([0, '带入“证人”']);
    expect((await cmd(manager, host, 'action_role_letin', { role_alloc_ids: [witness] })).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    expect([await list('in'), await list('out')]).toEqual([[], ['证人']]);
    expect((await cmd(speakerA, witness, 'action_role_show')).c).toBe(0);
    const seats = (await get(`/business/role/status?business_id=${made.id}&node_id=${node}`, manager)).d
      .role_status_list;
    expect(seats.find((x: { role_alloc_id: number }) => x.role_alloc_id === witness)).toMatchObject({
      can_brought: 1,
      come_status: 2,
      sitting_status: SITTING.in,
    });
    // Sent out, the witness leaves its seat and waits outside again.
    const out = await cmd(manager, host, 'action_role_letout', { role_alloc_ids: [witness] });
    expect([out.c, out.d.msg]).toEqual([0, '送出“证人”']);
    expect((await statusIn(made.id, node, witness)).sitting_status).toBe(SITTING.out);
    expect(
      (await post('/business/message/push', { ...at(witness), type: 'txt', msg: '还有一点' }, speakerA)).c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect((await get(`/business/role/in/list?business_id=${made.id}&node_id=${node}`, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await get(`/business/role/in/list?business_id=${made.id}&node_id=${node}`, outsider)).c).toBe(
      Codes.FORBIDDEN.c,
    );
  });
});

async function statusIn(businessId: number, nodeId: number, seat: number) {
  const r = await get(`/business/role/status?business_id=${businessId}&node_id=${nodeId}`, manager);
  return r.d.role_status_list.find((x: { role_alloc_id: number }) => x.role_alloc_id === seat);
}
