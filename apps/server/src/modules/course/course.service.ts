import { COURSE_LIMITS, type CourseDetail } from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { type CourseValues, courseRepository as repo, STUDENT } from './course.repository.ts';

export interface CourseInput {
  code?: string | undefined;
  name: string;
  semester?: string | undefined;
  seq?: number | undefined;
  hours?: number | undefined;
  schedule?: string | undefined;
  intro?: string | undefined;
  teacher_ids: number[];
  project_ids: number[];
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.course>>>;

const codeTaken = (code: string) => new AppError('COURSE_CODE_TAKEN', `课程编号“${code}”已存在`, 'code');

/**
 * Courses (课程, issue 36): the company's classes, each grouping training projects for its
 * instructors and students. Every call is the caller's company's; instructors must hold 指导者 or
 * 指导者助理, students 学生, projects be live ones of the company; a course holds at most
 * COURSE_LIMITS.students students, however many calls add them at once.
 */
export function courseService(db: Database) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  async function courseOrThrow(s: CompanyScope, id: number) {
    const row = await repo.course(s, id);
    if (!row) throw new AppError('NOT_FOUND', '课程不存在或已被删除', 'course_id');
    return row;
  }

  /** Rows with their instructors and project counts, as the list shows them. */
  async function summaries(s: CompanyScope, rows: Row[]) {
    const ids = rows.map((r) => r.id);
    const [teachers, counts] = await Promise.all([repo.teachersOf(s, ids), repo.projectCounts(s, ids)]);
    return rows.map(({ intro: _, ...r }) => ({
      ...r,
      teachers: teachers.filter((t) => t.course_id === r.id).map(({ id, name }) => ({ id, name })),
      project_count: Number(counts.find((c) => c.course_id === r.id)?.n ?? 0),
    }));
  }

  async function detail(s: CompanyScope, row: Row): Promise<CourseDetail> {
    const [[summary], projects] = await Promise.all([summaries(s, [row]), repo.projectsOf(s, row.id)]);
    return { ...(summary as NonNullable<typeof summary>), intro: row.intro, projects };
  }

  /** The input checked against the company: its instructors and its live projects. */
  async function checked(s: CompanyScope, input: CourseInput) {
    const teacherIds = [...new Set(input.teacher_ids)];
    if ((await repo.teachers(s, teacherIds)).length !== teacherIds.length)
      throw new AppError('NOT_FOUND', '所选指导者不存在，或不是本单位的指导者、指导者助理', 'teacher_ids');
    const projectIds = [...new Set(input.project_ids)];
    if ((await repo.projects(s, projectIds)).length !== projectIds.length)
      throw new AppError('NOT_FOUND', '所选实训项目不存在或已被删除', 'project_ids');
    const values: CourseValues = {
      code: input.code ?? '',
      name: input.name,
      semester: input.semester ?? '',
      seq: input.seq ?? null,
      hours: input.hours ?? null,
      schedule: input.schedule ?? '',
      intro: input.intro ?? '',
    };
    return { values, teacherIds, projectIds };
  }

  /** A student list change: the course locked, the users checked to be students of the company. */
  async function studentsChange(s: CompanyScope, courseId: number, userIds: readonly number[]) {
    const course = await repo.lock(s, courseId, nowIso());
    if (!course) throw new AppError('NOT_FOUND', '课程不存在或已被删除', 'course_id');
    const ids = [...new Set(userIds)];
    return { course, ids };
  }

