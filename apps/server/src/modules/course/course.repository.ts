import { COURSE_PERSON, COURSE_STUDENT_ROLE, COURSE_TEACHER_ROLES } from '@portal/contract';
import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** A course's instructors and students (`course_people.kind`). */
export const TEACHER = COURSE_PERSON.teacher;
export const STUDENT = COURSE_PERSON.student;

export interface CourseValues {
  code: string;
  name: string;
  semester: string;
  seq: number | null;
  hours: number | null;
  schedule: string;
  intro: string;
}

const COLUMNS = [
  'c.id',
  'c.code',
  'c.name',
  'c.semester',
  'c.seq',
  'c.hours',
  'c.schedule',
  'c.intro',
  'c.student_count',
  'c.created_at as create_time',
  'c.updated_at as update_time',
] as const;

function courses(s: CompanyScope, keyword?: string) {
  let q = s.selectFrom('courses', 'c').leftJoin('users as u', 'u.id', 'c.created_by');
  if (keyword) q = q.where((eb) => containsLike(eb, ['c.name', 'c.code'], keyword));
  return q;
}

/** Active people of the company holding one of `roles`. */
function peopleWith(s: CompanyScope, roles: readonly number[]) {
  return s
    .selectFrom('users', 'u')
    .select(['u.id', 'u.username', 'u.role', personName().as('name')])
    .where('u.status', '=', 1)
    .where('u.role', 'in', roles);
}

