import { COURSE_LIMITS, Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, PROJECT_BASICS, publishedFlow, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Courses (课程, issue 36, `/manager/course`): a class grouping projects for its instructors and
 * students; the code keeps its zeros and is the company's own; instructors, students and projects
 * must be the company's; the student limit holds under parallel calls; another company and the
 * anonymous are refused and nothing changes.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let reader: Who;
let stranger: Who;
let teacher: { id: number };
let assistant: { id: number };
let students: { id: number }[];
let otherStudent: { id: number };
let projectId: number;
let otherProjectId: number;
const { get, post } = jsonCalls(() => h.app);
const calls = { get, post };

const SIMPLE = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

const stored = async () =>
  JSON.stringify(
    await Promise.all(
      (['courses', 'course_people', 'course_projects'] as const).map((t) =>
        h.db.selectFrom(t).selectAll().orderBy('id').execute(),
      ),
    ),
  );

async function projectOf(who: Who, name: string) {
  const flowId = await publishedFlow(h.app, calls, who, `${name}流程`, SIMPLE);
  const made = await post('/project/create', { flow_id: flowId, name, ...PROJECT_BASICS }, who);
  if (made.c !== 0) throw new Error(made.m);
  return made.d.id as number;
}

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('课程甲学校');
  const b = await h.company('课程乙学校');
  [manager, reader, stranger] = await Promise.all([h.as(3, a), h.as(8, a), h.as(3, b)]);
  [teacher, assistant, otherStudent, ...students] = await Promise.all([
    h.user(4, a),
    h.user(8, a),
    h.user(9, b),
    h.user(9, a),
    h.user(9, a),
    h.user(9, a),
  ]);
  projectId = await projectOf(manager, '价格听证');
  otherProjectId = await projectOf(stranger, '他校项目');
});
afterAll(() => h.close());

const fields = (over: Record<string, string | number> = {}) => ({
  code: '007',
  name: '流程实训（一）',
  semester: '2026-2027学年第一学期',
  seq: 1,
  hours: 32,
  schedule: '周三 14:00–16:00',
  intro: '以听证会为例，练习行政程序。',
  teacher_ids: JSON.stringify([teacher.id, assistant.id]),
  project_ids: JSON.stringify([projectId]),
  ...over,
});

