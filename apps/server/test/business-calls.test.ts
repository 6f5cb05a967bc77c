import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp, type UploadFile } from './harness.ts';

/**
 * The business calls around a run (issue 37, ADR 0043 "The spec's other calls"): withdrawing a
 * waiting business (`/business/remove`), where one stands without opening it (`/business/deta/status`),
 * the short list (`list_nodel_simple`), one run as the board shows it (`rundetail`), a node's scene
 * (`node/sceneType`), the result of an ended one (`result`), a speech alone (`message/save`) and a
 * push under `/project/message/push`, and 知识库 (`/business/knowledge/list|content`) — each refused
 * to another member who may not, to another company and to the anonymous, nothing changed.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let clerk: Who;
let otherClerk: Who;
let speaker: Who;
let stranger: Who;
let projectId: number;
let nodes: Record<string, number>;
const { get, post } = jsonCalls(() => h.app);

const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

const GUIDE: UploadFile = {
  name: '听证程序指南.pdf',
  content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  type: 'application/pdf',
};

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('业务甲公司');
  const b = await h.company('业务乙公司');
  [manager, clerk, otherClerk, speaker, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(9, a),
    h.as(3, b),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '价格听证',
    xml: FLOW,
    starter: { actions: ['seat', 'finish', 'end'], in: ['T'] },
    extra: [{ name: '陈述人', tasks: ['T'], actions: ['seat', 'exit'] }],
    docs: [
      { file: GUIDE, usage: 1 },
      { file: { ...GUIDE, name: '听证笔录范本.pdf' }, usage: 6 },
    ],
  }));
});
afterAll(() => h.close());

/** A waiting business started by `who` (陈述人's seat left empty). */
async function waiting(who: Who, name: string) {
  const made = await post('/business/create', { project_id: projectId, name }, who);
  expect(made.c, made.m).toBe(0);
  return made.d.id as number;
}

