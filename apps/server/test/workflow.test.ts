import { Codes, FLOW_LIMITS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, seq, walkWizard } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Flows of the training area (issue 36, `/manager/workflow`): a company's managers create, draw
 * (BPMN 2.0 XML, read and checked before anything is written), copy, publish and delete them; a
 * published flow is never changed in place; hostile files are refused and nothing is stored.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let assistant: Who;
let instructorAssistant: Who;
let shop: Who;
let stranger: Who;

const { get, post } = jsonCalls(() => h.app);
const calls = { get, post };

/** 起草 → 是否会签? 否: 归档总结 → 结束; 是: 并行 甲方签字 / 乙方签字 → 汇合 → 会签总结 → 结束. */
const DRAWING = bpmn(`
  <bpmn:startEvent id="S" name="开始" />
  <bpmn:userTask id="T1" name="起草合同" training:nodeType="2" ext:colour="blue" />
  <bpmn:exclusiveGateway id="X" name="是否会签" />
  <bpmn:task id="R1" name="归档总结" training:nodeType="4" />
  <bpmn:parallelGateway id="PS" />
  <bpmn:task id="A" name="甲方签字" training:nodeType="10" />
  <bpmn:task id="B" name="乙方签字" training:nodeType="10" />
  <bpmn:parallelGateway id="PJ" />
  <bpmn:task id="R2" name="会签总结" training:nodeType="4" />
  <bpmn:endEvent id="E" name="结束" />
  ${seq('f1', 'S', 'T1')}${seq('f2', 'T1', 'X')}${seq('f3', 'X', 'R1', '否')}${seq('f4', 'R1', 'E')}
  ${seq('f5', 'X', 'PS', '是')}${seq('f6', 'PS', 'A')}${seq('f7', 'PS', 'B')}${seq('f8', 'A', 'PJ')}
  ${seq('f9', 'B', 'PJ')}${seq('f10', 'PJ', 'R2')}${seq('f11', 'R2', 'E')}`);

/** The same without the signing branch: A, B and their gateways gone. */
const SHORTER = bpmn(`
  <bpmn:startEvent id="S" name="开始" />
  <bpmn:userTask id="T1" name="起草合同" training:nodeType="2" />
  <bpmn:task id="R1" name="归档总结" training:nodeType="4" />
  <bpmn:endEvent id="E" name="结束" />
  ${seq('f1', 'S', 'T1')}${seq('f2', 'T1', 'R1')}${seq('f4', 'R1', 'E')}`);

const flowRow = async (id: number) =>
  h.db.selectFrom('flows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const stored = async () => ({
  flows: (
    await h.db.selectFrom('flows').select(['id', 'status', 'xml', 'name', 'del_flag']).orderBy('id').execute()
  )
    .map((f) => `${f.id}:${f.status}:${f.del_flag}:${f.name}:${f.xml.length}`)
    .join(','),
  nodes: (await h.db.selectFrom('flow_nodes').select('id').execute()).length,
  transitions: (await h.db.selectFrom('flow_transitions').select('id').execute()).length,
});

/** POSTs a form-urlencoded body as the browser does (the drawing travels so). */
async function postForm(url: string, form: Record<string, string>, who?: Who) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(who?.headers ?? {}) },
    payload: new URLSearchParams(form).toString(),
  });
  return res.json();
}

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('流程甲公司');
  const b = await h.company('流程乙公司');
  [manager, assistant, instructorAssistant, shop, stranger] = await Promise.all([
    h.as(3, a),
    h.as(7, a),
    h.as(8, a),
    h.as(12, a),
    h.as(3, b),
  ]);
});
afterAll(() => h.close());

