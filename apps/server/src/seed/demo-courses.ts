import { randomBytes } from 'node:crypto';
import { DEFAULT_COMPANY_ID } from '@portal/contract';
import { hashPassword } from '../modules/account/index.ts';
import type { PlatformDatabase } from '../platform/db/database.ts';
import { nowIso } from '../platform/time.ts';
import { createUser } from './seed.ts';

/** Students of the demo company's classes beside the 学生张三 demo account (random passwords). */
const STUDENTS: { username: string; real_name: string }[] = [
  { username: 'demo_stu_liyuhan', real_name: '李雨涵' },
  { username: 'demo_stu_wangzihao', real_name: '王子豪' },
  { username: 'demo_stu_chenxinyi', real_name: '陈欣怡' },
  { username: 'demo_stu_zhaoyuxuan', real_name: '赵宇轩' },
  { username: 'demo_stu_liushiyu', real_name: '刘诗雨' },
  { username: 'demo_stu_yangmingze', real_name: '杨明泽' },
];

/** The demo company's courses (课程管理): instructors and students by user name, projects by name. */
const COURSES: {
  code: string;
  name: string;
  semester: string;
  hours: number;
  schedule: string;
  intro: string;
  teachers: string[];
  projects: string[];
  students: string[];
}[] = [
  {
    code: '0012',
    name: '行政程序实训',
    semester: '2026-2027学年第一学期',
    hours: 32,
    schedule: '周三 14:00–16:00，实训楼 302',
    intro: '以听证会和地方立法为例，练习行政程序中的陈述、听证与表决。',
    teachers: ['instructor', 'demo_zhaowenbo'],
    projects: ['价格调整听证会', '地方条例立法听证'],
    students: ['student', ...STUDENTS.map((s) => s.username)],
  },
  {
    code: '0031',
    name: '民事诉讼模拟法庭',
    semester: '2026-2027学年第一学期',
    hours: 16,
    schedule: '周五 09:00–11:00，模拟法庭',
    intro: '一起买卖合同纠纷的完整庭审：立案、举证与答辩、辩论、合议、宣判。',
    teachers: ['demo_zhaowenbo', 'instructor_asst'],
    projects: ['合同纠纷模拟庭审'],
    students: ['student', 'demo_stu_liyuhan', 'demo_stu_wangzihao', 'demo_stu_chenxinyi'],
  },
];

/** The demo company's courses on its demo projects (after seedDemoFlows and seedDemoFinder). */
export async function seedDemoCourses(db: PlatformDatabase, createdBy: number) {
  const now = nowIso();
  const locked = { hash: await hashPassword(randomBytes(16).toString('base64url')) };
  for (const s of STUDENTS)
    await createUser(db, {
      companyId: DEFAULT_COMPANY_ID,
      username: s.username,
      password: locked,
      role: 9,
      real_name: s.real_name,
      position: '学生',
    });
  const names = [...new Set(COURSES.flatMap((c) => [...c.teachers, ...c.students]))];
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('company_id', '=', DEFAULT_COMPANY_ID)
        .where('username', 'in', names)
        .execute()
    ).map((u) => [u.username, u.id]),
  );
  const projects = new Map(
    (
      await db
        .selectFrom('flow_projects')
        .select(['id', 'name'])
        .where('company_id', '=', DEFAULT_COMPANY_ID)
        .where('del_flag', '=', 0)
        .execute()
    ).map((p) => [p.name, p.id]),
  );
  const idOf = (map: Map<string, number>, name: string) => {
    const id = map.get(name);
    if (id === undefined) throw new Error(`demo course: no ${name}`);
    return id;
  };
  for (const c of COURSES) {
    const course = await db
      .insertInto('courses')
      .values({
        company_id: DEFAULT_COMPANY_ID,
        code: c.code,
        name: c.name,
        semester: c.semester,
        seq: 1,
        hours: c.hours,
        schedule: c.schedule,
        intro: c.intro,
        student_count: c.students.length,
        created_by: createdBy,
        updated_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('course_people')
      .values([
        ...c.teachers.map((u) => ({
          company_id: DEFAULT_COMPANY_ID,
          course_id: course.id,
          user_id: idOf(users, u),
          kind: 1,
        })),
        ...c.students.map((u) => ({
          company_id: DEFAULT_COMPANY_ID,
          course_id: course.id,
          user_id: idOf(users, u),
          kind: 2,
        })),
      ])
      .execute();
    await db
      .insertInto('course_projects')
      .values(
        c.projects.map((p, sort) => ({
          company_id: DEFAULT_COMPANY_ID,
          course_id: course.id,
          project_id: idOf(projects, p),
          sort,
        })),
      )
      .execute();
  }
}
