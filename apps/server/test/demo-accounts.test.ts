import { DEFAULT_COMPANY_ID } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageParams } from '#server/platform/core/paging.ts';
import { type DatabaseHandle, modulesDatabase } from '#server/platform/db/database.ts';
import { demoAccountTable, textTable } from '#server/seed/demo-accounts.ts';
import { seedDemo } from '#server/seed/seed.ts';
import { openTestDatabase } from './harness.ts';

/**
 * `npm start` lists the demo accounts (main.ts): every account the first-run seed makes with the demo
 * password, with its role and company, and nothing else. SQLite only: the whole demo seed takes
 * half a minute on PostgreSQL, and what is listed does not depend on the database (the first
 * `npm start` of `npm test` seeds SQLite too).
 */
const onPostgres = Boolean(process.env.TEST_PG_URL);
let handle: DatabaseHandle;
beforeAll(async () => {
  if (onPostgres) return;
  handle = await openTestDatabase({ migrated: true });
  await seedDemo(handle);
}, 120_000);
afterAll(() => handle?.close());

describe.skipIf(onPostgres)('the demo accounts npm start prints', () => {
  it('are every seeded account the demo password opens, with role and company', async () => {
    const table = await demoAccountTable(handle.db);
    // The seed hashes the demo password once (createUser): every account it opens shares admin's hash.
    const users = await handle.db.selectFrom('users').select(['username', 'password_hash']).execute();
    const demoHash = users.find((u) => u.username === 'admin')?.password_hash;
    const opened = users.filter((u) => u.password_hash === demoHash).map((u) => u.username);
    expect(table.map((r) => r.账号).sort()).toEqual(opened.sort());
    expect(table.length).toBeGreaterThan(17);
    expect(table[0]).toEqual({
      账号: 'admin',
      角色: '1 超级管理员',
      公司: '启航企业服务有限公司',
      登录后进入: '/manager/',
    });
    expect(table.find((r) => r.账号 === 'qf_shop')).toMatchObject({
      角色: '12 商城管理员',
      公司: '青峰贸易有限公司',
    });
    expect(table.find((r) => r.账号 === 'dzc_shop')?.公司).toBeTruthy();
  });

  it('print as a table whose columns line up in a terminal (a Chinese character two columns wide)', () => {
    expect(
      textTable([
        { 账号: 'admin', 公司: '启航' },
        { 账号: 'qf_shop', 公司: '青峰贸易' },
      ]).split('\n'),
    ).toEqual(['账号     公司', '-------  --------', 'admin    启航', 'qf_shop  青峰贸易']);
  });

  it('leave out an account that was disabled since', async () => {
    await handle.db.updateTable('users').set({ status: 0 }).where('username', '=', 'tool').execute();
    expect((await demoAccountTable(handle.db)).map((r) => r.账号)).not.toContain('tool');
  });
});

