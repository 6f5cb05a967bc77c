import { Codes, EXPERIENCE_LIMITS, TRANS_SELECT } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Moving on (issue 37, ADR 0043; design/training.md "Moving on"): a node's exits (an exclusive
 * choice's ways, a parallel split, a merge, an end), a node ended only by a seat that may end it and
 * only once however many press at once, the branches of a split run side by side and wait at the
 * merge, and the business ends at its last node once every member has submitted their experience.
 * Refusals change nothing; another company, a stranger and the anonymous are refused.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let speaker: Who;
let outsider: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

// 起草 → 是否会签: 否 → 总结; 是 → a split into 甲方签字 and 乙方签字, merged again before 总结 → 结束.
const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="A" name="起草合同" training:nodeType="2" />
  <bpmn:exclusiveGateway id="X" name="是否会签" />
  <bpmn:parallelGateway id="PS" />
  <bpmn:task id="B1" name="甲方签字" training:nodeType="10" />
  <bpmn:task id="B2" name="乙方签字" training:nodeType="10" />
  <bpmn:parallelGateway id="J" />
  <bpmn:task id="R" name="归档总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'A')}${seq('f2', 'A', 'X')}${seq('f3', 'X', 'R', '否')}${seq('f4', 'X', 'PS', '是')}
  ${seq('f5', 'PS', 'B1')}${seq('f6', 'PS', 'B2')}${seq('f7', 'B1', 'J')}${seq('f8', 'B2', 'J')}
  ${seq('f9', 'J', 'R')}${seq('f10', 'R', 'E')}`);

// 起草 → both 甲方签字 and 乙方签字 → merged → 是否通过: 通过 → 归档总结; 退回修改 → 修改合同 → 归档总结.
const CHOICE_AFTER_MERGE = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="A" name="起草合同" training:nodeType="2" />
  <bpmn:parallelGateway id="PS" />
  <bpmn:task id="B1" name="甲方签字" training:nodeType="10" />
  <bpmn:task id="B2" name="乙方签字" training:nodeType="10" />
  <bpmn:parallelGateway id="J" name="会签汇合" />
  <bpmn:exclusiveGateway id="Y" name="是否通过" />
  <bpmn:task id="M" name="修改合同" training:nodeType="2" />
  <bpmn:task id="R" name="归档总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('g1', 'S', 'A')}${seq('g2', 'A', 'PS')}${seq('g3', 'PS', 'B1')}${seq('g4', 'PS', 'B2')}
  ${seq('g5', 'B1', 'J')}${seq('g6', 'B2', 'J')}${seq('g7', 'J', 'Y')}${seq('g8', 'Y', 'R', '通过')}
  ${seq('g9', 'Y', 'M', '退回修改')}${seq('g10', 'M', 'R')}${seq('g11', 'R', 'E')}`);

let projectId: number;
let nodes: Record<string, number>;
let choiceProject: number;
let choiceNodes: Record<string, number>;

/** A running business: the manager (经办人, may end every node) and the speaker (陈述人, in 起草 and 总结, may end none). */
async function running() {
  const run = await runningBusiness({ get, post }, manager, projectId, { 陈述人: speaker });
  return { id: run.id, seats: { manager: run.seat('经办人'), speaker: run.seat('陈述人') } };
}
type Run = Awaited<ReturnType<typeof running>>;

const end = (run: Run, who: Who, node: string, tranId: number | null) =>
  post(
    '/business/message/push',
    {
      business_id: run.id,
      node_id: nodes[node] as number,
      role_alloc_id: who === speaker ? run.seats.speaker : run.seats.manager,
      type: 'cmd',
      cmd: 'action_exp_node_end',
      ...(tranId === null ? {} : { data: JSON.stringify({ tran_id: tranId }) }),
    },
    who,
  );
const query = (run: Run, who: Who | undefined, node: string) =>
  get(`/workflow/trans/query?business_id=${run.id}&node_id=${nodes[node]}`, who);
const current = async (run: Run) =>
  (await get(`/business/detail?business_id=${run.id}`, manager)).d.nodes.map((n: { name: string }) => n.name);
const stored = async () =>
  JSON.stringify([
    await h.db.selectFrom('business_paths').selectAll().orderBy('id').execute(),
    await h.db.selectFrom('business_messages').select(['id', 'seq', 'cmd']).orderBy('id').execute(),
    await h.db.selectFrom('business_experiences').selectAll().orderBy('id').execute(),
    await h.db.selectFrom('businesses').select(['id', 'status', 'last_seq']).orderBy('id').execute(),
  ]);
