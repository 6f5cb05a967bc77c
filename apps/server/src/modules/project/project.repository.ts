import { MEMBER_ROLE } from '@portal/contract';
import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

export interface ProjectFilter {
  keyword?: string | undefined;
  flow_id?: number | undefined;
  office_item?: string | undefined;
}

export interface ProjectValues {
  name: string;
  intro: string;
  purpose: string;
  requirement: string;
  level: number;
  ability_target: number;
  open_mode: number;
  start_day: string | null;
  end_day: string | null;
  graph_view: number;
  can_redo: number;
  reference: number;
  office_item: string;
  target_user_ids: string;
}

const COLUMNS = [
  'p.id',
  'p.flow_id',
  'f.name as flow_name',
  'p.name',
  'p.intro',
  'p.purpose',
  'p.requirement',
  'p.level',
  'p.ability_target',
  'p.open_mode',
  'p.start_day',
  'p.end_day',
  'p.graph_view',
  'p.can_redo',
  'p.reference',
  'p.office_item',
  'p.target_user_ids',
  'p.created_at as create_time',
  'p.updated_at as update_time',
] as const;

function projects(s: CompanyScope, f: ProjectFilter) {
  let q = s.selectFrom('flow_projects', 'p').innerJoin('flows as f', 'f.id', 'p.flow_id');
  if (f.keyword) q = q.where((eb) => containsLike(eb, ['p.name'], f.keyword ?? ''));
  if (f.flow_id !== undefined) q = q.where('p.flow_id', '=', f.flow_id);
  if (f.office_item !== undefined) q = q.where('p.office_item', '=', f.office_item);
  return q;
}