  return {
    async list(caller: Caller, keyword: string | undefined, p: PageParams) {
      const s = scopeOf(caller);
      const { count, results } = await repo.page(s, keyword, p);
      return paged({ count, results: await summaries(s, results) }, p);
    },

    async get(caller: Caller, courseId: number) {
      const s = scopeOf(caller);
      return detail(s, await courseOrThrow(s, courseId));
    },

    async options(caller: Caller) {
      const s = scopeOf(caller);
      const [teachers, projects] = await Promise.all([repo.teachers(s), repo.projects(s)]);
      return { teachers: teachers.map(({ id, name, role }) => ({ id, name, role })), projects };
    },

    async create(caller: Caller, input: CourseInput) {
      const id = await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const s = scopeOf(caller, trx);
            const { values, teacherIds, projectIds } = await checked(s, input);
            const made = await repo.insert(s, values, nowIso());
            await repo.writeTeachers(s, made, teacherIds);
            await repo.writeProjects(s, made, projectIds);
            await audit(trx, caller, {
              action: 'create',
              entity: 'courses',
              entityId: made,
              after: { ...values, teacher_ids: teacherIds, project_ids: projectIds },
            });
            return made;
          }),
        codeTaken(input.code ?? ''),
      );
      const s = scopeOf(caller);
      return detail(s, await courseOrThrow(s, id));
    },

    async update(caller: Caller, input: CourseInput & { course_id: number }) {
      await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const s = scopeOf(caller, trx);
            const before = await courseOrThrow(s, input.course_id);
            const { values, teacherIds, projectIds } = await checked(s, input);
            await repo.update(s, before.id, values, nowIso());
            await repo.writeTeachers(s, before.id, teacherIds);
            await repo.writeProjects(s, before.id, projectIds);
            await audit(trx, caller, {
              action: 'update',
              entity: 'courses',
              entityId: before.id,
              before,
              after: { ...values, teacher_ids: teacherIds, project_ids: projectIds },
            });
          }),
        codeTaken(input.code ?? ''),
      );
      const s = scopeOf(caller);
      return detail(s, await courseOrThrow(s, input.course_id));
    },

    /** The course goes (soft delete); its projects and the students' accounts stay. */
    async remove(caller: Caller, courseId: number) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const before = await courseOrThrow(s, courseId);
        await repo.remove(s, courseId, nowIso());
        await audit(trx, caller, { action: 'delete', entity: 'courses', entityId: courseId, before });
      });
      return { count: 1 };
    },

    async students(caller: Caller, courseId: number, keyword: string | undefined, p: PageParams) {
      const s = scopeOf(caller);
      await courseOrThrow(s, courseId);
      return paged(await repo.studentPage(s, courseId, keyword, p), p);
    },

    async candidates(caller: Caller, courseId: number, keyword: string | undefined) {
      const s = scopeOf(caller);
      await courseOrThrow(s, courseId);
      return {
        results: (await repo.candidates(s, courseId, keyword)).map(({ id, name, username }) => ({
          id,
          name,
          username,
        })),
      };
    },

    /**
     * Adds students not in the course yet. The course row is locked first, so that calls in
     * parallel are counted one after another and the course never passes its limit.
     */
    async addStudents(caller: Caller, courseId: number, userIds: readonly number[]) {
      return db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const { course, ids } = await studentsChange(s, courseId, userIds);
        const students = await repo.students(s, ids);
        if (students.length !== ids.length)
          throw new AppError('NOT_FOUND', '所选人员不存在，或不是本单位的学生', 'user_ids');
        const members = await repo.members(s, courseId, ids);
        const teaching = members.find((m) => m.kind !== STUDENT);
        if (teaching) throw new AppError('PARAM_ERROR', '所选人员是这门课程的指导者', 'user_ids');
        const sitting = new Set(members.map((m) => m.user_id));
        const added = ids.filter((id) => !sitting.has(id));
        if (added.length > 0) {
          if (!(await repo.countStudents(s, courseId, added.length, COURSE_LIMITS.students)))
            throw new AppError(
              'COURSE_FULL',
              `课程“${course.name}”已有${course.student_count}名学生，最多${COURSE_LIMITS.students}名，还能加入${Math.max(0, COURSE_LIMITS.students - course.student_count)}名`,
              'user_ids',
            );
          await repo.addStudents(s, courseId, added);
          await audit(trx, caller, {
            action: 'update',
            entity: 'courses',
            entityId: courseId,
            after: { students_added: added },
          });
        }
        return { count: added.length, student_count: course.student_count + added.length };
      });
    },

    async removeStudents(caller: Caller, courseId: number, userIds: readonly number[]) {
      return db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const { course, ids } = await studentsChange(s, courseId, userIds);
        const removed = await repo.removeStudents(s, courseId, ids);
        const studentCount = course.student_count - removed;
        if (removed > 0) {
          await repo.setStudentCount(s, courseId, studentCount);
          await audit(trx, caller, {
            action: 'update',
            entity: 'courses',
            entityId: courseId,
            after: { students_removed: ids },
          });
        }
        return { count: removed, student_count: studentCount };
      });
    },
  };
}
export type CourseService = ReturnType<typeof courseService>;