const exitId = (q: { d: { exits: { id: number; name: string }[] } }, name: string) =>
  q.d.exits.find((e) => e.name === name)?.id as number;

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('推进甲公司');
  const b = await h.company('推进乙公司');
  [manager, speaker, outsider, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '合同审批',
    xml: FLOW,
    extra: [{ name: '陈述人', tasks: ['A', 'R'] }],
  }));
  ({ projectId: choiceProject, nodeIds: choiceNodes } = await projectWithRoles(
    h.app,
    { get, post },
    manager,
    {
      name: '合同会签',
      xml: CHOICE_AFTER_MERGE,
      extra: [{ name: '陈述人', tasks: ['A', 'R'] }],
    },
  ));
});
afterAll(() => h.close());

describe('moving a business on', () => {
  it('lists a node’s exits: an exclusive choice’s ways, one of them a parallel split', async () => {
    const run = await running();
    const q = await query(run, manager, 'A');
    expect(q.c, q.m).toBe(0);
    expect(q.d.select).toBe(TRANS_SELECT.splitOrNode);
    expect(q.d.can_end).toBe(1);
    expect(
      q.d.exits.map((e: { name: string; kind: string; to: { name: string }[] }) => [
        e.name,
        e.kind,
        e.to.map((t) => t.name),
      ]),
    ).toEqual([
      ['否', 'node', ['归档总结']],
      ['是', 'split', ['甲方签字', '乙方签字']],
    ]);
    expect((await query(run, speaker, 'A')).d.can_end).toBe(0);
    // A node the business is not in has no exits to take.
    expect((await query(run, manager, 'R')).c).toBe(Codes.BUSINESS_NOT_IN_NODE.c);
  });

  it('refuses a seat that may not end the node and an exit the node does not have; nothing changes', async () => {
    const run = await running();
    const q = await query(run, manager, 'A');
    const before = await stored();
    expect((await end(run, speaker, 'A', exitId(q, '否'))).c).toBe(Codes.BUSINESS_CANNOT_END.c);
    const unknown = await end(run, manager, 'A', 999_999);
    expect([unknown.c, unknown.field]).toEqual([Codes.BUSINESS_EXIT_UNKNOWN.c, 'tran_id']);
    // 起草 has no way to an end: exit 0 is refused too.
    expect((await end(run, manager, 'A', 0)).c).toBe(Codes.BUSINESS_EXIT_UNKNOWN.c);
    expect(await stored()).toBe(before);
    expect(await current(run)).toEqual(['起草合同']);
  });

  it('ends a node once however many ends are pressed at once', async () => {
    const run = await running();
    const yes = exitId(await query(run, manager, 'A'), '是');
    const replies = await Promise.all([1, 2, 3].map(() => end(run, manager, 'A', yes)));
    expect(replies.filter((r) => r.c === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.c !== 0)) expect(r.c).toBe(Codes.BUSINESS_NODE_ENDED.c);
    const won = replies.find((r) => r.c === 0);
    expect(won?.d).toMatchObject({ cmd: 'action_exp_node_end', data: { kind: 'split', finished: false } });
    expect(won?.d.msg).toBe('结束环节“起草合同”，进入“甲方签字”、“乙方签字”');
    expect(await current(run)).toEqual(['甲方签字', '乙方签字']);
    const paths = await h.db
      .selectFrom('business_paths')
      .select(['node_id', 'step', 'state', 'came_by'])
      .where('business_id', '=', run.id)
      .orderBy('id')
      .execute();
    expect(paths.map((p) => [p.node_id, p.step, p.state])).toEqual([
      [nodes.A, 1, 2],
      [nodes.B1, 2, 1],
      [nodes.B2, 2, 1],
    ]);
  });

  it('runs a split’s branches side by side and goes on when both have reached the merge', async () => {
    const run = await running();
    await end(run, manager, 'A', exitId(await query(run, manager, 'A'), '是'));
    const b1 = await query(run, manager, 'B1');
    expect([b1.d.select, b1.d.exits[0].kind]).toEqual([TRANS_SELECT.one, 'merge']);
    const first = await end(run, manager, 'B1', b1.d.exits[0].id);
    expect(first.d.msg).toBe('结束环节“甲方签字”，在并行汇合处等待其他分支（1/2）');
    expect(await current(run)).toEqual(['乙方签字']);
    // On the diagram: 起草 left, 乙方签字 current, the merge waited at.
    const drawn = await get(`/business/trans/path?business_id=${run.id}`, speaker);
    expect(drawn.d.xml).toContain('id="B1"');
    expect([drawn.d.visited, drawn.d.current, drawn.d.waiting]).toEqual([['A', 'B1'], ['B2'], ['J']]);
    const second = await end(run, manager, 'B2', (await query(run, manager, 'B2')).d.exits[0].id);
    expect(second.d.msg).toBe('结束环节“乙方签字”，各分支已汇合，进入“归档总结”');
    expect(await current(run)).toEqual(['归档总结']);
    const after = (await get(`/business/trans/path?business_id=${run.id}`, manager)).d;
    expect([after.visited, after.current, after.waiting]).toEqual([['A', 'B1', 'B2', 'J'], ['R'], []]);
  });

  it('lets the branch that completes a merge choose the way on; the branch before it only waits', async () => {
    const at = (node: string) => choiceNodes[node] as number;
    const started = async () => {
      const run = await runningBusiness({ get, post }, manager, choiceProject, { 陈述人: speaker });
      const endAt = (node: string, tranId: number) =>
        post(
          '/business/message/push',
          {
            business_id: run.id,
            node_id: at(node),
            role_alloc_id: run.seat('经办人'),
            type: 'cmd',
            cmd: 'action_exp_node_end',
            data: JSON.stringify({ tran_id: tranId }),
          },
          manager,
        );
      const exits = async (node: string) =>
        (await get(`/workflow/trans/query?business_id=${run.id}&node_id=${at(node)}`, manager)).d;
      expect((await endAt('A', (await exits('A')).exits[0].id)).c).toBe(0);
      return { id: run.id, endAt, exits };
    };
    const run = await started();

    // Neither branch has arrived: each is offered the wait alone (the choice is the last one's).
    const b1 = await run.exits('B1');
    expect(b1.select).toBe(TRANS_SELECT.one);
    expect(b1.exits).toEqual([
      { id: expect.any(Number), name: '进入“会签汇合”，等待其他分支', kind: 'wait', to: [] },
    ]);
    expect((await run.exits('B2')).exits).toEqual(
      b1.exits.map((e: { id: number }) => ({ ...e, id: expect.any(Number) })),
    );
    expect((await run.endAt('B1', b1.exits[0].id)).d.msg).toBe(
      '结束环节“甲方签字”，在并行汇合处等待其他分支（1/2）',
    );

    const b2 = await run.exits('B2');
    expect(b2.select).toBe(TRANS_SELECT.choose);
    expect(b2.exits.map((e: { name: string; kind: string }) => [e.name, e.kind])).toEqual([
      ['通过', 'merge'],
      ['退回修改', 'merge'],
    ]);
    expect(b2.exits.map((e: { to: { name: string }[] }) => e.to.map((n) => n.name))).toEqual([
      ['归档总结'],
      ['修改合同'],
    ]);
    const back = b2.exits[1].id as number;
    // The last branch may not merely wait: it must choose; nothing changes.
    const before = await stored();
    expect((await run.endAt('B2', b1.exits[0].id)).c).toBe(Codes.BUSINESS_EXIT_UNKNOWN.c);
    expect(await stored()).toBe(before);

    // In another run, a branch that others have still to join may not choose either.
    const other = await started();
    const untouched = await stored();
    expect((await other.endAt('B1', back)).c).toBe(Codes.BUSINESS_EXIT_UNKNOWN.c);
    expect(await stored()).toBe(untouched);

    const merged = await run.endAt('B2', back);
    expect(merged.d.msg).toBe('结束环节“乙方签字”，各分支已汇合，进入“修改合同”');
    expect(
      (await get(`/business/detail?business_id=${run.id}`, manager)).d.nodes.map(
        (n: { name: string }) => n.name,
      ),
    ).toEqual(['修改合同']);
    const drawn = (await get(`/business/trans/path?business_id=${run.id}`, manager)).d;
    expect([drawn.current, drawn.waiting]).toEqual([['M'], []]);
  });

  it('ends the business at its last node only when every member has submitted an experience', async () => {
    const run = await running();
    await end(run, manager, 'A', exitId(await query(run, manager, 'A'), '否'));
    const last = await query(run, manager, 'R');
    expect([last.d.select, last.d.exits.map((e: { kind: string }) => e.kind)]).toEqual([
      TRANS_SELECT.one,
      ['end'],
    ]);
    const check = await get(`/business/check/endcommit?business_id=${run.id}&node_id=${nodes.R}`, manager);
    expect(check.d.ok).toBe(0);
    expect(check.d.missing).toHaveLength(2);
    const before = await stored();
    const refused = await end(run, manager, 'R', 0);
    expect(refused.c).toBe(Codes.BUSINESS_EXPERIENCE_MISSING.c);
    expect(refused.m).toMatch(/^还有成员没有提交心得：/);
    expect(await stored()).toBe(before);

    // A draft, rewritten, then submitted: final. Only submitted ones are listed to the others.
    const draft = await post(
      '/business/experience/save',
      { business_id: run.id, content: '初稿', status: 1 },
      speaker,
    );
    expect(draft.d).toMatchObject({ content: '初稿', status: 1 });
    let list = await get(`/business/experience/list?business_id=${run.id}`, manager);
    expect([list.d.results, list.d.mine]).toEqual([[], null]);
    await post(
      '/business/experience/save',
      { business_id: run.id, content: '体会：会签前先核对条款', status: 2 },
      speaker,
    );
    const again = await post(
      '/business/experience/save',
      { business_id: run.id, content: '改', status: 1 },
      speaker,
    );
    expect([again.c, again.field]).toEqual([Codes.BUSINESS_EXPERIENCE_SUBMITTED.c, 'content']);
    list = await get(`/business/experience/list?business_id=${run.id}`, manager);
    expect(list.d.results.map((e: { content: string }) => e.content)).toEqual(['体会：会签前先核对条款']);
    expect((await end(run, manager, 'R', 0)).m).toBe(`还有成员没有提交心得：${manager.user.username}`);

    await post('/business/experience/save', { business_id: run.id, content: '流程清楚', status: 2 }, manager);
    const ended = await end(run, manager, 'R', 0);
    expect(ended.c, ended.m).toBe(0);
    expect(ended.d).toMatchObject({
      msg: '结束环节“归档总结”，业务结束',
      data: { kind: 'end', finished: true },
    });
    const detail = (await get(`/business/detail?business_id=${run.id}`, speaker)).d;
    expect([detail.status, detail.nodes]).toEqual([9, []]);
    expect((await end(run, manager, 'R', 0)).c).toBe(Codes.BUSINESS_NOT_RUNNING.c);
    expect(
      (await post('/business/experience/save', { business_id: run.id, content: '补充', status: 1 }, speaker))
        .c,
    ).toBe(Codes.BUSINESS_NOT_RUNNING.c);
  });

  it('checks an experience’s text and keeps one per member however many saves come at once', async () => {
    const run = await running();
    const save = (content: string, status = 1) =>
      post('/business/experience/save', { business_id: run.id, content, status }, speaker);
    expect((await save('   ')).m).toBe('心得不能为空');
    expect((await save('长'.repeat(EXPERIENCE_LIMITS.content + 1))).m).toBe(
      `心得不能超过${EXPERIENCE_LIMITS.content}个字符`,
    );
    expect((await save('好', 3)).field).toBe('status');
    const saves = await Promise.all(['一', '二', '三'].map((c) => save(c)));
    for (const r of saves) expect(r.c, r.m).toBe(0);
    const rows = await h.db
      .selectFrom('business_experiences')
      .select('id')
      .where('business_id', '=', run.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses another company, a stranger to the business and the anonymous; nothing changes', async () => {
    const run = await running();
    const before = await stored();
    expect((await query(run, stranger, 'A')).c).toBe(Codes.NOT_FOUND.c);
    expect((await query(run, outsider, 'A')).c).toBe(Codes.FORBIDDEN.c);
    expect((await query(run, undefined, 'A')).c).toBe(Codes.NOT_LOGGED_IN.c);
    for (const who of [stranger, outsider])
      expect(
        (await post('/business/experience/save', { business_id: run.id, content: '外人', status: 2 }, who)).c,
      ).not.toBe(0);
    expect((await get(`/business/experience/list?business_id=${run.id}`, outsider)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    const drawing = (who?: Who) => get(`/business/trans/path?business_id=${run.id}`, who);
    expect((await drawing(outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await drawing(stranger)).c).toBe(Codes.NOT_FOUND.c);
    // The anonymous read the default company (not this one), or this one's, whose nodes nobody may watch.
    expect((await drawing()).c).toBe(Codes.NOT_FOUND.c);
    const company = (
      await h.db
        .selectFrom('businesses')
        .select('company_id')
        .where('id', '=', run.id)
        .executeTakeFirstOrThrow()
    ).company_id;
    expect((await get(`/business/trans/path?business_id=${run.id}&company_id=${company}`)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect(
      (await get(`/business/check/endcommit?business_id=${run.id}&node_id=${nodes.R}`, stranger)).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect(await stored()).toBe(before);
  });
});