describe('withdrawing a waiting business (/business/remove)', () => {
  it('lets its starter withdraw it, once; 业务管理 may recover it', async () => {
    const id = await waiting(clerk, '撤回的业务');
    // Another 业务人员 of the company, another company and the anonymous may not; nothing changes.
    expect((await get(`/business/remove?business_id=${id}`, otherClerk)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/remove?business_id=${id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/remove?business_id=${id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    // A link from another site carries the cookie, not the token header: refused.
    const token = clerk.headers.authorization?.replace('Token ', '');
    const byCookie = await h.app.inject({
      method: 'GET',
      url: `/api/business/remove?business_id=${id}`,
      headers: { cookie: `sessionid=${token}` },
    });
    expect(byCookie.json().c).toBe(Codes.TOKEN_REQUIRED.c);
    expect((await get(`/business/deta/status?business_id=${id}`, clerk)).d.status).toBe(1);

    expect((await get(`/business/remove?business_id=${id}`, clerk)).d).toEqual({ count: 1 });
    expect((await get(`/business/remove?business_id=${id}`, clerk)).c).toBe(Codes.NOT_FOUND.c);
    const deleted = await get('/business/list_del?keyword=撤回的业务', manager);
    expect(deleted.d.results.map((b: { id: number }) => b.id)).toEqual([id]);
    expect((await post('/business/recovery', { business_id: id }, manager)).c).toBe(0);
  });

  it('refuses a business already started, and lets the manager withdraw another’s', async () => {
    const run = await runningBusiness({ get, post }, manager, projectId, { 陈述人: speaker }, '已开始的业务');
    const started = await get(`/business/remove?business_id=${run.id}`, manager);
    expect(started.c).toBe(Codes.BUSINESS_NOT_WAITING.c);
    expect(started.m).toBe('业务已经开始或结束，不能撤回');
    expect((await get(`/business/deta/status?business_id=${run.id}`, manager)).d.status).toBe(2);

    const id = await waiting(clerk, '经理撤回的业务');
    expect((await get(`/business/remove?business_id=${id}`, manager)).d).toEqual({ count: 1 });
  });

  it('refuses a malformed id with the field named', async () => {
    const bad = await get('/business/remove?business_id=abc', clerk);
    expect(bad.c).toBe(Codes.PARAM_ERROR.c);
    expect(bad.field).toBe('business_id');
  });
});

describe('where a business stands (/business/deta/status)', () => {
  it('tells a member the status, the current nodes and the empty seats without starting it', async () => {
    const id = await waiting(manager, '等待中的业务');
    await post(
      '/business/setNoneUser',
      {
        role_alloc_id: (await get(`/business/team?business_id=${id}`, manager)).d.roles[1].seats[0].id,
        user_id: speaker.user.id,
      },
      manager,
    );
    // The member asks while the starter has not opened it: still waiting, nothing started.
    const before = await get(`/business/deta/status?business_id=${id}`, speaker);
    expect(before.d).toMatchObject({
      id,
      name: '等待中的业务',
      status: 1,
      started_at: null,
      nodes: [],
      missing: '',
    });
    expect((await get(`/business/deta/status?business_id=${id}`, manager)).d.status).toBe(1);
    await get(`/business/detail?business_id=${id}`, manager);
    const after = await get(`/business/deta/status?business_id=${id}`, speaker);
    expect(after.d.status).toBe(2);
    expect(after.d.nodes).toEqual([{ node_id: nodes.T, name: '陈述意见', node_type: 1 }]);

    expect((await get(`/business/deta/status?business_id=${id}`, otherClerk)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/deta/status?business_id=${id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/deta/status?business_id=${id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('names the empty seats of a team not complete', async () => {
    const id = await waiting(manager, '缺人的业务');
    expect((await get(`/business/deta/status?business_id=${id}`, manager)).d.missing).toContain('陈述人');
  });
});

describe('the short list (/business/list_nodel_simple)', () => {
  it('lists the company’s newest businesses for a holder of view_business, filtered', async () => {
    await waiting(manager, '简表甲业务');
    const r = await get(`/business/list_nodel_simple?keyword=${encodeURIComponent('简表甲')}`, manager);
    expect(r.c, r.m).toBe(0);
    expect(r.d.results).toEqual([
      expect.objectContaining({ name: '简表甲业务', status: 1, project_name: '价格听证' }),
    ]);
    expect((await get('/business/list_nodel_simple?status=9&keyword=简表甲', manager)).d.results).toEqual([]);
    expect((await get('/business/list_nodel_simple', stranger)).d.results).toEqual([]);
    expect((await get('/business/list_nodel_simple', speaker)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get('/business/list_nodel_simple')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/business/list_nodel_simple?status=abc', manager)).field).toBe('status');
  });
});

describe('a running business, its scene, speeches and result', () => {
  it('shows one run as the board does, its node’s scene, and takes speeches by both paths', async () => {
    const run = await runningBusiness({ get, post }, manager, projectId, { 陈述人: speaker }, '运行中的业务');
    const detail = await get(`/business/rundetail?business_id=${run.id}`, speaker);
    expect(detail.d).toMatchObject({ id: run.id, name: '运行中的业务', members: 2, last: null });
    expect(detail.d.nodes).toEqual([{ node_id: nodes.T, name: '陈述意见', seats: 2, seated: 0 }]);
    expect((await get(`/business/rundetail?business_id=${run.id}`, otherClerk)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/rundetail?business_id=${run.id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/rundetail?business_id=${run.id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);

    const scene = await get(`/business/node/sceneType?business_id=${run.id}&node_id=${nodes.T}`, speaker);
    expect(scene.d).toEqual({
      node_id: nodes.T,
      node_type: 1,
      type_name: '动画',
      scene: true,
      module_id: null,
      module_name: '',
      positions: [],
    });
    const report = await get(`/business/node/sceneType?business_id=${run.id}&node_id=${nodes.R}`, speaker);
    expect(report.d).toMatchObject({ node_type: 4, type_name: '分析与总结', scene: false });
    expect((await get(`/business/node/sceneType?business_id=${run.id}&node_id=999999`, speaker)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect(
      (await get(`/business/node/sceneType?business_id=${run.id}&node_id=${nodes.T}`, otherClerk)).c,
    ).toBe(Codes.FORBIDDEN.c);

    const at = { business_id: run.id, node_id: nodes.T as number, role_alloc_id: run.seat('陈述人') };
    const saved = await post('/business/message/save', { ...at, msg: '我先陈述意见。' }, speaker);
    expect(saved.c, saved.m).toBe(0);
    expect(saved.d).toMatchObject({ msg: '我先陈述意见。', type: 'txt' });
    const empty = await post('/business/message/save', { ...at, msg: '   ' }, speaker);
    expect(empty.field).toBe('msg');
    // Not one's own seat: refused as push refuses it.
    expect((await post('/business/message/save', { ...at, msg: '冒名' }, manager)).c).not.toBe(0);
    const pushed = await post('/project/message/push', { ...at, type: 'txt', msg: '补充一点。' }, speaker);
    expect(pushed.c, pushed.m).toBe(0);
    const listed = await get(`/business/messages?business_id=${run.id}`, manager);
    expect(listed.d.results.map((m: { msg: string }) => m.msg)).toEqual(['我先陈述意见。', '补充一点。']);
    expect((await post('/project/message/push', { ...at, type: 'txt', msg: '外人' }, stranger)).c).not.toBe(
      0,
    );
    expect((await post('/business/message/save', { ...at, msg: '匿名' })).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/business/rundetail?business_id=${run.id}`, manager)).d.last).toMatchObject({
      msg: '补充一点。',
      role_name: '陈述人',
    });

    // The result only once it has ended.
    expect((await get(`/business/result?business_id=${run.id}`, speaker)).c).toBe(
      Codes.BUSINESS_NOT_FINISHED.c,
    );
    const finished = await post(
      '/business/message/push',
      {
        business_id: run.id,
        node_id: nodes.T as number,
        role_alloc_id: run.seat('经办人'),
        type: 'cmd',
        cmd: 'action_exp_finish',
      },
      manager,
    );
    expect(finished.c, finished.m).toBe(0);
    const result = await get(`/business/result?business_id=${run.id}`, speaker);
    expect(result.c, result.m).toBe(0);
    expect(result.d).toMatchObject({ id: run.id, status: 9, project_name: '价格听证' });
    expect(result.d.nodes.map((n: { name: string }) => n.name)).toEqual(['陈述意见']);
    expect((await get(`/business/result?business_id=${run.id}`, otherClerk)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/result?business_id=${run.id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/rundetail?business_id=${run.id}`, manager)).c).toBe(
      Codes.BUSINESS_NOT_RUNNING.c,
    );
  });
});

describe('知识库 (/business/knowledge/list, content)', () => {
  it('lists the materials of flows live projects run on, found by name, usage and project, and downloads them', async () => {
    const all = await get('/business/knowledge/list', clerk);
    expect(all.c, all.m).toBe(0);
    const mine = all.d.results.filter((k: { flow_name: string }) => k.flow_name === '价格听证');
    expect(mine.map((k: { name: string; usage: number }) => [k.name, k.usage])).toEqual([
      ['听证程序指南.pdf', 1],
      ['听证笔录范本.pdf', 6],
    ]);
    expect(mine[0]).toMatchObject({
      projects: ['价格听证'],
      mime: 'application/pdf',
      size: GUIDE.content.length,
    });
    const found = await get(`/business/knowledge/list?keyword=${encodeURIComponent('范本')}&usage=6`, clerk);
    expect(found.d.results.map((k: { name: string }) => k.name)).toEqual(['听证笔录范本.pdf']);
    expect((await get('/business/knowledge/list?usage=3', clerk)).d.results).toEqual([]);
    expect((await get(`/business/knowledge/list?project_id=${projectId}`, clerk)).d.results).toHaveLength(2);
    expect((await get('/business/knowledge/list?project_id=999999', clerk)).d.results).toEqual([]);

    const id = mine[0].id as number;
    const file = await h.app.inject({
      method: 'GET',
      url: `/api/business/knowledge/content?id=${id}`,
      headers: clerk.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(GUIDE.content)).toBe(true);

    // Another company sees none of it; the anonymous nothing; a malformed usage is named.
    expect((await get('/business/knowledge/list', stranger)).d.results).toEqual([]);
    const theirs = await h.app.inject({
      method: 'GET',
      url: `/api/business/knowledge/content?id=${id}`,
      headers: stranger.headers,
    });
    expect(theirs.json().c).toBe(Codes.NOT_FOUND.c);
    expect((await get('/business/knowledge/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/business/knowledge/content?id=${id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/business/knowledge/list?usage=9', clerk)).field).toBe('usage');
  });

  it('drops a material once no live project runs on its flow', async () => {
    const other = await projectWithRoles(h.app, { get, post }, manager, {
      name: '停用的流程',
      xml: FLOW,
      extra: [],
      docs: [{ file: { ...GUIDE, name: '停用素材.pdf' }, usage: 4 }],
    });
    const listed = async () =>
      (await get(`/business/knowledge/list?keyword=${encodeURIComponent('停用素材')}`, clerk)).d.results;
    const [item] = await listed();
    expect(item.name).toBe('停用素材.pdf');
    expect((await post('/project/delete', { project_id: other.projectId }, manager)).c).toBe(0);
    expect(await listed()).toEqual([]);
    const gone = await h.app.inject({
      method: 'GET',
      url: `/api/business/knowledge/content?id=${item.id}`,
      headers: clerk.headers,
    });
    expect(gone.json().c).toBe(Codes.NOT_FOUND.c);
  });
});
