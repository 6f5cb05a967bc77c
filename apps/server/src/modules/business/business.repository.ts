import {
  BUSINESS_PATH_STATE,
  BUSINESS_RUNNING,
  BUSINESS_WAITING,
  MEMBER_ROLE,
  TARGET_NODE_TYPES,
  TEAMMATES_MAX,
} from '@portal/contract';
import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

export interface BusinessFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  project_id?: number | undefined;
  /** Only businesses this user has a seat in, in one of `statuses`. */
  member?: { userId: number; statuses: readonly number[] } | undefined;
}

function businesses(s: CompanyScope, f: BusinessFilter, deleted: boolean) {
  let q = s
    .selectFrom('businesses', 'b', { withDeleted: deleted })
    .innerJoin('flow_projects as p', 'p.id', 'b.project_id')
    .innerJoin('flows as f', 'f.id', 'b.flow_id');
  if (deleted) q = q.where('b.del_flag', '=', 1);
  if (f.keyword) q = q.where((eb) => containsLike(eb, ['b.name'], f.keyword ?? ''));
  if (f.status !== undefined) q = q.where('b.status', '=', f.status);
  if (f.project_id !== undefined) q = q.where('b.project_id', '=', f.project_id);
  const member = f.member;
  if (member)
    q = q
      .where('b.status', 'in', member.statuses)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('business_seats as t')
            .select('t.id')
            .whereRef('t.business_id', '=', 'b.id')
            .where('t.user_id', '=', member.userId),
        ),
      );
  return q;
}

/** A flow's role with its nodes, as a business copies it. */
export interface FlowRoleCopy {
  id: number;
  name: string;
  capacity: number;
  position_id: number | null;
  can_start: number;
  sort: number;
  nodes: {
    role_id: number;
    node_id: number;
    can_terminate: number;
    can_brought: number;
    actions: string;
    position: string;
  }[];
}

const COLUMNS = [
  'b.id',
  'b.name',
  'b.project_id',
  'p.name as project_name',
  'f.name as flow_name',
  'b.status',
  'b.created_by',
  'b.created_at as create_time',
  'b.updated_at as update_time',
] as const;

