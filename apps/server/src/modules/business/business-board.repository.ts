import { BUSINESS_PATH_STATE, BUSINESS_RUNNING, COURSE_PERSON, SITTING } from '@portal/contract';
import { sql } from 'kysely';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** What the instructor's board reads: every statement scoped to the company. */
export const businessBoardRepository = {
  /** The live courses the user teaches (every live course when `all`). */
  courses: (s: CompanyScope, userId: number, all: boolean) =>
    all
      ? s
          .selectFrom('courses', 'c')
          .select(['c.id', 'c.code', 'c.name'])
          .where('c.del_flag', '=', 0)
          .orderBy('c.id', 'desc')
          .execute()
      : s
          .selectFrom('courses', 'c')
          .innerJoin('course_people as cp', 'cp.course_id', 'c.id')
          .select(['c.id', 'c.code', 'c.name'])
          .distinct()
          .where('c.del_flag', '=', 0)
          .where('cp.user_id', '=', userId)
          .where('cp.kind', '=', COURSE_PERSON.teacher)
          .orderBy('c.id', 'desc')
          .execute(),

  course: (s: CompanyScope, id: number) =>
    s
      .selectFrom('courses', 'c')
      .select(['c.id', 'c.code', 'c.name'])
      .where('c.id', '=', id)
      .where('c.del_flag', '=', 0)
      .executeTakeFirst(),

  teaches: async (s: CompanyScope, courseId: number, userId: number) =>
    (await s
      .selectFrom('course_people', 'cp')
      .select('cp.id')
      .where('cp.course_id', '=', courseId)
      .where('cp.user_id', '=', userId)
      .where('cp.kind', '=', COURSE_PERSON.teacher)
      .executeTakeFirst()) !== undefined,

  /** Whether the user teaches a live course that groups the business's project. */
  teachesBusiness: async (s: CompanyScope, businessId: number, userId: number) =>
    (await s
      .selectFrom('businesses', 'b')
      .innerJoin('course_projects as cpr', 'cpr.project_id', 'b.project_id')
      .innerJoin('courses as c', 'c.id', 'cpr.course_id')
      .innerJoin('course_people as cp', 'cp.course_id', 'c.id')
      .select('b.id')
      .where('b.id', '=', businessId)
      .where('c.del_flag', '=', 0)
      .where('cp.user_id', '=', userId)
      .where('cp.kind', '=', COURSE_PERSON.teacher)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  /** The projects each course groups, by name. */
  courseProjects: (s: CompanyScope, courseIds: readonly number[]) =>
    courseIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('course_projects', 'cpr')
          .innerJoin('flow_projects as pr', 'pr.id', 'cpr.project_id')
          .select(['cpr.course_id', 'pr.name'])
          .where('cpr.course_id', 'in', courseIds)
          .where('pr.del_flag', '=', 0)
          .orderBy('pr.id')
          .execute(),

  /** The students of courses. */
  students: (s: CompanyScope, courseIds: readonly number[]) =>
    courseIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('course_people', 'cp')
          .innerJoin('users as u', 'u.id', 'cp.user_id')
          .select(['cp.course_id', 'cp.user_id', personName('u').as('name')])
          .where('cp.course_id', 'in', courseIds)
          .where('cp.kind', '=', COURSE_PERSON.student)
          .orderBy('cp.id')
          .execute(),

  /** How many businesses (not deleted) of each course's projects are in each status. */
  businessCounts: (s: CompanyScope, courseIds: readonly number[]) =>
    courseIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('businesses', 'b')
          .innerJoin('course_projects as cpr', 'cpr.project_id', 'b.project_id')
          .select(['cpr.course_id', 'b.status', sql<number>`count(*)`.as('n')])
          .where('cpr.course_id', 'in', courseIds)
          .where('b.del_flag', '=', 0)
          .groupBy(['cpr.course_id', 'b.status'])
          .execute(),

  /** Every business (any status, not deleted) of courses' projects, the newest first (at most `limit`). */
  courseBusinesses: (s: CompanyScope, courseIds: readonly number[], limit: number) =>
    courseIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('businesses', 'b')
          .innerJoin('course_projects as cpr', 'cpr.project_id', 'b.project_id')
          .innerJoin('flow_projects as pr', 'pr.id', 'b.project_id')
          .select([
            'cpr.course_id',
            'b.id',
            'b.name',
            'pr.name as project_name',
            'b.status',
            'b.started_at',
            'b.ended_at',
          ])
          .where('cpr.course_id', 'in', courseIds)
          .where('b.del_flag', '=', 0)
          .orderBy('b.id', 'desc')
          .limit(limit)
          .execute(),

  /** The people in the businesses' seats, with their roles. */
  seated: (s: CompanyScope, businessIds: readonly number[]) =>
    businessIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('business_seats', 't')
          .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select(['t.business_id', 't.user_id', personName('u').as('user_name'), 'r.name as role_name'])
          .where('t.business_id', 'in', businessIds)
          .orderBy('r.sort')
          .orderBy('t.seat_no')
          .execute(),

  /** Running businesses — a course's, or one — the newest first (at most `limit`). */
  businesses: (s: CompanyScope, of: { courseId: number } | { businessId: number }, limit: number) => {
    const running = s
      .selectFrom('businesses', 'b')
      .innerJoin('flow_projects as pr', 'pr.id', 'b.project_id')
      .select(['b.id', 'b.name', 'pr.name as project_name', 'b.started_at', 'b.last_seq'])
      .where('b.status', '=', BUSINESS_RUNNING)
      .where('b.del_flag', '=', 0)
      .orderBy('b.id', 'desc')
      .limit(limit);
    return 'courseId' in of
      ? running
          .innerJoin('course_projects as cpr', 'cpr.project_id', 'b.project_id')
          .where('cpr.course_id', '=', of.courseId)
          .execute()
      : running.where('b.id', '=', of.businessId).execute();
  },

  /** The businesses' current nodes, each with its seats and how many are seated. */
  nodes: (s: CompanyScope, businessIds: readonly number[]) =>
    businessIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('business_paths', 'p')
          .innerJoin('flow_nodes as n', 'n.id', 'p.node_id')
          .innerJoin('business_role_nodes as a', (j) =>
            j.onRef('a.node_id', '=', 'p.node_id').onRef('a.business_id', '=', 'p.business_id'),
          )
          .innerJoin('business_seats as t', 't.business_role_id', 'a.business_role_id')
          .leftJoin('business_seat_states as x', (j) =>
            j.onRef('x.path_id', '=', 'p.id').onRef('x.seat_id', '=', 't.id'),
          )
          .select([
            'p.business_id',
            'p.node_id',
            sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('name'),
            sql<number>`count(t.id)`.as('seats'),
            sql<number>`sum(case when x.sitting_status = ${SITTING.in} then 1 else 0 end)`.as('seated'),
          ])
          .where('p.business_id', 'in', businessIds)
          .where('p.state', '=', BUSINESS_PATH_STATE.current)
          .groupBy(['p.business_id', 'p.node_id', 'p.id', 'n.name', 'n.task_id'])
          .orderBy('p.id')
          .execute(),

  /** How many people sit in each business. */
  members: (s: CompanyScope, businessIds: readonly number[]) =>
    businessIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('business_seats', 't')
          .select(['t.business_id', sql<number>`count(distinct t.user_id)`.as('members')])
          .where('t.business_id', 'in', businessIds)
          .groupBy('t.business_id')
          .execute(),

  /** Each business's last message. */
  lastMessages: (s: CompanyScope, last: readonly { id: number; last_seq: number }[]) =>
    last.filter((b) => b.last_seq > 0).length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('business_messages', 'm')
          .innerJoin('business_seats as t', 't.id', 'm.seat_id')
          .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select([
            'm.business_id',
            'm.seq',
            'r.name as role_name',
            personName('u').as('user_name'),
            'm.cmd',
            'm.msg',
            'm.created_at as create_time',
          ])
          .where((eb) =>
            eb.or(
              last
                .filter((b) => b.last_seq > 0)
                .map((b) => eb.and([eb('m.business_id', '=', b.id), eb('m.seq', '=', b.last_seq)])),
            ),
          )
          .execute(),
};
