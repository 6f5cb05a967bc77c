import { Codes, FLOW_STEP_MESSAGE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, drawFlow, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * A flow's set-up wizard (issue 36, spec §4): each step checks what it holds, naming the node or
 * role in Chinese, and opens the next; a step further on is refused with the specification's
 * message; a redraw drops what referred to removed nodes; a copy keeps the set-up; publishing
 * needs every step; another company and the anonymous are refused and nothing changes.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let reader: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

/** 开庭 (a scene) → 合议 (判断与选择) → 宣判总结 (report). */
const COURT = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="开庭" training:nodeType="1" />
  <bpmn:task id="J" name="合议" training:nodeType="12" />
  <bpmn:task id="R" name="宣判总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'J')}${seq('f3', 'J', 'R')}${seq('f4', 'R', 'E')}`);
/** Without 合议. */
const SHORT = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="开庭" training:nodeType="1" />
  <bpmn:task id="R" name="宣判总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f4', 'R', 'E')}`);

const draw = (flowId: number, xml: string, extra: Record<string, string> = {}) =>
  drawFlow(h.app, manager, flowId, xml, extra);

/** Every set-up row of a flow, to show a refused call changed nothing. */
const snapshot = async (flowId: number) => ({
  flow: await h.db.selectFrom('flows').select(['step', 'status']).where('id', '=', flowId).executeTakeFirst(),
  nodes: await h.db
    .selectFrom('flow_nodes')
    .select(['module_id', 'look_on', 'extra_exits', 'decide'])
    .where('flow_id', '=', flowId)
    .orderBy('id')
    .execute(),
  docs: await h.db.selectFrom('flow_docs').selectAll().where('flow_id', '=', flowId).orderBy('id').execute(),
  roles: await h.db
    .selectFrom('flow_roles')
    .selectAll()
    .where('flow_id', '=', flowId)
    .orderBy('id')
    .execute(),
  links: await h.db
    .selectFrom('flow_role_nodes')
    .selectAll()
    .where('flow_id', '=', flowId)
    .orderBy('id')
    .execute(),
});

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('设置甲公司');
  const b = await h.company('设置乙公司');
  [manager, reader, stranger] = await Promise.all([h.as(3, a), h.as(8, a), h.as(3, b)]);
});
afterAll(() => h.close());

