import { z } from 'zod';
import { getCalls } from './call.ts';
import { form, id } from './fields.ts';

/**
 * The instructor's live board (指导中心 `business-guide`; issue 37 "beyond the original", ADR
 * 0043): every running business of a course's projects — where it stands, how many are seated in
 * its current nodes, the last thing done and how long ago — for the course's instructors (and the
 * holders of view_course), read again every few seconds. A course's instructors may open its
 * businesses as their members do. Served by modules/business (business-board.service.ts).
 */

/** A business idle this long (no message) is flagged on the board. */
export const BOARD_STUCK_SECONDS = 10 * 60;

export const boardCourseSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type BoardCourse = z.infer<typeof boardCourseSchema>;

export const boardRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project_name: z.string(),
  started_at: z.string().nullable(),
  members: z.number().int(),
  nodes: z.array(
    z.object({
      node_id: z.number().int(),
      name: z.string(),
      seated: z.number().int(),
      seats: z.number().int(),
    }),
  ),
  last: z
    .object({
      seq: z.number().int(),
      role_name: z.string(),
      user_name: z.string(),
      cmd: z.string(),
      msg: z.string(),
      create_time: z.string(),
    })
    .nullable(),
  /** Seconds since the last message (or since the start when none). */
  idle_seconds: z.number().int(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

const get = getCalls(['business']);

export const businessBoardCalls = {
  courses: get(
    '/business/board/courses',
    '我指导的课程（持有查看课程权限者：本单位全部课程）',
    { login: true },
    form({}),
    z.object({ results: z.array(boardCourseSchema) }),
  ),
  board: get(
    '/business/board',
    '课程中每个进行中的业务：当前环节、入席人数、最后动作与停留时长（课程的指导者或持有查看课程权限者）',
    { login: true },
    form({ course_id: id('课程') }),
    z.object({ course: boardCourseSchema, businesses: z.array(boardRowSchema) }),
  ),
} as const;
