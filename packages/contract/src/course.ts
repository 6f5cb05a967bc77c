import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  form,
  id,
  idList,
  keyword,
  optionalInt,
  optionalList,
  optionalText,
  paging,
  text,
} from './fields.ts';
import { auditTimes } from './item-fields.ts';

/**
 * Courses of the training area (课程, `/manager/course`; issue 36, ADR 0042): a class the company
 * teaches — its code, name, semester, lessons — that groups training projects for its instructors
 * (指导者 and 指导者助理 of the company) and its students (学生 of the company). The manager keeps
 * the course and its projects and instructors in one form; its students, up to
 * COURSE_LIMITS.students, are added and taken off in their own dialog (a class can be large).
 * The original system's calls (`/api/course/*`) answered one screen each; these are ours.
 * Served by modules/course.
 */

/** Who may teach a course (指导者, 指导者助理) and who may attend one (学生). */
export const COURSE_TEACHER_ROLES: readonly number[] = [4, 8];
export const COURSE_STUDENT_ROLE = 9;
/** A course's people (`course_people.kind`): its instructors and its students. */
export const COURSE_PERSON = { teacher: 1, student: 2 } as const;

export const COURSE_LIMITS = {
  code: 16,
  name: 48,
  semester: 30,
  schedule: 60,
  intro: 2000,
  teachers: 20,
  projects: 100,
  students: 500,
  /** Students added or taken off in one call. */
  studentsAtOnce: 100,
} as const;

/** A course code keeps what was typed, leading zeros included: letters, digits, `-` and `_`. */
export const COURSE_CODE_PATTERN = /^[A-Za-z0-9_-]*$/;

const person = z.object({ id: z.number().int(), name: z.string() });

export const courseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  semester: z.string(),
  /** 课序号: which section of the course this is, when a course is taught in several. */
  seq: z.number().int().nullable(),
  /** 课时. */
  hours: z.number().int().nullable(),
  /** 实验时间 as the timetable says it (“周三 14:00–16:00”). */
  schedule: z.string(),
  teachers: z.array(person),
  student_count: z.number().int(),
  project_count: z.number().int(),
  creator_name: z.string(),
  ...auditTimes,
});
export type Course = z.infer<typeof courseSchema>;

export const courseDetailSchema = courseSchema.extend({
  intro: z.string(),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), flow_name: z.string() })),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
});
export type CourseStudent = z.infer<typeof courseStudentSchema>;

const courseFields = {
  code: optionalText('课程编号', { max: COURSE_LIMITS.code }).refine(
    (v) => v === undefined || COURSE_CODE_PATTERN.test(v),
    '课程编号只能包含字母、数字、“-”和“_”',
  ),
  name: text('课程名称', { max: COURSE_LIMITS.name }),
  semester: optionalText('学期', { max: COURSE_LIMITS.semester }),
  seq: optionalInt('课序号', { min: 1, max: 999 }),
  hours: optionalInt('课时', { min: 1, max: 999 }),
  schedule: optionalText('实验时间', { max: COURSE_LIMITS.schedule }),
  intro: optionalText('课程简介', { max: COURSE_LIMITS.intro }),
  teacher_ids: idList('指导者', COURSE_LIMITS.teachers),
  project_ids: optionalList('实训项目', id('实训项目'), COURSE_LIMITS.projects),
};

export const courseListBody = form({ keyword: keyword('课程名称或编号'), ...paging });
export const courseIdBody = form({ course_id: id('课程') });
export const courseCreateBody = form(courseFields);
export const courseUpdateBody = form({ course_id: id('课程'), ...courseFields });
export const courseStudentsBody = form({
  course_id: id('课程'),
  keyword: keyword('姓名或用户名'),
  ...paging,
});
export const courseStudentsChangeBody = form({
  course_id: id('课程'),
  user_ids: idList('学生', COURSE_LIMITS.studentsAtOnce),
});

/** What the course form offers: the company's instructors and its live projects. */
export const courseOptionsSchema = z.object({
  teachers: z.array(person.extend({ role: z.number().int() })),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), flow_name: z.string() })),
});
export type CourseOptions = z.infer<typeof courseOptionsSchema>;

const tags = ['course'];
const get = getCalls(tags);
const post = postCalls(tags);

export const courseCalls = {
  list: get(
    '/course/list',
    '课程列表（本单位；按名称或编号）',
    { permission: 'view_course' },
    courseListBody,
    pageOf(courseSchema),
  ),
  get: get(
    '/course/detail',
    '课程详情（指导者、实训项目）',
    { permission: 'view_course' },
    courseIdBody,
    courseDetailSchema,
  ),
  options: get(
    '/course/options',
    '课程可选的指导者与实训项目',
    { permission: 'change_course' },
    form({}),
    courseOptionsSchema,
  ),
  create: post(
    '/course/create',
    '新建课程（至少一位指导者；编号在本单位唯一）',
    'change_course',
    courseCreateBody,
    courseDetailSchema,
  ),
  update: post(
    '/course/update',
    '修改课程、指导者与实训项目',
    'change_course',
    courseUpdateBody,
    courseDetailSchema,
  ),
  remove: post(
    '/course/delete',
    '删除课程（项目与学生账号不受影响）',
    'change_course',
    courseIdBody,
    z.object({ count: z.number().int() }),
  ),
  students: get(
    '/course/students',
    '课程的学生（按姓名或用户名）',
    { permission: 'view_course' },
    courseStudentsBody,
    pageOf(courseStudentSchema),
  ),
  candidates: get(
    '/course/student/candidates',
    '可加入课程的本单位学生（按姓名或用户名，最多20个）',
    { permission: 'change_course' },
    courseStudentsBody,
    z.object({ results: z.array(courseStudentSchema) }),
  ),
  addStudents: post(
    '/course/student/add',
    `加入学生（每门课程最多${COURSE_LIMITS.students}人）`,
    'change_course',
    courseStudentsChangeBody,
    z.object({ count: z.number().int(), student_count: z.number().int() }),
  ),
  removeStudents: post(
    '/course/student/remove',
    '移出学生',
    'change_course',
    courseStudentsChangeBody,
    z.object({ count: z.number().int(), student_count: z.number().int() }),
  ),
} as const;