describe('the set-up wizard', () => {
  let flowId: number;
  const node: Record<string, number> = {};
  let sceneModule: number;
  let judge: number;
  let clerk: number;

  it('is closed before the drawing, and refuses a step further on with the message', async () => {
    flowId = (await post('/workflow/create', { name: '模拟法庭' }, manager)).d.id;
    expect((await post('/workflow/set/nodes', { flow_id: flowId, nodes: '[]' }, manager)).c).toBe(
      Codes.FLOW_NOT_DRAWN.c,
    );
    expect((await draw(flowId, COURT)).c).toBe(0);
    const setup = await get(`/workflow/setup?flow_id=${flowId}`, manager);
    expect(setup.d.flow.step).toBe(0);
    for (const n of setup.d.nodes) node[n.task_id] = n.id;
    expect(
      setup.d.nodes.map((n: { task_id: string; module_id: null }) => `${n.task_id}:${n.module_id}`),
    ).toEqual(['S:null', 'T:null', 'J:null', 'R:null', 'E:null']);
    expect(await post('/workflow/set/docs', { flow_id: flowId }, manager)).toMatchObject({
      c: Codes.FLOW_STEP_INCOMPLETE.c,
      m: FLOW_STEP_MESSAGE,
    });
    expect((await post('/workflow/set/roles', { flow_id: flowId, roles: '[]' }, manager)).c).toBe(
      Codes.FLOW_STEP_INCOMPLETE.c,
    );
  });

  it('step 0: a module of another node type is refused naming the node; extra exits and look_on kept', async () => {
    const at = new Date().toISOString();
    const [scene, vote] = await Promise.all(
      [
        {
          name: '法庭场景',
          node_type: 1,
          actions: '["seat","speak","end","exit"]',
          positions: '["审判席","原告席","被告席"]',
        },
        { name: '表决室', node_type: 8, actions: '["vote","end"]', positions: '[]' },
      ].map(
        async (m) =>
          (
            await h.db
              .insertInto('program_modules')
              .values({ ...m, company_id: manager.companyId, created_at: at, updated_at: at })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    sceneModule = scene as number;
    const before = await snapshot(flowId);
    const wrong = await post(
      '/workflow/set/nodes',
      {
        flow_id: flowId,
        nodes: JSON.stringify([{ node_id: node.T, module_id: vote, look_on: 1, extra_exits: [] }]),
      },
      manager,
    );
    expect(wrong).toMatchObject({
      c: Codes.FLOW_SETUP_ERROR.c,
      m: expect.stringContaining('环节“开庭”是“动画”环节，不能用“表决室”模块'),
    });
    expect(await snapshot(flowId)).toEqual(before);

    const saved = await post(
      '/workflow/set/nodes',
      {
        flow_id: flowId,
        nodes: JSON.stringify([
          { node_id: node.T, module_id: sceneModule, look_on: 1, extra_exits: ['休庭'] },
          { node_id: node.R, look_on: 0, extra_exits: [] },
        ]),
      },
      manager,
    );
    expect(saved.c).toBe(0);
    expect(saved.d.flow.step).toBe(1);
    expect(saved.d.nodes.find((n: { id: number }) => n.id === node.T)).toMatchObject({
      module_id: sceneModule,
      look_on: 1,
      extra_exits: ['休庭'],
    });
    expect(saved.d.modules.map((m: { name: string }) => m.name)).toEqual(['法庭场景', '表决室']);
  });

  it('step 1: materials are uploaded into the company’s file store, given in nodes of this flow', async () => {
    const pdf = {
      name: '庭审指南.pdf',
      content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      type: 'application/pdf',
    };
    const upload = async (
      fields: Record<string, string>,
      who: Who = manager,
      file: typeof pdf | undefined = pdf,
    ) => (await h.multipart('/api/workflow/doc/create', fields, file, who.headers)).json();
    const made = await upload({ flow_id: String(flowId), usage: '1', node_ids: JSON.stringify([node.T]) });
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      name: '庭审指南.pdf',
      usage: 1,
      node_ids: [node.T],
      mime: 'application/pdf',
    });
    const files = await h.db
      .selectFrom('files')
      .select(['id', 'company_id'])
      .where('id', '=', made.d.file_id)
      .execute();
    expect(files).toEqual([{ id: made.d.file_id, company_id: manager.companyId }]);
    const before = await snapshot(flowId);
    const fileCount = async () => (await h.db.selectFrom('files').select('id').execute()).length;
    const filesBefore = await fileCount();
    // A start event is not a node materials are given in; a usage out of range; a script posing as a PDF.
    expect(
      (await upload({ flow_id: String(flowId), usage: '0', node_ids: JSON.stringify([node.S]) })).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect((await upload({ flow_id: String(flowId), usage: '9' })).c).toBe(Codes.PARAM_ERROR.c);
    expect(
      (
        await upload({ flow_id: String(flowId), usage: '0' }, manager, {
          ...pdf,
          content: Buffer.from('<script>alert(1)</script>'),
        })
      ).c,
    ).not.toBe(0);
    expect((await upload({ flow_id: String(flowId), usage: '0' }, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect(await snapshot(flowId)).toEqual(before);
    expect(await fileCount()).toBe(filesBefore);

    const renamed = await post(
      '/workflow/doc/update',
      { doc_id: made.d.id, name: '庭审操作指南', usage: 1, node_ids: JSON.stringify([node.T, node.J]) },
      manager,
    );
    expect(renamed.d).toMatchObject({ name: '庭审操作指南', node_ids: [node.T, node.J] });
    const spare = await upload({ flow_id: String(flowId), usage: '4', name: '备用' });
    expect((await post('/workflow/doc/delete', { doc_id: spare.d.id }, manager)).d).toEqual({ count: 1 });
    const done = await post('/workflow/set/docs', { flow_id: flowId }, manager);
    expect(done.d.flow.step).toBe(2);
    expect(done.d.docs.map((d: { name: string }) => d.name)).toEqual(['庭审操作指南']);
  });

  it('step 2: one start role in the first node, every node with a role that may end it', async () => {
    const before = await snapshot(flowId);
    const refused = await post(
      '/workflow/set/roles',
      {
        flow_id: flowId,
        roles: JSON.stringify([
          {
            name: '法官',
            capacity: 1,
            can_start: 1,
            nodes: [{ node_id: node.J, can_terminate: 1, can_brought: 0 }],
          },
          {
            name: '书记员',
            capacity: 1,
            can_start: 1,
            nodes: [{ node_id: node.T, can_terminate: 0, can_brought: 0 }],
          },
        ]),
      },
      manager,
    );
    expect(refused.c).toBe(Codes.FLOW_SETUP_ERROR.c);
    expect(refused.m).toContain('须有且只有一个发起业务的角色（现有 2 个）');
    expect(refused.m).toContain('环节“开庭”没有可以结束环节的角色');
    expect(refused.m).toContain('环节“宣判总结”没有角色参与');
    const notFirst = await post(
      '/workflow/set/roles',
      {
        flow_id: flowId,
        roles: JSON.stringify([
          {
            name: '法官',
            capacity: 1,
            can_start: 1,
            nodes: [node.J, node.R].map((n) => ({ node_id: n, can_terminate: 1, can_brought: 0 })),
          },
          {
            name: '书记员',
            capacity: 1,
            can_start: 0,
            nodes: [{ node_id: node.T, can_terminate: 1, can_brought: 0 }],
          },
        ]),
      },
      manager,
    );
    expect(notFirst.m).toContain('发起业务的角色“法官”须参与业务开始的环节“开庭”');
    expect(await snapshot(flowId)).toEqual(before);

    const saved = await post(
      '/workflow/set/roles',
      {
        flow_id: flowId,
        roles: JSON.stringify([
          {
            name: '法官',
            capacity: 1,
            can_start: 1,
            nodes: [node.T, node.J, node.R].map((n) => ({ node_id: n, can_terminate: 1, can_brought: 0 })),
          },
          {
            name: '书记员',
            capacity: 2,
            can_start: 0,
            nodes: [node.T, node.R].map((n) => ({ node_id: n, can_terminate: 0, can_brought: 1 })),
          },
        ]),
      },
      manager,
    );
    expect(saved.c).toBe(0);
    expect(saved.d.flow.step).toBe(3);
    [judge, clerk] = saved.d.roles.map((r: { id: number }) => r.id);
    expect(saved.d.roles[1]).toMatchObject({ name: '书记员', capacity: 2, can_start: 0 });
    expect(saved.d.roles[1].nodes.map((n: { node_id: number }) => n.node_id)).toEqual([node.T, node.R]);
  });

  it('step 3: actions the module offers, 结束环节 only where the role may end, scene positions, the items', async () => {
    const before = await snapshot(flowId);
    const refused = await post(
      '/workflow/set/modules',
      {
        flow_id: flowId,
        allocations: JSON.stringify([
          { role_id: judge, node_id: node.T, actions: ['seat', 'vote'], position: '审判席' },
          { role_id: clerk, node_id: node.T, actions: ['seat', 'end'], position: '陪审席' },
        ]),
        decides: '[]',
      },
      manager,
    );
    expect(refused.c).toBe(Codes.FLOW_SETUP_ERROR.c);
    expect(refused.m).toContain('环节“开庭”的模块不提供“表决”（角色“法官”）');
    expect(refused.m).toContain('角色“书记员”不能结束环节“开庭”');
    expect(refused.m).toContain('环节“开庭”没有站位“陪审席”（角色“书记员”）');
    expect(refused.m).toContain('环节“合议”还没有设置判断与选择的选项');
    expect(await snapshot(flowId)).toEqual(before);
    expect((await post('/workflow/publish', { flow_id: flowId }, manager)).c).toBe(Codes.FLOW_NOT_SET_UP.c);

    const all = [
      { role_id: judge, node_id: node.T, actions: ['seat', 'speak', 'end'], position: '审判席' },
      { role_id: judge, node_id: node.J, actions: ['end'] },
      { role_id: judge, node_id: node.R, actions: ['report', 'experience', 'end'] },
      { role_id: clerk, node_id: node.T, actions: ['seat'], position: '原告席' },
      { role_id: clerk, node_id: node.R, actions: ['experience'] },
    ];
    const saved = await post(
      '/workflow/set/modules',
      {
        flow_id: flowId,
        allocations: JSON.stringify(all),
        decides: JSON.stringify([
          {
            node_id: node.J,
            title: '判决结果',
            mode: 0,
            items: [{ title: '支持原告' }, { title: '驳回起诉' }],
          },
        ]),
      },
      manager,
    );
    expect(saved.c).toBe(0);
    expect(saved.d.flow.step).toBe(4);
    expect(saved.d.nodes.find((n: { id: number }) => n.id === node.J).decide).toEqual({
      title: '判决结果',
      description: '',
      mode: 0,
      items: [
        { title: '支持原告', description: '' },
        { title: '驳回起诉', description: '' },
      ],
    });
    expect(saved.d.roles[0].nodes[0]).toMatchObject({
      actions: ['seat', 'speak', 'end'],
      position: '审判席',
    });
  });

  it('keeps a role’s module settings when step 2 is saved again with its id', async () => {
    const setup = (await get(`/workflow/setup?flow_id=${flowId}`, manager)).d;
    const roles = setup.roles.map(
      (r: {
        id: number;
        name: string;
        capacity: number;
        can_start: number;
        nodes: { node_id: number; can_terminate: number; can_brought: number }[];
      }) => ({
        id: r.id,
        name: r.name,
        capacity: r.capacity,
        can_start: r.can_start,
        nodes: r.nodes.map(({ node_id, can_terminate, can_brought }) => ({
          node_id,
          can_terminate,
          can_brought,
        })),
      }),
    );
    const again = await post(
      '/workflow/set/roles',
      { flow_id: flowId, roles: JSON.stringify(roles) },
      manager,
    );
    expect(again.d.flow.step).toBe(4);
    expect(again.d.roles[0].nodes[0]).toMatchObject({
      actions: ['seat', 'speak', 'end'],
      position: '审判席',
    });
  });

  it('a copy keeps the set-up; a redraw drops what named removed nodes and reopens the wizard', async () => {
    const copy = await post('/workflow/flow/copy', { flow_id: flowId }, manager);
    const copied = (await get(`/workflow/setup?flow_id=${copy.d.id}`, manager)).d;
    expect(copied.flow.step).toBe(4);
    expect(
      copied.roles.map((r: { name: string; nodes: unknown[] }) => `${r.name}:${r.nodes.length}`),
    ).toEqual(['法官:3', '书记员:2']);
    const copiedNodeIds = new Set(copied.nodes.map((n: { id: number }) => n.id));
    expect(copied.docs[0].node_ids.every((i: number) => copiedNodeIds.has(i))).toBe(true);
    expect(copied.docs[0].node_ids).toHaveLength(2);

    const redrawn = await draw(copy.d.id, SHORT, { confirm_discard: '1' });
    expect(redrawn.d.discarded).toEqual(['任务“合议”']);
    const after = (await get(`/workflow/setup?flow_id=${copy.d.id}`, manager)).d;
    expect(after.flow.step).toBe(0);
    expect(after.roles[0].nodes).toHaveLength(2);
    expect(after.docs[0].node_ids).toHaveLength(1);
    // The original is untouched.
    expect((await get(`/workflow/setup?flow_id=${flowId}`, manager)).d.roles[0].nodes).toHaveLength(3);
  });

  it('publishes once set up; then every set-up call answers that it is published', async () => {
    expect((await post('/workflow/publish', { flow_id: flowId }, manager)).d.status).toBe(2);
    const before = await snapshot(flowId);
    for (const [url, form] of [
      ['/workflow/set/nodes', { flow_id: flowId, nodes: '[]' }],
      ['/workflow/set/docs', { flow_id: flowId }],
      ['/workflow/set/roles', { flow_id: flowId, roles: '[]' }],
      ['/workflow/set/modules', { flow_id: flowId, allocations: '[]', decides: '[]' }],
    ] as const)
      expect((await post(url, form, manager)).c, url).toBe(Codes.FLOW_PUBLISHED.c);
    expect(await snapshot(flowId)).toEqual(before);
  });

  it('refuses another company, the anonymous and a reader, changing nothing', async () => {
    const draft = (await post('/workflow/flow/copy', { flow_id: flowId }, manager)).d.id;
    const before = await snapshot(draft);
    const docId = (await get(`/workflow/setup?flow_id=${draft}`, manager)).d.docs[0].id;
    expect((await get(`/workflow/setup?flow_id=${draft}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/workflow/setup?flow_id=${draft}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/workflow/setup?flow_id=${draft}`, reader)).c).toBe(0);
    const writes = [
      ['/workflow/set/nodes', { flow_id: draft, nodes: '[]' }],
      ['/workflow/set/docs', { flow_id: draft }],
      ['/workflow/set/roles', { flow_id: draft, roles: '[]' }],
      ['/workflow/set/modules', { flow_id: draft, allocations: '[]', decides: '[]' }],
      ['/workflow/doc/update', { doc_id: docId, name: '越权', usage: 0 }],
      ['/workflow/doc/delete', { doc_id: docId }],
    ] as const;
    for (const [url, form] of writes) {
      expect((await post(url, form, stranger)).c, url).toBe(Codes.NOT_FOUND.c);
      expect((await post(url, form)).c, url).toBe(Codes.NOT_LOGGED_IN.c);
      expect((await post(url, form, reader)).c, url).toBe(Codes.FORBIDDEN.c);
    }
    expect(await snapshot(draft)).toEqual(before);
  });
});