describe('flows', () => {
  let flowId: number;

  it('a manager creates a draft flow and draws it: nodes and transitions kept, the XML as sent', async () => {
    const made = await post(
      '/workflow/create',
      { name: '合同审批', type_label: '行政', task_label: '审批', description: '起草、会签与归档' },
      manager,
    );
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({ name: '合同审批', status: 1, step: null, node_count: 0 });
    flowId = made.d.id;

    const drawn = await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: DRAWING }, manager);
    expect(drawn.c).toBe(0);
    expect(drawn.d.discarded).toEqual([]);
    expect(drawn.d.flow).toMatchObject({ step: 0, node_count: 5, unpublishable: [] });
    expect(drawn.d.flow.xml).toBe(DRAWING);
    expect(
      drawn.d.flow.nodes.map(
        (n: { task_id: string; kind: string; node_type: number | null }) =>
          `${n.task_id}:${n.kind}:${n.node_type}`,
      ),
    ).toEqual([
      'S:start:null',
      'T1:task:2',
      'X:exclusive:null',
      'R1:task:4',
      'PS:parallel:null',
      'A:task:10',
      'B:task:10',
      'PJ:parallel:null',
      'R2:task:4',
      'E:end:null',
    ]);
    expect(drawn.d.flow.transitions).toHaveLength(11);
    expect(drawn.d.flow.transitions).toContainEqual(
      expect.objectContaining({ sequence_flow_id: 'f5', source: 'X', target: 'PS', name: '是' }),
    );
    // The unknown namespace is kept in the XML as it was, not run.
    expect((await flowRow(flowId)).xml).toContain('ext:colour="blue"');

    const list = await get('/workflow/list?keyword=合同&status=1', manager);
    expect(list.d.results).toEqual([
      expect.objectContaining({ id: flowId, node_count: 5, creator_name: expect.any(String) }),
    ]);
    expect((await get('/workflow/list?status=2', manager)).d.results).toEqual([]);
  });

  it('refuses a drawing that fails the checks, naming the element in Chinese, and writes nothing', async () => {
    const before = await stored();
    const unreachable = DRAWING.replace(
      '<bpmn:endEvent',
      '<bpmn:task id="Z" name="孤立环节" training:nodeType="3" />\n<bpmn:endEvent',
    );
    const refused = await postForm(
      '/workflow/flow/draw',
      { flow_id: String(flowId), xml: unreachable },
      manager,
    );
    expect(refused).toMatchObject({ c: Codes.FLOW_CHART_ERROR.c, field: 'xml' });
    expect(refused.m).toContain('任务“孤立环节”无法从开始事件到达');
    const noReport = DRAWING.replace(
      'id="R1" name="归档总结" training:nodeType="4"',
      'id="R1" name="归档总结" training:nodeType="3"',
    );
    expect(
      (await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: noReport }, manager)).m,
    ).toContain('结束事件“结束”之前须为“分析与总结”环节，任务“归档总结”不是');
    expect(await stored()).toEqual(before);
  });

  it('refuses hostile files with a Chinese message and stores nothing', async () => {
    const before = await stored();
    const body = DRAWING.replace(/^<\?xml[^>]*>/, '');
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${body}`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>${body.replace('起草合同', '&c;')}`;
    for (const xml of [xxe, laughs]) {
      const r = await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml }, manager);
      expect(r).toMatchObject({
        c: Codes.FLOW_FILE_REFUSED.c,
        m: '流程图文件不能包含文档类型（DOCTYPE）或实体声明',
      });
    }
    const script = DRAWING.replace(
      '<bpmn:userTask id="T1" name="起草合同" training:nodeType="2" ext:colour="blue" />',
      '<bpmn:scriptTask id="T1" name="起草合同" scriptFormat="javascript"><bpmn:script>require("child_process")</bpmn:script></bpmn:scriptTask>',
    );
    expect(
      await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: script }, manager),
    ).toMatchObject({
      c: Codes.FLOW_CHART_ERROR.c,
      m: expect.stringContaining('流程图不能包含脚本任务：脚本任务“起草合同”'),
    });
    const many = Array.from(
      { length: 5000 },
      (_, i) => `<bpmn:task id="T${i}" training:nodeType="2" />`,
    ).join('');
    expect(
      (
        await postForm(
          '/workflow/flow/draw',
          { flow_id: String(flowId), xml: bpmn(`<bpmn:startEvent id="S" />${many}`) },
          manager,
        )
      ).m,
    ).toContain('流程图元素不能超过 3000 个');
    expect(
      (await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: '<bpmn:definitions' }, manager))
        .c,
    ).toBe(Codes.FLOW_FILE_REFUSED.c);
    expect(
      await postForm(
        '/workflow/flow/draw',
        { flow_id: String(flowId), xml: 'x'.repeat(FLOW_LIMITS.xml + 1) },
        manager,
      ),
    ).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      m: '流程图文件不能超过 1 MB',
    });
    // Ten megabytes are refused before they are read.
    const huge = await h.app.inject({
      method: 'POST',
      url: '/api/workflow/flow/draw',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...manager.headers },
      payload: `flow_id=${flowId}&xml=${'a'.repeat(10_000_000)}`,
    });
    expect(huge.json().c).toBe(Codes.PAYLOAD_TOO_LARGE.c);
    expect((await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: '' }, manager)).m).toBe(
      '流程图不能为空',
    );
    expect(await stored()).toEqual(before);
  });

  it('asks before a redraw discards the set-up of removed nodes, and says which', async () => {
    await h.db.updateTable('flows').set({ step: 2 }).where('id', '=', flowId).execute();
    await h.db.updateTable('flow_nodes').set({ look_on: 1 }).where('flow_id', '=', flowId).execute();
    const before = await stored();
    const asked = await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: SHORTER }, manager);
    expect(asked.c).toBe(Codes.FLOW_DISCARD_CONFIRM.c);
    expect(asked.m).toContain('排他网关“是否会签”');
    expect(asked.m).toContain('任务“甲方签字”');
    expect(await stored()).toEqual(before);

    const saved = await postForm(
      '/workflow/flow/draw',
      { flow_id: String(flowId), xml: SHORTER, confirm_discard: '1' },
      manager,
    );
    expect(saved.c).toBe(0);
    expect(saved.d.discarded).toHaveLength(6);
    // Kept nodes keep their set-up; the wizard is walked again from its first step.
    expect(saved.d.flow).toMatchObject({ step: 0, node_count: 2 });
    expect(
      saved.d.flow.nodes.map((n: { task_id: string; look_on: number }) => `${n.task_id}:${n.look_on}`),
    ).toEqual(['S:1', 'T1:1', 'R1:1', 'E:1']);
    expect(saved.d.flow.transitions).toHaveLength(3);
  });

  it('publishes a checked flow once it is set up; a published flow is never changed in place; a copy is a draft', async () => {
    expect((await post('/workflow/publish', { flow_id: flowId }, manager)).c).toBe(Codes.FLOW_NOT_SET_UP.c);
    await walkWizard(calls, flowId, manager);
    const published = await post('/workflow/publish', { flow_id: flowId }, manager);
    expect(published.d).toMatchObject({ status: 2 });
    const before = await stored();
    expect(
      (await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: DRAWING }, manager)).c,
    ).toBe(Codes.FLOW_PUBLISHED.c);
    expect((await post('/workflow/update', { flow_id: flowId, name: '改名' }, manager)).c).toBe(
      Codes.FLOW_PUBLISHED.c,
    );
    expect((await post('/workflow/publish', { flow_id: flowId }, manager)).c).toBe(Codes.FLOW_PUBLISHED.c);
    expect(await stored()).toEqual(before);

    const copy = await post('/workflow/flow/copy', { flow_id: flowId }, manager);
    expect(copy.d).toMatchObject({ name: '合同审批（副本）', status: 1, step: 4, node_count: 2 });
    const detail = await get(`/workflow/detail?flow_id=${copy.d.id}`, manager);
    expect(detail.d.xml).toBe(SHORTER);
    expect(detail.d.nodes).toHaveLength(4);
    expect(
      (await postForm('/workflow/flow/draw', { flow_id: String(copy.d.id), xml: DRAWING }, manager)).c,
    ).toBe(0);
    expect((await flowRow(flowId)).xml).toBe(SHORTER);
  });

  it('refuses to publish what the engine cannot run, with the reason; two publishes at once publish once', async () => {
    const made = await post('/workflow/create', { name: '含服务任务' }, manager);
    const service = DRAWING.replace('bpmn:userTask id="T1"', 'bpmn:serviceTask id="T1"');
    expect(
      (await postForm('/workflow/flow/draw', { flow_id: String(made.d.id), xml: service }, manager)).d.flow
        .unpublishable,
    ).toEqual(['服务任务“起草合同”：服务任务不被执行']);
    expect(await post('/workflow/publish', { flow_id: made.d.id }, manager)).toMatchObject({
      c: Codes.FLOW_UNPUBLISHABLE.c,
      m: expect.stringContaining('服务任务“起草合同”：服务任务不被执行'),
    });
    const empty = await post('/workflow/create', { name: '空流程' }, manager);
    expect((await post('/workflow/publish', { flow_id: empty.d.id }, manager)).c).toBe(
      Codes.FLOW_NOT_DRAWN.c,
    );

    const twice = await post('/workflow/create', { name: '并发发布' }, manager);
    await postForm('/workflow/flow/draw', { flow_id: String(twice.d.id), xml: DRAWING }, manager);
    await walkWizard(calls, twice.d.id, manager);
    const both = await Promise.all([
      post('/workflow/publish', { flow_id: twice.d.id }, manager),
      post('/workflow/publish', { flow_id: twice.d.id }, assistant),
    ]);
    expect(both.map((r) => r.c).sort()).toEqual([0, Codes.FLOW_PUBLISHED.c]);
  });

  it('refuses the anonymous, roles without the codename and another company, changing nothing', async () => {
    const before = await stored();
    expect((await get('/workflow/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/workflow/create', { name: '匿名' })).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: DRAWING })).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    expect((await get('/workflow/list', shop)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/workflow/create', { name: '商城' }, shop)).c).toBe(Codes.FORBIDDEN.c);
    // 指导者助理 reads flows, changes none.
    expect((await get(`/workflow/detail?flow_id=${flowId}`, instructorAssistant)).c).toBe(0);
    expect((await post('/workflow/flow/copy', { flow_id: flowId }, instructorAssistant)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    // Another company's manager: the flow is not there for them.
    expect((await get(`/workflow/detail?flow_id=${flowId}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get('/workflow/list', stranger)).d.results).toEqual([]);
    for (const [url, form] of [
      ['/workflow/update', { flow_id: flowId, name: '越权' }],
      ['/workflow/flow/copy', { flow_id: flowId }],
      ['/workflow/publish', { flow_id: flowId }],
      ['/workflow/delete', { flow_id: flowId }],
    ] as const)
      expect((await post(url, form, stranger)).c, url).toBe(Codes.NOT_FOUND.c);
    expect(
      (await postForm('/workflow/flow/draw', { flow_id: String(flowId), xml: DRAWING }, stranger)).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect(await stored()).toEqual(before);
  });

  it('deletes a flow (soft): gone from the list and the detail', async () => {
    expect((await post('/workflow/delete', { flow_id: flowId }, manager)).d).toEqual({ count: 1 });
    expect((await get(`/workflow/detail?flow_id=${flowId}`, manager)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get('/workflow/list', manager)).d.results.map((f: { id: number }) => f.id)).not.toContain(
      flowId,
    );
    expect((await flowRow(flowId)).del_flag).toBe(1);
  });
});
