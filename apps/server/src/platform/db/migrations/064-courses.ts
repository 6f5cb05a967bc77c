import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, createLiveUnique } from './helpers.ts';

/**
 * Courses (issue 36, `course`): a class the company teaches — code (unique among its live courses
 * when given), name, semester, section, lessons, timetable, intro — with the count of its students
 * kept on the row, so that adding students is one conditional update that holds the limit under
 * parallel calls. Its instructors and students (`course_people`, kind 1 指导者 / 2 学生) and its
 * projects (`course_projects`) are rows of their own.
 */
export function courses(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'courses')
        .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('semester', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seq', 'integer')
        .addColumn('hours', 'integer')
        .addColumn('schedule', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('student_count', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit())
        .execute();
      await createIndex(db, 'courses_company', 'courses', ['company_id', 'del_flag', 'id']);
      await createLiveUnique(db, 'courses_code', 'courses', ['company_id', 'code'], sql`code <> ''`);

      await companyTable(dialect, db, 'course_people')
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'integer', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'course_people_course',
        'course_people',
        ['company_id', 'course_id', 'user_id'],
        true,
      );
      await createIndex(db, 'course_people_user', 'course_people', ['company_id', 'user_id']);

      await companyTable(dialect, db, 'course_projects')
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('flow_projects.id'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(
        db,
        'course_projects_course',
        'course_projects',
        ['company_id', 'course_id', 'project_id'],
        true,
      );
      await createIndex(db, 'course_projects_project', 'course_projects', ['company_id', 'project_id']);
    },
  };
}
