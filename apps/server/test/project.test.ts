import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, publishedFlow, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Training projects (issue 36, `/manager/project`): made on a published flow; every jump and nest
 * node needs a target project (named when missing); 限时开放 needs its days, 指定人员 its people of
 * the company; a project others go on in cannot be deleted; another company and the anonymous are
 * refused and nothing changes.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let reader: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);
const calls = { get, post };

/** 起草议案 → 听证会 (a nest) → 立法总结 → end. */
const NESTING = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="起草议案" training:nodeType="14" />
  <bpmn:callActivity id="N" name="听证会" />
  <bpmn:task id="R" name="立法总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'N')}${seq('f3', 'N', 'R')}${seq('f4', 'R', 'E')}`);
const SIMPLE = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

const publishedFlowNamed = (name: string, xml: string) => publishedFlow(h.app, calls, manager, name, xml);

const basics = {
  level: 1,
  ability_target: 2,
  open_mode: 1,
  graph_view: 1,
  can_redo: 1,
  reference: 1,
  targets: '[]',
  target_user_ids: '[]',
};
const stored = async () =>
  JSON.stringify([
    await h.db.selectFrom('flow_projects').selectAll().orderBy('id').execute(),
    await h.db.selectFrom('flow_project_targets').selectAll().orderBy('id').execute(),
  ]);

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('项目甲公司');
  const b = await h.company('项目乙公司');
  [manager, reader, stranger] = await Promise.all([h.as(3, a), h.as(8, a), h.as(3, b)]);
});
afterAll(() => h.close());

