import {
  type BoardCourse,
  type BoardRow,
  BUSINESS_FINISHED,
  BUSINESS_RUNNING,
  type CourseBusiness,
  type CourseLearner,
  type CourseSummary,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { openBusiness } from './business-access.ts';
import { businessBoardRepository as repo } from './business-board.repository.ts';

/** How many running businesses a board shows (the newest). */
const BOARD_MAX = 200;
/** How many businesses a course's lists show (the newest). */
const COURSE_BUSINESSES_MAX = 500;

/**
 * The instructor's live board (指导中心; issue 37, ADR 0043): a course's running businesses — where
 * each stands, who is seated, the last thing done and how long ago — for its instructors and the
 * holders of view_course.
 */
export function businessBoardService(
  db: Database,
  deps: { permissions: PermissionCache; now?: () => number },
) {
  const scopeOf = (caller: Caller) => inCompany(db, caller.companyId, { userId: caller.userId });
  const now = deps.now ?? Date.now;

  /** The courses the caller teaches (every live course for a holder of view_course). */
  async function coursesOf(caller: Caller) {
    const all = await deps.permissions.has(caller, 'view_course');
    return repo.courses(scopeOf(caller), caller.userId, all);
  }

  /** A live course the caller teaches (or any, holding view_course). */
  async function taught(caller: Caller, courseId: number) {
    const s = scopeOf(caller);
    const course = await repo.course(s, courseId);
    if (!course) throw new AppError('NOT_FOUND', '课程不存在或已被删除', 'course_id');
    if (
      !(await repo.teaches(s, course.id, caller.userId)) &&
      !(await deps.permissions.has(caller, 'view_course'))
    )
      throw new AppError('FORBIDDEN', '你不是这门课程的指导者');
    return { s, course };
  }

  /** Running businesses as the board shows them: current nodes and who is seated, the last message, idle time. */
  async function rows(
    s: CompanyScope,
    businesses: Awaited<ReturnType<typeof repo.businesses>>,
  ): Promise<BoardRow[]> {
    const ids = businesses.map((b) => b.id);
    const [nodes, members, last] = await Promise.all([
      repo.nodes(s, ids),
      repo.members(s, ids),
      repo.lastMessages(s, businesses),
    ]);
    const at = now();
    return businesses.map((b) => {
      const message = last.find((m) => m.business_id === b.id);
      const since = message?.create_time ?? b.started_at;
      return {
        id: b.id,
        name: b.name,
        project_name: b.project_name,
        started_at: b.started_at,
        members: Number(members.find((m) => m.business_id === b.id)?.members ?? 0),
        nodes: nodes
          .filter((n) => n.business_id === b.id)
          .map((n) => ({
            node_id: n.node_id,
            name: n.name,
            seats: Number(n.seats),
            seated: Number(n.seated ?? 0),
          })),
        last: message
          ? {
              seq: message.seq,
              role_name: message.role_name,
              user_name: message.user_name,
              cmd: message.cmd,
              msg: message.msg,
              create_time: message.create_time,
            }
          : null,
        idle_seconds: since ? Math.max(0, Math.floor((at - Date.parse(since)) / 1000)) : 0,
      };
    });
  }

  return {
    async courses(caller: Caller): Promise<{ results: BoardCourse[] }> {
      return { results: await coursesOf(caller) };
    },

    /** 我的课堂: each course with its projects, students and businesses counted. */
    async summaries(caller: Caller): Promise<{ results: CourseSummary[] }> {
      const courses = await coursesOf(caller);
      const ids = courses.map((c) => c.id);
      const s = scopeOf(caller);
      const [projects, students, counts] = await Promise.all([
        repo.courseProjects(s, ids),
        repo.students(s, ids),
        repo.businessCounts(s, ids),
      ]);
      const count = (courseId: number, status: number) =>
        Number(counts.find((x) => x.course_id === courseId && x.status === status)?.n ?? 0);
      return {
        results: courses.map((c) => ({
          ...c,
          projects: projects.filter((p) => p.course_id === c.id).map((p) => p.name),
          students: students.filter((x) => x.course_id === c.id).length,
          running: count(c.id, BUSINESS_RUNNING),
          finished: count(c.id, BUSINESS_FINISHED),
        })),
      };
    },

    /** A course's students and businesses, each with who sits where (指导, 提问, 评价). */
    async people(
      caller: Caller,
      courseId: number,
    ): Promise<{ course: BoardCourse; students: CourseLearner[]; businesses: CourseBusiness[] }> {
      const { s, course } = await taught(caller, courseId);
      const [students, businesses] = await Promise.all([
        repo.students(s, [course.id]),
        repo.courseBusinesses(s, [course.id], COURSE_BUSINESSES_MAX),
      ]);
      const seated = await repo.seated(
        s,
        businesses.map((b) => b.id),
      );
      const rows = businesses.map(({ course_id: _, ...b }) => ({
        ...b,
        members: seated
          .filter((x) => x.business_id === b.id && x.user_id !== null)
          .map((x) => ({ user_id: x.user_id as number, user_name: x.user_name, role_name: x.role_name })),
      }));
      return {
        course,
        students: students.map((x) => ({
          user_id: x.user_id,
          name: x.name,
          businesses: rows.flatMap((b) =>
            b.members
              .filter((m) => m.user_id === x.user_id)
              .map((m) => ({ id: b.id, name: b.name, role_name: m.role_name, status: b.status })),
          ),
        })),
        businesses: rows,
      };
    },

    async board(caller: Caller, courseId: number): Promise<{ course: BoardCourse; businesses: BoardRow[] }> {
      const { s, course } = await taught(caller, courseId);
      return {
        course,
        businesses: await rows(s, await repo.businesses(s, { courseId: course.id }, BOARD_MAX)),
      };
    },

    /** One running business as the board shows it (`/business/rundetail`), for one who may open it. */
    async runDetail(caller: Caller, businessId: number): Promise<BoardRow> {
      const s = scopeOf(caller);
      const b = await openBusiness(deps.permissions, s, caller, businessId);
      if (b.status !== BUSINESS_RUNNING) throw new AppError('BUSINESS_NOT_RUNNING', undefined, 'business_id');
      const [row] = await rows(s, await repo.businesses(s, { businessId: b.id }, 1));
      if (!row) throw new AppError('BUSINESS_NOT_RUNNING', undefined, 'business_id');
      return row;
    },
  };
}
export type BusinessBoardService = ReturnType<typeof businessBoardService>;
