import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, drawFlow, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * 模块管理 (issue 36): the company's program modules, a declared resource — the actions (known
 * ones, at least one) and positions as lists, the node type as its number; a module a node runs is
 * neither deleted nor retyped; the set-up wizard offers them; another company and the anonymous
 * are refused.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let reader: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('模块甲公司');
  const b = await h.company('模块乙公司');
  [manager, reader, stranger] = await Promise.all([h.as(3, a), h.as(8, a), h.as(3, b)]);
});
afterAll(() => h.close());

describe('program modules', () => {
  let sceneId: number;

  it('are made with their actions and positions, listed and read', async () => {
    const made = await post(
      '/workflow/module/add',
      {
        name: '法庭场景',
        node_type: '1',
        actions: JSON.stringify(['seat', 'speak', 'end']),
        positions: JSON.stringify(['审判席', '原告席']),
        can_switch: 1,
      },
      manager,
    );
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      name: '法庭场景',
      node_type: '1',
      actions: ['seat', 'speak', 'end'],
      actions_text: '入席／退席、申请发言、结束环节',
      positions: ['审判席', '原告席'],
    });
    sceneId = made.d.id;
    expect(
      (await post('/workflow/module/list', { keyword: '法庭' }, manager)).d.results.map(
        (m: { id: number }) => m.id,
      ),
    ).toEqual([sceneId]);
    expect((await post('/workflow/module', { id: sceneId }, reader)).d.name).toBe('法庭场景');
  });

  it('refuses no action, an unknown action, a duplicate name', async () => {
    const add = (extra: Record<string, string>) =>
      post('/workflow/module/add', { name: '表决室', node_type: '8', can_switch: 0, ...extra }, manager);
    expect(await add({ actions: '[]' })).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      m: '请至少选择一个动作',
      field: 'actions',
    });
    expect(await add({ actions: '["fly"]' })).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'actions' });
    expect(await add({ actions: '["vote"]', name: '法庭场景' })).toMatchObject({
      c: Codes.PROGRAM_MODULE_NAME_TAKEN.c,
    });
    expect((await add({ actions: '["vote","end"]' })).c).toBe(0);
  });

  it('is offered by the set-up wizard; a module a node runs is neither deleted nor retyped', async () => {
    const flowId = (await post('/workflow/create', { name: '用模块的流程' }, manager)).d.id;
    const xml = bpmn(`<bpmn:startEvent id="S" /><bpmn:task id="T" name="开庭" training:nodeType="1" />
      <bpmn:task id="R" name="总结" training:nodeType="4" /><bpmn:endEvent id="E" />
      ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);
    await drawFlow(h.app, manager, flowId, xml);
    const setup = (await get(`/workflow/setup?flow_id=${flowId}`, manager)).d;
    expect(setup.modules.map((m: { name: string }) => m.name)).toEqual(['法庭场景', '表决室']);
    const node = setup.nodes.find((n: { task_id: string }) => n.task_id === 'T').id;
    expect(
      (
        await post(
          '/workflow/set/nodes',
          {
            flow_id: flowId,
            nodes: JSON.stringify([{ node_id: node, module_id: sceneId, look_on: 0, extra_exits: [] }]),
          },
          manager,
        )
      ).c,
    ).toBe(0);
    expect(await post('/workflow/module/delete', { id: sceneId }, manager)).toMatchObject({
      c: Codes.PROGRAM_MODULE_IN_USE.c,
      m: '模块“法庭场景”正被流程“用模块的流程”的环节“开庭”使用，不能删除',
    });
    expect(
      (
        await post(
          '/workflow/module/update',
          { id: sceneId, name: '法庭场景', node_type: '17', actions: '["seat"]', can_switch: 1 },
          manager,
        )
      ).c,
    ).toBe(Codes.PROGRAM_MODULE_IN_USE.c);
    expect(
      (
        await post(
          '/workflow/module/update',
          { id: sceneId, name: '法庭场景', node_type: '1', actions: '["seat","end"]', can_switch: 1 },
          manager,
        )
      ).d.actions,
    ).toEqual(['seat', 'end']);
  });

  it('refuses another company, the anonymous and a reader', async () => {
    expect((await post('/workflow/module', { id: sceneId }, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/workflow/module/list', {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/workflow/module/delete', { id: sceneId }, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect(
      (
        await post(
          '/workflow/module/add',
          { name: '越权', node_type: '1', actions: '["seat"]', can_switch: 1 },
          reader,
        )
      ).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await post('/workflow/module', { id: sceneId }, manager)).d.name).toBe('法庭场景');
  });
});