/** Projects and their jump and nest targets: every statement through the company's scope. */
export const projectRepository = {
  page: (s: CompanyScope, f: ProjectFilter, p: PageParams) =>
    pageAndCount(projects(s, f), p, (q) =>
      q
        .leftJoin('users as u', 'u.id', 'p.created_by')
        .select([...COLUMNS, personName().as('creator_name')])
        .orderBy('p.id', 'desc'),
    ),

  /** The office items the company's projects belong to, with how many each ('' for none). */
  officeItems: (s: CompanyScope) =>
    s
      .selectFrom('flow_projects', 'p')
      .select(['p.office_item', sql<number>`count(*)`.as('count')])
      .groupBy('p.office_item')
      .orderBy('p.office_item')
      .execute(),

  project: (s: CompanyScope, id: number) =>
    projects(s, {})
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select([...COLUMNS, personName().as('creator_name')])
      .where('p.id', '=', id)
      .executeTakeFirst(),

  /** A live flow of the company, with its status. */
  flow: (s: CompanyScope, id: number) =>
    s
      .selectFrom('flows', 'f')
      .select(['f.id', 'f.name', 'f.status'])
      .where('f.id', '=', id)
      .executeTakeFirst(),

  publishedFlows: (s: CompanyScope) =>
    s
      .selectFrom('flows', 'f')
      .select(['f.id', 'f.name'])
      .where('f.status', '=', 2)
      .orderBy('f.id', 'desc')
      .execute(),

  /** The jump (6) and nest (9) nodes of flows: those that need a target project. */
  targetNodes: (s: CompanyScope, flowIds: readonly number[]) =>
    flowIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('flow_nodes', 'n')
          .select(['n.id', 'n.flow_id', 'n.name', 'n.task_id', 'n.node_type'])
          .where('n.flow_id', 'in', flowIds)
          .where('n.node_type', 'in', [6, 9])
          .orderBy('n.position')
          .execute(),

  targets: (s: CompanyScope, projectId: number) =>
    s
      .selectFrom('flow_project_targets', 't')
      .innerJoin('flow_projects as p', 'p.id', 't.target_project_id')
      .select(['t.node_id', 't.target_project_id', 'p.name as target_project_name'])
      .where('t.project_id', '=', projectId)
      .execute(),

  /** Live projects that go on in `projectId` (a jump or nest target). */
  referrers: (s: CompanyScope, projectId: number) =>
    s
      .selectFrom('flow_project_targets', 't')
      .innerJoin('flow_projects as p', 'p.id', 't.project_id')
      .select(['p.id', 'p.name'])
      .where('t.target_project_id', '=', projectId)
      .where('t.project_id', '<>', projectId)
      // A join is not scoped to live rows: a deleted project refers to nothing.
      .where('p.del_flag', '=', 0)
      .execute(),

  /** Live projects by id (a target must be one). */
  existing: async (s: CompanyScope, ids: readonly number[]) =>
    ids.length === 0
      ? new Set<number>()
      : new Set(
          (await s.selectFrom('flow_projects', 'p').select('p.id').where('p.id', 'in', ids).execute()).map(
            (r) => r.id,
          ),
        ),

  /** Whether any business (deleted ones too: they can be recovered) runs the project. */
  hasBusinesses: async (s: CompanyScope, projectId: number) =>
    (await s
      .selectFrom('businesses', 'b', { withDeleted: true })
      .select('b.id')
      .where('b.project_id', '=', projectId)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  /** The live courses that group a project (at most ten named). */
  courseNames: async (s: CompanyScope, projectId: number) =>
    (
      await s
        .selectFrom('course_projects', 'cp')
        .innerJoin('courses as c', 'c.id', 'cp.course_id')
        .select('c.name')
        .where('cp.project_id', '=', projectId)
        .where('c.del_flag', '=', 0)
        .limit(10)
        .execute()
    ).map((r) => r.name),

  options: (s: CompanyScope) =>
    s
      .selectFrom('flow_projects', 'p')
      .innerJoin('flows as f', 'f.id', 'p.flow_id')
      .select(['p.id', 'p.name', 'f.name as flow_name'])
      .orderBy('p.id', 'desc')
      .limit(500)
      .execute(),

  /** Active staff of the company (not shop members), by id or the first 500. */
  people: (s: CompanyScope, ids?: readonly number[]) => {
    let q = s
      .selectFrom('users', 'u')
      .select(['u.id', personName().as('name')])
      .where('u.status', '=', 1)
      .where('u.role', '<>', MEMBER_ROLE);
    if (ids) {
      if (ids.length === 0) return Promise.resolve([]);
      q = q.where('u.id', 'in', ids);
    }
    return q.orderBy('u.id').limit(500).execute();
  },

  /** The flow's roles, as the project's runs copy them. */
  roles: (s: CompanyScope, flowId: number) =>
    s
      .selectFrom('flow_roles', 'r')
      .leftJoin('positions as pos', 'pos.id', 'r.position_id')
      .select(['r.name', 'r.capacity', sql<string>`coalesce(pos.name, '')`.as('position_name')])
      .where('r.flow_id', '=', flowId)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute(),

  insert: async (s: CompanyScope, v: ProjectValues & { flow_id: number }, at: string) =>
    (
      await s
        .insertInto('flow_projects', { ...v, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  update: (s: CompanyScope, id: number, v: ProjectValues, at: string) =>
    s
      .updateTable('flow_projects')
      .set({ ...v, updated_at: at })
      .where('id', '=', id)
      .execute(),

  remove: (s: CompanyScope, id: number, at: string) =>
    s.updateTable('flow_projects').set({ del_flag: 1, updated_at: at }).where('id', '=', id).execute(),

  async writeTargets(
    s: CompanyScope,
    projectId: number,
    targets: readonly { node_id: number; target_project_id: number }[],
  ) {
    await s.deleteFrom('flow_project_targets').where('project_id', '=', projectId).execute();
    if (targets.length > 0)
      await s
        .insertInto(
          'flow_project_targets',
          targets.map((t) => ({ ...t, project_id: projectId })),
        )
        .execute();
  },
};
