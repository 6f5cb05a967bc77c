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

/** A course as 我的课堂 lists it: its projects, how many students, its businesses by status. */
export const courseSummarySchema = boardCourseSchema.extend({
  projects: z.array(z.string()),
  students: z.number().int(),
  running: z.number().int(),
  finished: z.number().int(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** A business of a course with its members (指导, 提问 and 评价 act on them). */
export const courseBusinessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project_name: z.string(),
  /** 1 waiting, 2 running, 9 finished (BUSINESS_STATUS). */
  status: z.number().int(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  members: z.array(z.object({ user_id: z.number().int(), user_name: z.string(), role_name: z.string() })),
});
export type CourseBusiness = z.infer<typeof courseBusinessSchema>;

/** A student of a course and the businesses (of its projects) they sit in. */
export const courseLearnerSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  businesses: z.array(
    z.object({ id: z.number().int(), name: z.string(), role_name: z.string(), status: z.number().int() }),
  ),
});
export type CourseLearner = z.infer<typeof courseLearnerSchema>;

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
  summaries: get(
    '/business/board/course/list',
    '我指导的课程：项目、学生人数、进行中与已结束的业务数（持有查看课程权限者：本单位全部课程）',
    { login: true },
    form({}),
    z.object({ results: z.array(courseSummarySchema) }),
  ),
  people: get(
    '/business/board/people',
    '课程的学生与业务：每个学生所在的业务与角色，每个业务的成员（课程的指导者或持有查看课程权限者）',
    { login: true },
    form({ course_id: id('课程') }),
    z.object({
      course: boardCourseSchema,
      students: z.array(courseLearnerSchema),
      businesses: z.array(courseBusinessSchema),
    }),
  ),
  runDetail: get(
    '/business/rundetail',
    '一个进行中业务的运行情况：当前环节与入席人数、最后动作与停留时长（能打开该业务者）',
    { login: true },
    form({ business_id: id('业务') }),
    boardRowSchema,
  ),
  board: get(
    '/business/board',
    '课程中每个进行中的业务：当前环节、入席人数、最后动作与停留时长（课程的指导者或持有查看课程权限者）',
    { login: true },
    form({ course_id: id('课程') }),
    z.object({ course: boardCourseSchema, businesses: z.array(boardRowSchema) }),
  ),
} as const;
