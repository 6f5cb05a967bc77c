import { Codes, DOC_REQUEST, REPORT } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, endThroughFirstExit, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Inside a node, beyond seats (issue 37; design/training.md "Inside a node"): a seat asks to show or
 * to submit a document and the host answers — once —; an allowed seat shows (or submits) once, the
 * host at will; the host schedules seats to report, one at a time at the podium; the host may finish
 * the business early. Each is a command every page hears; refusals change nothing.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let speaker: Who;
let outsider: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="A" name="准备材料" training:nodeType="2" />
  <bpmn:task id="T" name="听证陈述" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'A')}${seq('f2', 'A', 'T')}${seq('f3', 'T', 'R')}${seq('f4', 'R', 'E')}`);

let projectId: number;
let nodes: Record<string, number>;

async function running() {
  const run = await runningBusiness({ get, post }, manager, projectId, { 陈述人: speaker });
  const seats = new Map([
    [manager, run.seat('经办人')],
    [speaker, run.seat('陈述人')],
  ]);
  return { id: run.id, seats };
}
type Run = Awaited<ReturnType<typeof running>>;

const push = (run: Run, who: Who, node: string, v: Record<string, string | number>) =>
  post(
    '/business/message/push',
    {
      business_id: run.id,
      node_id: nodes[node] as number,
      role_alloc_id: run.seats.get(who) as number,
      ...v,
    },
    who,
  );
const command = (run: Run, who: Who, cmd: string, data?: object) =>
  push(run, who, 'T', { type: 'cmd', cmd, ...(data ? { data: JSON.stringify(data) } : {}) });
const stateOf = async (run: Run, who: Who) => {
  const r = await get(`/business/role/status?business_id=${run.id}&node_id=${nodes.T}`, manager);
  return r.d.role_status_list.find((x: { role_alloc_id: number }) => x.role_alloc_id === run.seats.get(who));
};
const buttons = async (run: Run, who: Who) =>
  (
    await get(`/business/node/function?business_id=${run.id}&node_id=${nodes.T}`, who)
  ).d.function_action_list.map((b: { name: string }) => b.name);

/** A business in 听证陈述 with a document 陈述材料 written by the speaker in 准备材料. */
async function inScene() {
  const run = await running();
  const written = await post(
    '/business/template/new',
    {
      business_id: run.id,
      node_id: nodes.A as number,
      role_alloc_id: run.seats.get(speaker) as number,
      name: '陈述材料',
    },
    speaker,
  );
  expect(written.c, written.m).toBe(0);
  const ended = await endThroughFirstExit({ get, post }, manager, {
    business_id: run.id,
    node_id: nodes.A as number,
    role_alloc_id: run.seats.get(manager) as number,
  });
  expect(ended.c, ended.m).toBe(0);
  return { run, docId: written.d.id as number };
}

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('申请甲公司');
  const b = await h.company('申请乙公司');
  [manager, speaker, outsider, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '听证陈述',
    xml: FLOW,
    starter: { actions: ['show', 'submit', 'report', 'finish', 'end'], in: ['T'] },
    extra: [
      {
        name: '陈述人',
        tasks: ['A', 'T', 'R'],
        actions: ['show', 'submit', 'report', 'exit'],
        actionsIn: { A: ['docs', 'exit'], R: ['exit'] },
      },
    ],
  }));
});
afterAll(() => h.close());

describe('requests to show and submit a document', () => {
  it('shows a document once the host allows it, once; the host shows at will', async () => {
    const { run, docId } = await inScene();
    expect(await buttons(run, speaker)).toEqual(['申请展示', '展示文书', '申请提交', '提交文书']);
    expect(await buttons(run, manager)).toEqual(['展示文书', '提交文书', '提前结束']);
    expect((await command(run, speaker, 'action_doc_show', { doc_id: docId })).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    const asked = await command(run, speaker, 'action_doc_apply_show');
    expect(asked.c, asked.m).toBe(0);
    expect((await stateOf(run, speaker)).show_status).toBe(DOC_REQUEST.pending);
    expect((await command(run, speaker, 'action_doc_apply_show')).m).toBe('你的展示申请正在等待审批');
    // Only the host answers, once.
    expect(
      (await command(run, speaker, 'action_doc_apply_show_opt', { msg_id: asked.d.seq, result: 1 })).c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    const allowed = await command(run, manager, 'action_doc_apply_show_opt', {
      msg_id: asked.d.seq,
      result: 1,
    });
    expect(allowed.d).toMatchObject({ msg: '同意展示申请', data: { show_status: DOC_REQUEST.allowed } });
    expect(
      (await command(run, manager, 'action_doc_apply_show_opt', { msg_id: asked.d.seq, result: 2 })).m,
    ).toBe('这个申请已经处理过了');
    const shown = await command(run, speaker, 'action_doc_show', { doc_id: docId });
    expect(shown.d).toMatchObject({ msg: '展示文书《陈述材料》', data: { doc_id: docId, name: '陈述材料' } });
    expect((await stateOf(run, speaker)).show_status).toBe(DOC_REQUEST.none);
    expect((await command(run, speaker, 'action_doc_show', { doc_id: docId })).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    // The host shows without asking; a document of no business is not found.
    expect((await command(run, manager, 'action_doc_show', { doc_id: docId })).c).toBe(0);
    expect((await command(run, manager, 'action_doc_show', { doc_id: 999_999 })).c).toBe(Codes.NOT_FOUND.c);
    expect((await command(run, manager, 'action_doc_show')).c).toBe(Codes.PARAM_ERROR.c);
    // Everyone of the business reads the document shown, and the list to choose from.
    const read = await get(`/business/doc/detail?business_id=${run.id}&doc_id=${docId}`, speaker);
    expect(read.d).toMatchObject({ name: '陈述材料', node_name: '准备材料' });
    const list = await get(`/business/node/role/docs?business_id=${run.id}`, manager);
    expect(list.d).toEqual([expect.objectContaining({ id: docId, name: '陈述材料', role_name: '陈述人' })]);
    for (const [who, code] of [
      [outsider, Codes.FORBIDDEN.c],
      [stranger, Codes.NOT_FOUND.c],
      [undefined, Codes.NOT_LOGGED_IN.c],
    ] as const) {
      expect((await get(`/business/node/role/docs?business_id=${run.id}`, who)).c).toBe(code);
      expect((await get(`/business/doc/detail?business_id=${run.id}&doc_id=${docId}`, who)).c).toBe(code);
    }
  });

  it('submits documents once allowed; a refusal leaves the seat to ask again', async () => {
    const { run, docId } = await inScene();
    const asked = await command(run, speaker, 'action_doc_apply_submit');
    const refused = await command(run, manager, 'action_doc_apply_submit_opt', {
      msg_id: asked.d.seq,
      result: 2,
    });
    expect(refused.d.msg).toBe('拒绝提交申请');
    expect((await stateOf(run, speaker)).submit_status).toBe(DOC_REQUEST.refused);
    expect((await command(run, speaker, 'action_doc_submit', { doc_ids: [docId] })).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    // An answer names the request it answers: one of another kind is not found.
    const again = await command(run, speaker, 'action_doc_apply_submit');
    expect(
      (await command(run, manager, 'action_doc_apply_show_opt', { msg_id: again.d.seq, result: 1 })).c,
    ).toBe(Codes.NOT_FOUND.c);
    await command(run, manager, 'action_doc_apply_submit_opt', { msg_id: again.d.seq, result: 1 });
    expect((await command(run, speaker, 'action_doc_submit', { doc_ids: [] })).c).toBe(Codes.PARAM_ERROR.c);
    const submitted = await command(run, speaker, 'action_doc_submit', { doc_ids: [docId, docId] });
    expect(submitted.d).toMatchObject({
      msg: '提交文书《陈述材料》',
      data: { doc_ids: [docId], names: ['陈述材料'] },
    });
    expect((await stateOf(run, speaker)).submit_status).toBe(DOC_REQUEST.none);
  });
});

describe('the podium', () => {
  it('holds one reporter at a time, each scheduled by the host', async () => {
    const { run } = await inScene();
    const reportable = async () =>
      (await get(`/business/role/report/list?business_id=${run.id}&node_id=${nodes.T}`, manager)).d.map(
        (x: { name: string }) => x.name,
      );
    expect(await reportable()).toEqual(['经办人', '陈述人']);
    expect((await command(run, speaker, 'action_role_toward_report')).m).toBe('主持人还没有安排你报告');
    expect(
      (await command(run, speaker, 'action_role_schedule_report', { role_alloc_id: run.seats.get(manager) }))
        .c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    const scheduled = await command(run, manager, 'action_role_schedule_report', {
      role_alloc_id: run.seats.get(speaker),
    });
    expect(scheduled.d.msg).toBe('安排“陈述人”报告');
    expect(await reportable()).toEqual(['经办人']);
    expect(await buttons(run, speaker)).toContain('走上报告席');
    expect((await command(run, speaker, 'action_role_toward_report')).d.msg).toBe('走上报告席');
    expect(await buttons(run, speaker)).toContain('走下报告席');
    await command(run, manager, 'action_role_schedule_report', { role_alloc_id: run.seats.get(manager) });
    const taken = await command(run, manager, 'action_role_toward_report');
    expect([taken.c, taken.m]).toEqual([
      Codes.BUSINESS_POSITION_TAKEN.c,
      '报告席上是“陈述人”，请等其走下报告席',
    ]);
    expect((await command(run, speaker, 'action_role_end_report')).d.msg).toBe('走下报告席');
    expect((await stateOf(run, speaker)).report_status).toBe(REPORT.done);
    expect((await command(run, manager, 'action_role_toward_report')).c).toBe(0);
    expect((await command(run, manager, 'action_role_schedule_report', { role_alloc_id: 999_999 })).c).toBe(
      Codes.NOT_FOUND.c,
    );
  });
});

describe('finishing early', () => {
  it('is the host’s: every open node is left and the business ends, without experiences', async () => {
    const { run } = await inScene();
    expect((await command(run, speaker, 'action_exp_finish')).c).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    const finished = await command(run, manager, 'action_exp_finish');
    expect(finished.d.msg).toBe('提前结束业务');
    const detail = (await get(`/business/detail?business_id=${run.id}`, manager)).d;
    expect([detail.status, detail.nodes]).toEqual([9, []]);
    expect((await command(run, manager, 'action_role_toward_report')).c).not.toBe(0);
  });
});