describe.skipIf(onPostgres)('the demo flows the first start seeds', () => {
  it('are four published flows of the demo company, drawn, passing the checks, with their nodes', async () => {
    const { readBpmn, flowGraph, checkFlow } = await import('@portal/contract/bpmn');
    const flows = await handle.db.selectFrom('flows').selectAll().orderBy('id').execute();
    expect(flows.map((f) => `${f.name}:${f.status}:${f.company_id}`)).toEqual([
      `采购审批:2:${DEFAULT_COMPANY_ID}`,
      `模拟法庭:2:${DEFAULT_COMPANY_ID}`,
      `听证会:2:${DEFAULT_COMPANY_ID}`,
      `立法听证:2:${DEFAULT_COMPANY_ID}`,
    ]);
    for (const f of flows) {
      const graph = flowGraph((await readBpmn(f.xml)).definitions);
      expect(checkFlow(graph), f.name).toEqual({ errors: [], unpublishable: [] });
      // A real drawing: a shape for every node, an edge for every flow.
      expect(f.xml.match(/<bpmndi:BPMNShape /g)?.length, f.name).toBe(graph.nodes.length);
      expect(f.xml.match(/<bpmndi:BPMNEdge /g)?.length, f.name).toBe(graph.flows.length);
      const nodes = await handle.db
        .selectFrom('flow_nodes')
        .select(['kind', 'node_type'])
        .where('flow_id', '=', f.id)
        .execute();
      expect(nodes).toHaveLength(graph.nodes.length);
    }
    const kinds = async (name: string) =>
      (
        await handle.db
          .selectFrom('flow_nodes as n')
          .innerJoin('flows as f', 'f.id', 'n.flow_id')
          .select('n.kind')
          .where('f.name', '=', name)
          .execute()
      ).map((n) => n.kind);
    expect(await kinds('采购审批')).toContain('exclusive');
    expect(await kinds('模拟法庭')).toContain('parallel');
    expect(await kinds('立法听证')).toContain('nest');
    // A project on each; 立法听证's hearing goes on in 听证会's.
    const projects = await handle.db
      .selectFrom('flow_projects as p')
      .innerJoin('flows as f', 'f.id', 'p.flow_id')
      .select(['p.id', 'p.name', 'f.name as flow'])
      .orderBy('p.id')
      .execute();
    expect(projects.map((p) => p.flow)).toEqual(['采购审批', '模拟法庭', '听证会', '立法听证']);
    const targets = await handle.db.selectFrom('flow_project_targets').selectAll().execute();
    expect(targets).toEqual([
      expect.objectContaining({ project_id: projects[3]?.id, target_project_id: projects[2]?.id }),
    ]);
  });

  it('are set up as the wizard requires: saving their roles and modules again passes its checks', async () => {
    const { setupService } = await import('#server/modules/workflow/workflow-setup.service.ts');
    const setup = setupService(modulesDatabase(handle.db), {
      storeFile: () => Promise.reject(new Error('no file in this test')),
    });
    const unit = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'unit')
      .executeTakeFirstOrThrow();
    const caller = {
      userId: unit.id,
      companyId: DEFAULT_COMPANY_ID,
      role: 3,
      username: 'unit',
      sessionId: '',
      ip: '',
    };
    const flows = await handle.db.selectFrom('flows').select(['id', 'step']).orderBy('id').execute();
    for (const f of flows) {
      expect(f.step).toBe(4);
      // The checks refuse a published flow: this copy of the demo data is made a draft to be checked.
      await handle.db.updateTable('flows').set({ status: 1 }).where('id', '=', f.id).execute();
      const now = await setup.get(caller, f.id);
      const roles = await setup.setRoles(caller, {
        flow_id: f.id,
        roles: now.roles.map((r) => ({
          id: r.id,
          name: r.name,
          capacity: r.capacity,
          position_id: r.position_id,
          can_start: r.can_start as 0 | 1,
          nodes: r.nodes.map((n) => ({
            node_id: n.node_id,
            can_terminate: n.can_terminate as 0 | 1,
            can_brought: n.can_brought as 0 | 1,
          })),
        })),
      });
      const done = await setup.setModules(caller, {
        flow_id: f.id,
        allocations: roles.roles.flatMap((r) =>
          r.nodes.map((n) => ({
            role_id: r.id,
            node_id: n.node_id,
            actions: n.actions,
            position: n.position,
          })),
        ),
        decides: [],
      });
      expect(done.flow.step).toBe(4);
      expect(done.roles.filter((r) => r.can_start === 1)).toHaveLength(1);
    }
  });

  it('are courses whose instructors, students and projects the course service accepts again', async () => {
    const { courseService } = await import('#server/modules/course/course.service.ts');
    const courses = courseService(modulesDatabase(handle.db));
    const unit = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'unit')
      .executeTakeFirstOrThrow();
    const caller = {
      userId: unit.id,
      companyId: DEFAULT_COMPANY_ID,
      role: 3,
      username: 'unit',
      sessionId: '',
      ip: '',
    };
    const list = await courses.list(caller, undefined, pageParams({ page_size: 20 }));
    expect(list.results.map((c) => c.code)).toEqual(['0031', '0012']);
    for (const c of list.results) {
      const detail = await courses.get(caller, c.id);
      const saved = await courses.update(caller, {
        course_id: c.id,
        code: detail.code,
        name: detail.name,
        semester: detail.semester,
        seq: detail.seq ?? undefined,
        hours: detail.hours ?? undefined,
        schedule: detail.schedule,
        intro: detail.intro,
        teacher_ids: detail.teachers.map((t) => t.id),
        project_ids: detail.projects.map((p) => p.id),
      });
      expect(saved.project_count).toBeGreaterThan(0);
      const students = await courses.students(caller, c.id, undefined, pageParams({ page_size: 100 }));
      expect(students.paging.count).toBe(detail.student_count);
    }
  });
});