describe('courses', () => {
  let courseId: number;

  it('are made with their instructors and projects, the code as typed', async () => {
    const made = await post('/course/create', fields(), manager);
    expect(made.c, made.m).toBe(0);
    courseId = made.d.id;
    expect(made.d).toMatchObject({
      code: '007',
      name: '流程实训（一）',
      seq: 1,
      hours: 32,
      student_count: 0,
      project_count: 1,
      projects: [{ id: projectId, name: '价格听证' }],
    });
    expect(made.d.teachers.map((t: { id: number }) => t.id)).toEqual([teacher.id, assistant.id]);

    const list = await get('/course/list?keyword=007', reader);
    expect(list.c).toBe(0);
    expect(list.d.results.map((c: { id: number }) => c.id)).toEqual([courseId]);
    expect((await get('/course/list?keyword=没有这门课', reader)).d.paging.count).toBe(0);
    expect((await get(`/course/detail?course_id=${courseId}`, reader)).d.intro).toBe(
      '以听证会为例，练习行政程序。',
    );
  });

  it('refuses a taken code, an instructor or project not the company’s, and bad fields, beside the field', async () => {
    const before = await stored();
    const taken = await post('/course/create', fields({ name: '另一门' }), manager);
    expect([taken.c, taken.field]).toEqual([Codes.COURSE_CODE_TAKEN.c, 'code']);
    const student = await post(
      '/course/create',
      fields({ code: '', teacher_ids: `[${students[0]?.id}]` }),
      manager,
    );
    expect([student.c, student.field]).toEqual([Codes.NOT_FOUND.c, 'teacher_ids']);
    const foreign = await post(
      '/course/create',
      fields({ code: '', project_ids: `[${otherProjectId}]` }),
      manager,
    );
    expect([foreign.c, foreign.field]).toEqual([Codes.NOT_FOUND.c, 'project_ids']);
    const none = await post('/course/create', fields({ code: '', teacher_ids: '[]' }), manager);
    expect([none.c, none.m]).toEqual([Codes.PARAM_ERROR.c, '请选择指导者']);
    const badCode = await post('/course/create', fields({ code: 'A 01' }), manager);
    expect(badCode.m).toBe('课程编号只能包含字母、数字、“-”和“_”');
    const long = await post(
      '/course/create',
      fields({ code: '', name: '课'.repeat(COURSE_LIMITS.name + 1) }),
      manager,
    );
    expect(long.m).toBe(`课程名称不能超过${COURSE_LIMITS.name}个字符`);
    expect((await post('/course/create', fields({ code: '', hours: 'abc' }), manager)).m).toBe(
      '课时必须是整数',
    );
    expect(await stored()).toBe(before);
  });

  it('are changed whole: instructors and projects replaced', async () => {
    const saved = await post(
      '/course/update',
      { ...fields({ teacher_ids: `[${teacher.id}]`, project_ids: '[]', code: '0070' }), course_id: courseId },
      manager,
    );
    expect(saved.c, saved.m).toBe(0);
    expect(saved.d).toMatchObject({ code: '0070', project_count: 0, projects: [] });
    expect(saved.d.teachers).toEqual([{ id: teacher.id, name: expect.any(String) }]);
    await post('/course/update', { ...fields(), course_id: courseId }, manager);
  });

  it('take students of the company, once each, and let them go', async () => {
    const ids = students.map((s) => s.id);
    const candidates = await get(`/course/student/candidates?course_id=${courseId}`, manager);
    expect(candidates.d.results.map((s: { id: number }) => s.id).sort()).toEqual([...ids].sort());

    const added = await post(
      '/course/student/add',
      { course_id: courseId, user_ids: JSON.stringify(ids) },
      manager,
    );
    expect(added.d).toEqual({ count: 3, student_count: 3 });
    const again = await post(
      '/course/student/add',
      { course_id: courseId, user_ids: `[${ids[0]}]` },
      manager,
    );
    expect(again.d).toEqual({ count: 0, student_count: 3 });
    expect((await get(`/course/student/candidates?course_id=${courseId}`, manager)).d.results).toEqual([]);

    const before = await stored();
    const foreign = await post(
      '/course/student/add',
      { course_id: courseId, user_ids: `[${otherStudent.id}]` },
      manager,
    );
    expect([foreign.c, foreign.field]).toEqual([Codes.NOT_FOUND.c, 'user_ids']);
    const notStudent = await post(
      '/course/student/add',
      { course_id: courseId, user_ids: `[${teacher.id}]` },
      manager,
    );
    expect(notStudent.c).toBe(Codes.NOT_FOUND.c);
    expect(await stored()).toBe(before);

    const page = await get(`/course/students?course_id=${courseId}&page_size=2`, reader);
    expect([page.d.paging.count, page.d.results.length]).toEqual([3, 2]);
    const removed = await post(
      '/course/student/remove',
      { course_id: courseId, user_ids: `[${ids[0]}]` },
      manager,
    );
    expect(removed.d).toEqual({ count: 1, student_count: 2 });
    expect((await get(`/course/detail?course_id=${courseId}`, manager)).d.student_count).toBe(2);
  });

  it('hold their student limit under parallel calls', async () => {
    const add = (ids: readonly (number | undefined)[]) =>
      post('/course/student/add', { course_id: courseId, user_ids: JSON.stringify(ids) }, manager);
    const nearlyFull = () =>
      h.db
        .updateTable('courses')
        .set({ student_count: COURSE_LIMITS.students - 1 })
        .where('id', '=', courseId)
        .execute();
    // students[0] is out, students[1] and [2] in. One place left; two calls add students[0] at once:
    // the first takes the place, the second finds them in.
    await nearlyFull();
    const same = await Promise.all([add([students[0]?.id]), add([students[0]?.id])]);
    expect(same.map((r) => r.c)).toEqual([0, 0]);
    expect(same.map((r) => r.d.count).sort()).toEqual([0, 1]);

    // One place left again, two other students added at once: one gets it, the other is refused.
    await post(
      '/course/student/remove',
      { course_id: courseId, user_ids: JSON.stringify(students.map((x) => x.id)) },
      manager,
    );
    await nearlyFull();
    const two = await Promise.all([add([students[0]?.id]), add([students[1]?.id])]);
    expect(two.map((r) => r.c).sort()).toEqual([0, Codes.COURSE_FULL.c]);
    const refused = two.find((r) => r.c !== 0);
    expect(refused?.field).toBe('user_ids');
    expect(refused?.m).toContain(`最多${COURSE_LIMITS.students}名`);
    const row = await h.db
      .selectFrom('courses')
      .select('student_count')
      .where('id', '=', courseId)
      .executeTakeFirst();
    expect(row?.student_count).toBe(COURSE_LIMITS.students);
    const people = await h.db
      .selectFrom('course_people')
      .select('user_id')
      .where('course_id', '=', courseId)
      .where('kind', '=', 2)
      .execute();
    expect(people).toHaveLength(1);

    // Full: a third student is refused and nothing changes.
    const before = await stored();
    expect((await add([students[2]?.id])).c).toBe(Codes.COURSE_FULL.c);
    expect(await stored()).toBe(before);
    // The count back to the rows, as the other tests read it.
    await h.db.updateTable('courses').set({ student_count: 1 }).where('id', '=', courseId).execute();
  });

  it('keep a project they group from being deleted', async () => {
    const refused = await post('/project/delete', { project_id: projectId }, manager);
    expect(refused.c).toBe(Codes.PROJECT_IN_USE.c);
    expect(refused.m).toContain('流程实训（一）');
  });

  it('refuse another company, a reader’s writes and the anonymous; nothing changes', async () => {
    const before = await stored();
    expect((await get(`/course/detail?course_id=${courseId}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get('/course/list', stranger)).d.paging.count).toBe(0);
    const writes: [string, Record<string, string | number>][] = [
      ['/course/create', fields({ code: '' })],
      ['/course/update', { ...fields(), course_id: courseId }],
      ['/course/delete', { course_id: courseId }],
      ['/course/student/add', { course_id: courseId, user_ids: `[${students[0]?.id}]` }],
      ['/course/student/remove', { course_id: courseId, user_ids: `[${students[0]?.id}]` }],
    ];
    for (const [url, form] of writes.slice(1))
      expect((await post(url, form, stranger)).c, url).toBe(Codes.NOT_FOUND.c);
    for (const [url, form] of writes) {
      expect((await post(url, form)).c, url).toBe(Codes.NOT_LOGGED_IN.c);
      expect((await post(url, form, reader)).c, url).toBe(Codes.FORBIDDEN.c);
    }
    expect((await get('/course/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect(await stored()).toBe(before);
  });

  it('are deleted, leaving their projects', async () => {
    expect((await post('/course/delete', { course_id: courseId }, manager)).c).toBe(0);
    expect((await get(`/course/detail?course_id=${courseId}`, manager)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/project/detail?project_id=${projectId}`, manager)).c).toBe(0);
    // The code is free again, and the project may go.
    expect((await post('/course/create', fields({ project_ids: '[]' }), manager)).c).toBe(0);
    expect((await post('/project/delete', { project_id: projectId }, manager)).c).toBe(0);
  });
});