describe('training projects', () => {
  let hearingFlow: number;
  let nestingFlow: number;
  let hearing: number;
  let legislation: number;
  let nestNode: number;

  it('are made on a published flow only', async () => {
    const draft = (await post('/workflow/create', { name: '草稿流程' }, manager)).d.id;
    expect((await post('/project/create', { flow_id: draft, name: '草稿项目', ...basics }, manager)).c).toBe(
      Codes.PROJECT_FLOW_NOT_PUBLISHED.c,
    );
    hearingFlow = await publishedFlowNamed('听证会', SIMPLE);
    nestingFlow = await publishedFlowNamed('立法听证', NESTING);
    const made = await post(
      '/project/create',
      { flow_id: hearingFlow, name: '听证会项目', intro: '各方陈述意见', office_item: '立法', ...basics },
      manager,
    );
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({ name: '听证会项目', flow_name: '听证会', open_mode: 1, targets: [] });
    expect(made.d.roles).toEqual([{ name: '经办人', capacity: 1, position_name: '' }]);
    hearing = made.d.id;
  });

  it('refuses a nest node without a target, naming it; takes a live target of the company', async () => {
    const options = (await get('/project/options', manager)).d;
    const flow = options.flows.find((f: { id: number }) => f.id === nestingFlow);
    expect(flow.targets).toEqual([{ node_id: expect.any(Number), node_name: '听证会', node_type: 9 }]);
    nestNode = flow.targets[0].node_id;
    const elsewhere = await publishedFlowOf(stranger);
    const before = await stored();
    expect(
      await post('/project/create', { flow_id: nestingFlow, name: '立法听证项目', ...basics }, manager),
    ).toMatchObject({
      c: Codes.PROJECT_TARGET_MISSING.c,
      m: '环节“听证会”还没有选择嵌套的目标项目',
    });
    expect(
      (
        await post(
          '/project/create',
          {
            flow_id: nestingFlow,
            name: '立法听证项目',
            ...basics,
            targets: JSON.stringify([{ node_id: nestNode, target_project_id: elsewhere }]),
          },
          manager,
        )
      ).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect(await stored()).toBe(before);

    const made = await post(
      '/project/create',
      {
        flow_id: nestingFlow,
        name: '立法听证项目',
        ...basics,
        targets: JSON.stringify([{ node_id: nestNode, target_project_id: hearing }]),
      },
      manager,
    );
    expect(made.c).toBe(0);
    expect(made.d.targets).toEqual([
      {
        node_id: nestNode,
        node_name: '听证会',
        node_type: 9,
        target_project_id: hearing,
        target_project_name: '听证会项目',
      },
    ]);
    legislation = made.d.id;
    expect(
      (
        await post(
          '/project/update',
          {
            project_id: legislation,
            name: '立法听证项目',
            ...basics,
            targets: JSON.stringify([{ node_id: nestNode, target_project_id: legislation }]),
          },
          manager,
        )
      ).m,
    ).toBe('项目不能以自己为跳转或嵌套目标');
  });

  it('checks the open mode: days for 限时开放, the company’s people for 指定人员', async () => {
    const update = (extra: Record<string, string | number>) =>
      post('/project/update', { project_id: hearing, name: '听证会项目', ...basics, ...extra }, manager);
    expect(await update({ open_mode: 2 })).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'start_day' });
    expect(await update({ open_mode: 2, start_day: '2026-12-10', end_day: '2026-12-01' })).toMatchObject({
      m: '开放结束日期不能早于开始日期',
    });
    expect((await update({ open_mode: 2, start_day: '2026-12-01', end_day: '2026-12-31' })).d).toMatchObject({
      start_day: '2026-12-01',
      end_day: '2026-12-31',
    });
    expect(await update({ open_mode: 3 })).toMatchObject({ field: 'target_user_ids' });
    expect((await update({ open_mode: 3, target_user_ids: JSON.stringify([stranger.user.id]) })).c).toBe(
      Codes.NOT_FOUND.c,
    );
    const named = await update({ open_mode: 3, target_user_ids: JSON.stringify([manager.user.id]) });
    expect(named.d.target_users.map((u: { id: number }) => u.id)).toEqual([manager.user.id]);
    expect(named.d).toMatchObject({ start_day: null, end_day: null });
  });

  it('copies a project with its settings and targets', async () => {
    const copy = await post('/project/copy', { project_id: legislation }, manager);
    expect(copy.c).toBe(0);
    expect(copy.d).toMatchObject({ name: '立法听证项目（副本）', flow_id: nestingFlow });
    expect(copy.d.targets).toEqual([
      expect.objectContaining({ node_id: nestNode, target_project_id: hearing }),
    ]);
    expect(copy.d.id).not.toBe(legislation);
    expect((await post('/project/copy', { project_id: legislation }, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/project/delete', { project_id: copy.d.id }, manager)).d).toEqual({ count: 1 });
  });

  it('lists by name and flow; a project another goes on in cannot be deleted', async () => {
    const list = await get(`/project/list?flow_id=${hearingFlow}`, manager);
    expect(list.d.results.map((p: { name: string }) => p.name)).toEqual(['听证会项目']);
    expect(
      (await get('/project/list?keyword=立法', manager)).d.results.map((p: { id: number }) => p.id),
    ).toEqual([legislation]);
    expect(await post('/project/delete', { project_id: hearing }, manager)).toMatchObject({
      c: Codes.PROJECT_IN_USE.c,
      m: '项目“听证会项目”是“立法听证项目”的跳转或嵌套目标，不能删除',
    });
    expect(await post('/workflow/delete', { flow_id: nestingFlow }, manager)).toMatchObject({
      c: Codes.FLOW_IN_USE.c,
      m: '流程已用于实训项目“立法听证项目”，删除项目后才能删除流程',
    });
    expect((await post('/project/delete', { project_id: legislation }, manager)).d).toEqual({ count: 1 });
    expect((await post('/workflow/delete', { flow_id: nestingFlow }, manager)).d).toEqual({ count: 1 });
    expect((await post('/project/delete', { project_id: hearing }, manager)).d).toEqual({ count: 1 });
    expect((await get(`/project/detail?project_id=${hearing}`, manager)).c).toBe(Codes.NOT_FOUND.c);
  });

  it('refuses another company, the anonymous and a reader, changing nothing', async () => {
    const kept = (
      await post('/project/create', { flow_id: hearingFlow, name: '保留项目', ...basics }, manager)
    ).d.id;
    const before = await stored();
    expect((await get(`/project/detail?project_id=${kept}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get('/project/list', stranger)).d.results.map((p: { name: string }) => p.name)).toEqual([
      '他人项目',
    ]);
    expect((await get('/project/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/project/detail?project_id=${kept}`, reader)).c).toBe(0);
    expect((await get('/project/options', reader)).c).toBe(Codes.FORBIDDEN.c);
    for (const [url, form] of [
      ['/project/create', { flow_id: hearingFlow, name: '越权', ...basics }],
      ['/project/update', { project_id: kept, name: '越权', ...basics }],
      ['/project/delete', { project_id: kept }],
      ['/project/copy', { project_id: kept }],
    ] as const) {
      expect((await post(url, form, stranger)).c, url).toBe(Codes.NOT_FOUND.c);
      expect((await post(url, form)).c, url).toBe(Codes.NOT_LOGGED_IN.c);
      expect((await post(url, form, reader)).c, url).toBe(Codes.FORBIDDEN.c);
    }
    expect(await stored()).toBe(before);
  });
});

/** A project of another company (a target that must not be taken). */
async function publishedFlowOf(who: Who) {
  const id = await publishedFlow(h.app, calls, who, '他人流程', SIMPLE);
  return (await post('/project/create', { flow_id: id, name: '他人项目', ...basics }, who)).d.id as number;
}