/** Courses, their instructors, projects and students: every statement through the company's scope. */
export const courseRepository = {
  page: (s: CompanyScope, keyword: string | undefined, p: PageParams) =>
    pageAndCount(courses(s, keyword), p, (q) =>
      q.select([...COLUMNS, personName().as('creator_name')]).orderBy('c.id', 'desc'),
    ),

  course: (s: CompanyScope, id: number) =>
    courses(s)
      .select([...COLUMNS, personName().as('creator_name')])
      .where('c.id', '=', id)
      .executeTakeFirst(),

  /** The instructors of courses, in the order they were named. */
  teachersOf: (s: CompanyScope, courseIds: readonly number[]) =>
    courseIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('course_people', 'cp')
          .innerJoin('users as u', 'u.id', 'cp.user_id')
          .select(['cp.course_id', 'u.id', personName().as('name')])
          .where('cp.course_id', 'in', courseIds)
          .where('cp.kind', '=', TEACHER)
          .orderBy('cp.id')
          .execute(),

  /** How many live projects each course groups (a deleted project is not counted). */
  projectCounts: (s: CompanyScope, courseIds: readonly number[]) =>
    courseIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('course_projects', 'cp')
          .innerJoin('flow_projects as p', 'p.id', 'cp.project_id')
          .select(['cp.course_id', sql<number>`count(*)`.as('n')])
          .where('cp.course_id', 'in', courseIds)
          .where('p.del_flag', '=', 0)
          .groupBy('cp.course_id')
          .execute(),

  projectsOf: (s: CompanyScope, courseId: number) =>
    s
      .selectFrom('course_projects', 'cp')
      .innerJoin('flow_projects as p', 'p.id', 'cp.project_id')
      .innerJoin('flows as f', 'f.id', 'p.flow_id')
      .select(['p.id', 'p.name', 'f.name as flow_name'])
      .where('cp.course_id', '=', courseId)
      .where('p.del_flag', '=', 0)
      .orderBy('cp.sort')
      .execute(),

  /** Who may teach (指导者, 指导者助理), by id or the first 500. */
  teachers: (s: CompanyScope, ids?: readonly number[]) => {
    let q = peopleWith(s, COURSE_TEACHER_ROLES);
    if (ids) {
      if (ids.length === 0) return Promise.resolve([]);
      q = q.where('u.id', 'in', ids);
    }
    return q.orderBy('u.id').limit(500).execute();
  },

  /** Students of the company by id (active ones holding 学生). */
  students: (s: CompanyScope, ids: readonly number[]) =>
    peopleWith(s, [COURSE_STUDENT_ROLE]).where('u.id', 'in', ids).execute(),

  /** Live projects of the company, by id or the newest 500. */
  projects: (s: CompanyScope, ids?: readonly number[]) => {
    let q = s
      .selectFrom('flow_projects', 'p')
      .innerJoin('flows as f', 'f.id', 'p.flow_id')
      .select(['p.id', 'p.name', 'f.name as flow_name']);
    if (ids) {
      if (ids.length === 0) return Promise.resolve([]);
      q = q.where('p.id', 'in', ids);
    }
    return q.orderBy('p.id', 'desc').limit(500).execute();
  },

  insert: async (s: CompanyScope, v: CourseValues, at: string) =>
    (
      await s
        .insertInto('courses', { ...v, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  update: (s: CompanyScope, id: number, v: CourseValues, at: string) =>
    s
      .updateTable('courses')
      .set({ ...v, updated_at: at })
      .where('id', '=', id)
      .execute(),

  remove: (s: CompanyScope, id: number, at: string) =>
    s.updateTable('courses').set({ del_flag: 1, updated_at: at }).where('id', '=', id).execute(),

  async writeTeachers(s: CompanyScope, courseId: number, userIds: readonly number[]) {
    await s
      .deleteFrom('course_people')
      .where('course_id', '=', courseId)
      .where('kind', '=', TEACHER)
      .execute();
    if (userIds.length > 0)
      await s
        .insertInto(
          'course_people',
          userIds.map((user_id) => ({ course_id: courseId, user_id, kind: TEACHER })),
        )
        .execute();
  },

  async writeProjects(s: CompanyScope, courseId: number, projectIds: readonly number[]) {
    await s.deleteFrom('course_projects').where('course_id', '=', courseId).execute();
    if (projectIds.length > 0)
      await s
        .insertInto(
          'course_projects',
          projectIds.map((project_id, sort) => ({ course_id: courseId, project_id, sort })),
        )
        .execute();
  },

  /**
   * The live course, its row locked until the transaction ends (an update takes the lock on both
   * dialects): two calls changing its students wait for each other.
   */
  lock: (s: CompanyScope, id: number, at: string) =>
    s
      .updateTable('courses')
      .set({ updated_at: at })
      .where('id', '=', id)
      .returning(['id', 'name', 'student_count'])
      .executeTakeFirst(),

  /** Adds `n` to the count unless it would pass `max`: false when it would. */
  async countStudents(s: CompanyScope, id: number, n: number, max: number) {
    const r = await s
      .updateTable('courses')
      .set({ student_count: sql<number>`student_count + ${n}` })
      .where('id', '=', id)
      .where(sql<boolean>`student_count + ${n} <= ${max}`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Which of `userIds` sit in the course (as anything). */
  async members(s: CompanyScope, courseId: number, userIds: readonly number[]) {
    const rows = await s
      .selectFrom('course_people', 'cp')
      .select(['cp.user_id', 'cp.kind'])
      .where('cp.course_id', '=', courseId)
      .where('cp.user_id', 'in', userIds)
      .execute();
    return rows;
  },

  addStudents: (s: CompanyScope, courseId: number, userIds: readonly number[]) =>
    s
      .insertInto(
        'course_people',
        userIds.map((user_id) => ({ course_id: courseId, user_id, kind: STUDENT })),
      )
      .execute(),

  async removeStudents(s: CompanyScope, courseId: number, userIds: readonly number[]) {
    const r = await s
      .deleteFrom('course_people')
      .where('course_id', '=', courseId)
      .where('kind', '=', STUDENT)
      .where('user_id', 'in', userIds)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  setStudentCount: (s: CompanyScope, id: number, n: number) =>
    s.updateTable('courses').set({ student_count: n }).where('id', '=', id).execute(),

  studentPage: (s: CompanyScope, courseId: number, keyword: string | undefined, p: PageParams) => {
    let q = s
      .selectFrom('course_people', 'cp')
      .innerJoin('users as u', 'u.id', 'cp.user_id')
      .where('cp.course_id', '=', courseId)
      .where('cp.kind', '=', STUDENT);
    if (keyword) q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username'], keyword));
    return pageAndCount(q, p, (x) =>
      x.select(['u.id', 'u.username', personName().as('name')]).orderBy('cp.id', 'desc'),
    );
  },

  /** Up to 20 students of the company not in the course yet, found by name or username. */
  candidates: (s: CompanyScope, courseId: number, keyword: string | undefined) => {
    let q = peopleWith(s, [COURSE_STUDENT_ROLE]).where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('course_people as cp')
            .select('cp.id')
            .whereRef('cp.user_id', '=', 'u.id')
            .where('cp.course_id', '=', courseId),
        ),
      ),
    );
    if (keyword) q = q.where((eb) => containsLike(eb, ['u.real_name', 'u.username'], keyword));
    return q.orderBy('u.id').limit(20).execute();
  },
};
