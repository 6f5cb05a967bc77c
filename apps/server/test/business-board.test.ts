import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * The instructor's live board (指导中心; issue 37, ADR 0043): a course's running businesses —
 * where each stands, how many are seated, the last thing done and how long ago — for the course's
 * instructors (who may then open its businesses as members do) and the holders of view_course;
 * another instructor, another company and the anonymous are refused.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let teacher: Who;
let otherTeacher: Who;
let speaker: Who;
let stranger: Who;
let courseId: number;
let projectId: number;
let nodes: Record<string, number>;
const { get, post } = jsonCalls(() => h.app);

const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

async function running(name: string) {
  const run = await runningBusiness({ get, post }, manager, projectId, { 陈述人: speaker }, name);
  return { id: run.id, speakerSeat: run.seat('陈述人') };
}
const board = (who?: Who) => get(`/business/board?course_id=${courseId}`, who);

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('指导甲公司');
  const b = await h.company('指导乙公司');
  [manager, teacher, otherTeacher, speaker, stranger] = await Promise.all([
    h.as(3, a),
    h.as(4, a),
    h.as(4, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '价格听证',
    xml: FLOW,
    starter: { actions: ['seat', 'end'], in: ['T'] },
    extra: [{ name: '陈述人', tasks: ['T'], actions: ['seat', 'exit'] }],
  }));
  const course = await post(
    '/course/create',
    { name: '行政程序实训', teacher_ids: teacher.user.id, project_ids: JSON.stringify([projectId]) },
    manager,
  );
  expect(course.c, course.m).toBe(0);
  courseId = course.d.id;
});
afterAll(() => h.close());

describe('the instructor’s board', () => {
  it('shows the course’s running businesses: the node, who is seated, the last action', async () => {
    const one = await running('第一组听证');
    const two = await running('第二组听证');
    await post(
      '/business/message/push',
      {
        business_id: one.id,
        node_id: nodes.T as number,
        role_alloc_id: one.speakerSeat,
        type: 'cmd',
        cmd: 'action_role_show',
      },
      speaker,
    );
    const r = await board(teacher);
    expect(r.c, r.m).toBe(0);
    expect(r.d.course.name).toBe('行政程序实训');
    const rows = r.d.businesses as {
      id: number;
      nodes: { name: string; seated: number; seats: number }[];
      last: { role_name: string; msg: string } | null;
      members: number;
      idle_seconds: number;
    }[];
    expect(rows.map((b) => b.id)).toEqual([two.id, one.id]);
    const first = rows.find((b) => b.id === one.id);
    expect(first?.nodes).toEqual([{ node_id: nodes.T, name: '陈述意见', seated: 1, seats: 2 }]);
    expect(first?.last).toMatchObject({ role_name: '陈述人', msg: '入席' });
    expect(first?.members).toBe(2);
    expect(rows.find((b) => b.id === two.id)?.last).toBe(null);
    for (const b of rows) expect(b.idle_seconds).toBeGreaterThanOrEqual(0);
    // The instructor's courses; the manager (view_course) sees every course.
    expect(
      (await get('/business/board/courses', teacher)).d.results.map((c: { id: number }) => c.id),
    ).toEqual([courseId]);
    expect((await get('/business/board/courses', otherTeacher)).d.results).toEqual([]);
    expect((await board(manager)).c).toBe(0);
  });

  it('lets the course’s instructor open its businesses, and no other instructor', async () => {
    const run = await running('第三组听证');
    const opened = await get(`/business/detail?business_id=${run.id}`, teacher);
    expect(opened.c, opened.m).toBe(0);
    expect(opened.d.role_allocs).toEqual([]);
    expect((await get(`/business/messages?business_id=${run.id}`, teacher)).c).toBe(0);
    expect((await get(`/business/detail?business_id=${run.id}`, otherTeacher)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('lists the courses taught, and a course’s students and businesses with who sits where', async () => {
    const student = await h.as(9, manager.companyId);
    const added = await post(
      '/course/student/add',
      { course_id: courseId, user_ids: String(student.user.id) },
      manager,
    );
    expect(added.c, added.m).toBe(0);
    const run = await runningBusiness({ get, post }, manager, projectId, { 陈述人: student }, '学生组听证');
    const summaries = await get('/business/board/course/list', teacher);
    expect(summaries.d.results).toEqual([
      expect.objectContaining({ id: courseId, projects: ['价格听证'], students: 1, finished: 0 }),
    ]);
    expect(summaries.d.results[0].running).toBeGreaterThanOrEqual(1);
    expect((await get('/business/board/course/list', otherTeacher)).d.results).toEqual([]);
    const people = await get(`/business/board/people?course_id=${courseId}`, teacher);
    expect(people.c, people.m).toBe(0);
    expect(people.d.students).toEqual([
      {
        user_id: student.user.id,
        name: expect.any(String),
        businesses: [{ id: run.id, name: '学生组听证', role_name: '陈述人', status: 2 }],
      },
    ]);
    const listed = people.d.businesses.find((b: { id: number }) => b.id === run.id);
    expect(listed.members.map((m: { role_name: string }) => m.role_name)).toEqual(['经办人', '陈述人']);
    for (const [who, code] of [
      [otherTeacher, Codes.FORBIDDEN.c],
      [stranger, Codes.NOT_FOUND.c],
      [undefined, Codes.NOT_LOGGED_IN.c],
    ] as const)
      expect((await get(`/business/board/people?course_id=${courseId}`, who)).c).toBe(code);
  });

  it('refuses another instructor, another company and the anonymous', async () => {
    expect((await board(otherTeacher)).c).toBe(Codes.FORBIDDEN.c);
    expect((await board(stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await board()).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/business/board?course_id=abc', teacher)).field).toBe('course_id');
  });
});