/** Businesses, their roles, role nodes and seats: every statement through the company's scope. */
export const businessRepository = {
  page: (s: CompanyScope, f: BusinessFilter, p: PageParams, deleted: boolean) =>
    pageAndCount(businesses(s, f, deleted), p, (q) =>
      q
        .leftJoin('users as u', 'u.id', 'b.created_by')
        .select([...COLUMNS, personName('u').as('creator_name')])
        .orderBy('b.id', 'desc'),
    ),

  /** The newest businesses matching the filter, shortly (for choosing one). */
  choices: (s: CompanyScope, f: BusinessFilter, limit: number) =>
    businesses(s, f, false)
      .select(['b.id', 'b.name', 'b.status', 'p.name as project_name'])
      .orderBy('b.id', 'desc')
      .limit(limit)
      .execute(),

  business: (s: CompanyScope, id: number, deleted = false) =>
    businesses(s, {}, deleted)
      .leftJoin('users as u', 'u.id', 'b.created_by')
      .select([...COLUMNS, personName('u').as('creator_name')])
      .where('b.id', '=', id)
      .executeTakeFirst(),

  /** Seats taken and all seats of each business. */
  seatCounts: async (s: CompanyScope, ids: readonly number[]) => {
    if (ids.length === 0) return new Map<number, { taken: number; all: number }>();
    const rows = await s
      .selectFrom('business_seats', 't')
      .select([
        't.business_id',
        sql<number>`count(*)`.as('all'),
        sql<number>`count(${sql.ref('t.user_id')})`.as('taken'),
      ])
      .where('t.business_id', 'in', ids)
      .groupBy('t.business_id')
      .execute();
    return new Map(rows.map((r) => [r.business_id, { taken: Number(r.taken), all: Number(r.all) }]));
  },

  roles: async (s: CompanyScope, businessId: number) => {
    const roles = await s
      .selectFrom('business_roles', 'r')
      .innerJoin('businesses as b', 'b.id', 'r.business_id')
      .leftJoin('flow_projects as fp', 'fp.id', 'r.project_id')
      .leftJoin('positions as pos', 'pos.id', 'r.position_id')
      .select([
        'r.id',
        'r.name',
        'r.capacity',
        'r.position_id',
        sql<string>`coalesce(pos.name, '')`.as('position_name'),
        'r.can_start',
        // A role of a project a jump or nest goes on in says which (null: the business's own).
        sql<string | null>`case when r.project_id = b.project_id then null else fp.name end`.as(
          'project_name',
        ),
      ])
      .where('r.business_id', '=', businessId)
      // Copied in order (the business's own project first, each role by its sort): their ids keep it.
      .orderBy('r.id')
      .execute();
    const seats = await s
      .selectFrom('business_seats', 't')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.business_role_id', 't.seat_no', 't.user_id', personName('u').as('user_name')])
      .where('t.business_id', '=', businessId)
      .orderBy('t.seat_no')
      .execute();
    return roles.map((r) => ({
      ...r,
      seats: seats
        .filter((x) => x.business_role_id === r.id)
        .map(({ business_role_id: _, ...x }) => ({ ...x, user_name: x.user_id === null ? '' : x.user_name })),
    }));
  },

  /** The project a business is started on, with its flow's status. */
  project: (s: CompanyScope, id: number) =>
    s
      .selectFrom('flow_projects', 'p')
      .innerJoin('flows as f', 'f.id', 'p.flow_id')
      .select([
        'p.id',
        'p.flow_id',
        'p.name',
        'p.open_mode',
        'p.start_day',
        'p.end_day',
        'p.target_user_ids',
        'f.status as flow_status',
        'f.del_flag as flow_deleted',
      ])
      .where('p.id', '=', id)
      .executeTakeFirst(),

  /** A project as its list shows it (the wizard's summary). */
  projectItem: (s: CompanyScope, id: number) =>
    s
      .selectFrom('flow_projects', 'p')
      .innerJoin('flows as f', 'f.id', 'p.flow_id')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select([
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
        personName('u').as('creator_name'),
        'p.created_at as create_time',
        'p.updated_at as update_time',
      ])
      .where('p.id', '=', id)
      .executeTakeFirst(),

  /** The flow's roles and their nodes, as a business copies them. */
  flowRoles: async (
    s: CompanyScope,
    flowId: number,
  ): Promise<(FlowRoleCopy & { position_name: string })[]> => {
    const roles = await s
      .selectFrom('flow_roles', 'r')
      .leftJoin('positions as pos', 'pos.id', 'r.position_id')
      .select([
        'r.id',
        'r.name',
        'r.capacity',
        'r.position_id',
        sql<string>`coalesce(pos.name, '')`.as('position_name'),
        'r.can_start',
        'r.sort',
      ])
      .where('r.flow_id', '=', flowId)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute();
    const nodes = await s
      .selectFrom('flow_role_nodes', 'a')
      .select(['a.role_id', 'a.node_id', 'a.can_terminate', 'a.can_brought', 'a.actions', 'a.position'])
      .where('a.flow_id', '=', flowId)
      .execute();
    return roles.map((r) => ({ ...r, nodes: nodes.filter((n) => n.role_id === r.id) }));
  },

  /** A flow's jump and nest nodes, and the project each goes on in for `projectId` (null: none set, or deleted). */
  targets: async (s: CompanyScope, flowId: number, projectId: number) => {
    const [nodes, targets] = await Promise.all([
      s
        .selectFrom('flow_nodes', 'n')
        .select(['n.id', sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('name')])
        .where('n.flow_id', '=', flowId)
        .where('n.node_type', 'in', [...TARGET_NODE_TYPES])
        .orderBy('n.position')
        .execute(),
      s
        .selectFrom('flow_project_targets', 't')
        .innerJoin('flow_projects as p', 'p.id', 't.target_project_id')
        .select(['t.node_id', 'p.id', 'p.flow_id', 'p.name'])
        .where('t.project_id', '=', projectId)
        .where('p.del_flag', '=', 0)
        .execute(),
    ]);
    return nodes.map((n) => ({ node: n, project: targets.find((t) => t.node_id === n.id) ?? null }));
  },

  /** Active staff of the company holding each position (null: all of them). */
  available: async (s: CompanyScope, positionIds: readonly (number | null)[]) => {
    const rows = await s
      .selectFrom('users', 'u')
      .select(['u.position_id', sql<number>`count(*)`.as('n')])
      .where('u.status', '=', 1)
      .where('u.role', '<>', MEMBER_ROLE)
      .groupBy('u.position_id')
      .execute();
    const all = rows.reduce((sum, r) => sum + Number(r.n), 0);
    return positionIds.map((p) => (p === null ? all : Number(rows.find((r) => r.position_id === p)?.n ?? 0)));
  },

  insert: async (s: CompanyScope, v: { project_id: number; flow_id: number; name: string }, at: string) =>
    (
      await s
        .insertInto('businesses', { ...v, status: 1, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  async copyRoles(
    s: CompanyScope,
    v: { businessId: number; projectId: number },
    roles: readonly FlowRoleCopy[],
    starter: number,
  ) {
    const businessId = v.businessId;
    for (const r of roles) {
      const made = (
        await s
          .insertInto('business_roles', {
            business_id: businessId,
            project_id: v.projectId,
            flow_role_id: r.id,
            name: r.name,
            capacity: r.capacity,
            position_id: r.position_id,
            can_start: r.can_start,
            sort: r.sort,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      if (r.nodes.length > 0)
        await s
          .insertInto(
            'business_role_nodes',
            r.nodes.map(({ role_id: _, ...n }) => ({
              ...n,
              business_id: businessId,
              business_role_id: made,
            })),
          )
          .execute();
      await s
        .insertInto(
          'business_seats',
          Array.from({ length: r.capacity }, (_, i) => ({
            business_id: businessId,
            business_role_id: made,
            seat_no: i + 1,
            user_id: r.can_start === 1 && i === 0 ? starter : null,
          })),
        )
        .execute();
    }
  },

  /** The business's starter, flow and run times. */
  run: (s: CompanyScope, id: number) =>
    s
      .selectFrom('businesses', 'b')
      .select(['b.id', 'b.created_by', 'b.flow_id', 'b.status', 'b.started_at', 'b.ended_at'])
      .where('b.id', '=', id)
      .executeTakeFirst(),

  /**
   * The live business, waiting, its row locked until the transaction ends (an update takes the
   * lock on both dialects): two calls staffing or starting it wait for each other.
   */
  lockWaiting: (s: CompanyScope, id: number, at: string) =>
    s
      .updateTable('businesses')
      .set({ updated_at: at })
      .where('id', '=', id)
      .where('status', '=', BUSINESS_WAITING)
      .returning(['id', 'created_by', 'flow_id', 'project_id'])
      .executeTakeFirst(),

  /** Every seat of a business with its role's 职务 and whether the role starts it. */
  seats: (s: CompanyScope, businessId: number) =>
    s
      .selectFrom('business_seats', 't')
      .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
      .leftJoin('positions as pos', 'pos.id', 'r.position_id')
      .select([
        't.id',
        't.seat_no',
        't.user_id',
        't.business_role_id as role_id',
        'r.name as role_name',
        'r.position_id',
        sql<string>`coalesce(pos.name, '')`.as('position_name'),
        'r.can_start',
        'r.project_id',
      ])
      .where('t.business_id', '=', businessId)
      .orderBy('r.id')
      .orderBy('t.seat_no')
      .execute(),

  /** The seat and its business. */
  seat: (s: CompanyScope, seatId: number) =>
    s
      .selectFrom('business_seats', 't')
      .select(['t.id', 't.business_id'])
      .where('t.id', '=', seatId)
      .executeTakeFirst(),

  /**
   * Active staff of the company (not shop members): by id, or those holding one of `positions`
   * (every one when `positions` is 'all'), at most TEAMMATES_MAX, by name.
   */
  staff: (s: CompanyScope, which: { ids: readonly number[] } | { positions: readonly number[] | 'all' }) => {
    let q = s
      .selectFrom('users', 'u')
      .leftJoin('positions as pos', 'pos.id', 'u.position_id')
      .select([
        'u.id',
        'u.username',
        personName('u').as('name'),
        'u.position_id',
        sql<string>`coalesce(pos.name, '')`.as('position_name'),
      ])
      .where('u.status', '=', 1)
      .where('u.role', '<>', MEMBER_ROLE);
    if ('ids' in which) {
      if (which.ids.length === 0) return Promise.resolve([]);
      q = q.where('u.id', 'in', which.ids);
    } else if (which.positions !== 'all') {
      if (which.positions.length === 0) return Promise.resolve([]);
      q = q.where('u.position_id', 'in', which.positions);
    }
    return q.orderBy('u.id').limit(TEAMMATES_MAX).execute();
  },

  /** The project a jump or nest node of the business goes on in (one of the business's projects' targets). */
  jumpTarget: (s: CompanyScope, businessId: number, nodeId: number) =>
    s
      .selectFrom('flow_project_targets', 't')
      .innerJoin('flow_projects as p', 'p.id', 't.target_project_id')
      .innerJoin('flow_nodes as n', 'n.id', 't.node_id')
      // One of the business's projects (its roles say which it plays).
      .innerJoin('business_roles as r', 'r.project_id', 't.project_id')
      .select(['p.id', 'p.name', 'n.node_type'])
      .where('t.node_id', '=', nodeId)
      .where('r.business_id', '=', businessId)
      .where('p.del_flag', '=', 0)
      .limit(1)
      .executeTakeFirst(),

  /** Whether the business has gone into `projectId` (a path row of it). */
  entered: async (s: CompanyScope, businessId: number, projectId: number) =>
    (await s
      .selectFrom('business_paths', 'p')
      .select('p.id')
      .where('p.business_id', '=', businessId)
      .where('p.project_id', '=', projectId)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  setSeat: (s: CompanyScope, seatId: number, userId: number | null) =>
    s.updateTable('business_seats').set({ user_id: userId }).where('id', '=', seatId).execute(),

  /** Starts a waiting business: false when another call started it first. */
  async start(s: CompanyScope, id: number, at: string) {
    const r = await s
      .updateTable('businesses')
      .set({ status: BUSINESS_RUNNING, started_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', BUSINESS_WAITING)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** A flow's nodes and transitions, as the run walks them. */
  async graph(s: CompanyScope, flowId: number) {
    const [nodes, transitions] = await Promise.all([
      s
        .selectFrom('flow_nodes', 'n')
        .select(['n.id', 'n.task_id', 'n.kind', 'n.name', 'n.node_type'])
        .where('n.flow_id', '=', flowId)
        .orderBy('n.position')
        .execute(),
      s
        .selectFrom('flow_transitions', 't')
        .select(['t.id', 't.name', 't.source', 't.target'])
        .where('t.flow_id', '=', flowId)
        .orderBy('t.id')
        .execute(),
    ]);
    return { nodes, transitions };
  },

  enter: (
    s: CompanyScope,
    rows: readonly { business_id: number; node_id: number; step: number; project_id: number }[],
    at: string,
  ) =>
    s
      .insertInto(
        'business_paths',
        rows.map((r) => ({ ...r, state: BUSINESS_PATH_STATE.current, entered_at: at })),
      )
      .execute(),

  /** The nodes a business is in now, with their names and types. */
  current: (s: CompanyScope, businessId: number) =>
    s
      .selectFrom('business_paths', 'p')
      .innerJoin('flow_nodes as n', 'n.id', 'p.node_id')
      .innerJoin('businesses as b', 'b.id', 'p.business_id')
      .leftJoin('flow_projects as fp', 'fp.id', 'p.project_id')
      .select([
        'p.id as path_id',
        'p.node_id',
        'p.step',
        sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('name'),
        'n.node_type',
        // A node of a project a jump or nest went on in says which (null: the business's own).
        sql<string | null>`case when p.project_id = b.project_id then null else fp.name end`.as(
          'project_name',
        ),
      ])
      .where('p.business_id', '=', businessId)
      .where('p.state', '=', BUSINESS_PATH_STATE.current)
      .orderBy('p.id')
      .execute(),

  /** The nodes the user's roles take part in (`with_user_nodes`), in the drawing's order. */
  /** The nodes one of the user's seats may end, each with that seat (the first). */
  endable: async (s: CompanyScope, businessId: number, userId: number) => {
    const rows = await s
      .selectFrom('business_role_nodes', 'a')
      .innerJoin('business_seats as t', 't.business_role_id', 'a.business_role_id')
      .select(['a.node_id', 't.id as seat_id'])
      .where('a.business_id', '=', businessId)
      .where('a.can_terminate', '=', 1)
      .where('t.user_id', '=', userId)
      .orderBy('t.id', 'desc')
      .execute();
    return new Map(rows.map((r) => [r.node_id, r.seat_id]));
  },

  userNodes: (s: CompanyScope, businessId: number, userId: number) =>
    s
      .selectFrom('business_role_nodes', 'a')
      .innerJoin('business_seats as t', 't.business_role_id', 'a.business_role_id')
      .innerJoin('flow_nodes as n', 'n.id', 'a.node_id')
      .select([
        'n.id as node_id',
        sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('name'),
        'n.position',
        't.id as role_alloc_id',
      ])
      .where('a.business_id', '=', businessId)
      .where('t.user_id', '=', userId)
      .orderBy('n.position')
      .orderBy('t.id')
      .execute(),

  setDeleted: async (s: CompanyScope, id: number, deleted: boolean, at: string) => {
    const r = await s
      .updateTable('businesses', { withDeleted: true })
      .set({ del_flag: deleted ? 1 : 0, updated_at: at })
      .where('id', '=', id)
      .where('del_flag', '=', deleted ? 0 : 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
