import type { BoardCourse, BoardRow } from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { businessBoardRepository as repo } from './business-board.repository.ts';

/** How many running businesses a board shows (the newest). */
const BOARD_MAX = 200;

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

  return {
    async courses(caller: Caller): Promise<{ results: BoardCourse[] }> {
      const all = await deps.permissions.has(caller, 'view_course');
      return { results: await repo.courses(scopeOf(caller), caller.userId, all) };
    },

    async board(caller: Caller, courseId: number): Promise<{ course: BoardCourse; businesses: BoardRow[] }> {
      const s = scopeOf(caller);
      const course = await repo.course(s, courseId);
      if (!course) throw new AppError('NOT_FOUND', '课程不存在或已被删除', 'course_id');
      if (
        !(await repo.teaches(s, course.id, caller.userId)) &&
        !(await deps.permissions.has(caller, 'view_course'))
      )
        throw new AppError('FORBIDDEN', '你不是这门课程的指导者');
      const businesses = await repo.businesses(s, course.id, BOARD_MAX);
      const ids = businesses.map((b) => b.id);
      const [nodes, members, last] = await Promise.all([
        repo.nodes(s, ids),
        repo.members(s, ids),
        repo.lastMessages(s, businesses),
      ]);
      const at = now();
      return {
        course,
        businesses: businesses.map((b) => {
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
        }),
      };
    },
  };
}
export type BusinessBoardService = ReturnType<typeof businessBoardService>;
