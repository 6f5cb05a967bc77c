import { VOTE } from '@portal/contract';
import { sql } from 'kysely';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** What a business's report gathers: every statement scoped to the company. */
export const businessReportRepository = {
  /** The business with its project's and flow's names. */
  business: (s: CompanyScope, id: number) =>
    s
      .selectFrom('businesses', 'b')
      .innerJoin('flow_projects as p', 'p.id', 'b.project_id')
      .innerJoin('flows as f', 'f.id', 'b.flow_id')
      .select([
        'b.id',
        'b.name',
        'b.status',
        'b.project_id',
        'b.started_at',
        'b.ended_at',
        'p.name as project_name',
        'f.name as flow_name',
      ])
      .where('b.id', '=', id)
      .executeTakeFirst(),

  /** Every seat with its member, by role (the business's own project first). */
  members: (s: CompanyScope, businessId: number, projectId: number) =>
    s
      .selectFrom('business_seats', 't')
      .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
      .leftJoin('flow_projects as fp', 'fp.id', 'r.project_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select([
        'r.name as role_name',
        sql<string | null>`case when r.project_id = ${projectId} then null else fp.name end`.as(
          'project_name',
        ),
        personName('u').as('user_name'),
      ])
      .where('t.business_id', '=', businessId)
      .orderBy('r.id')
      .orderBy('t.seat_no')
      .execute(),

  /** The path rows the business has entered, in order (a merge waited at, never run, left out). */
  nodes: (s: CompanyScope, businessId: number, projectId: number) =>
    s
      .selectFrom('business_paths', 'p')
      .innerJoin('flow_nodes as n', 'n.id', 'p.node_id')
      .leftJoin('flow_projects as fp', 'fp.id', 'p.project_id')
      .select([
        'p.id as path_id',
        'p.node_id',
        sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('name'),
        'n.node_type',
        sql<string | null>`case when p.project_id = ${projectId} then null else fp.name end`.as(
          'project_name',
        ),
        'p.step',
        'p.entered_at',
        'p.left_at',
        'p.end_vote',
        'n.kind',
      ])
      .where('p.business_id', '=', businessId)
      .orderBy('p.step')
      .orderBy('p.id')
      .execute(),

  /** Every path row with its node's BPMN id and flow, in the order entered. */
  replayRows: (s: CompanyScope, businessId: number) =>
    s
      .selectFrom('business_paths', 'p')
      .innerJoin('flow_nodes as n', 'n.id', 'p.node_id')
      .select([
        'p.id as path_id',
        'n.task_id',
        sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('name'),
        'n.flow_id',
        'n.node_type',
        'p.step',
        'p.entered_at',
        'p.left_at',
        'p.project_id',
      ])
      .where('p.business_id', '=', businessId)
      .orderBy('p.id')
      .execute(),

  /** The flows' drawings with the project each ran as. */
  drawings: (s: CompanyScope, flowIds: readonly number[]) =>
    flowIds.length === 0
      ? Promise.resolve([])
      : s.selectFrom('flows', 'f').select(['f.id', 'f.xml']).where('f.id', 'in', flowIds).execute(),

  projectNames: async (s: CompanyScope, ids: readonly number[]) =>
    new Map(
      ids.length === 0
        ? []
        : (
            await s
              .selectFrom('flow_projects', 'p')
              .select(['p.id', 'p.name'])
              .where('p.id', 'in', ids)
              .execute()
          ).map((p) => [p.id, p.name]),
    ),

  /** Votes cast in each path row. */
  votes: async (s: CompanyScope, businessId: number) => {
    const rows = await s
      .selectFrom('business_seat_states', 'x')
      .select(['x.path_id', 'x.vote_status', sql<number>`count(*)`.as('n')])
      .where('x.business_id', '=', businessId)
      .where('x.vote_status', '<>', VOTE.none)
      .groupBy(['x.path_id', 'x.vote_status'])
      .execute();
    const by = new Map<number, Map<number, number>>();
    for (const r of rows) {
      const m = by.get(r.path_id) ?? new Map<number, number>();
      m.set(r.vote_status, Number(r.n));
      by.set(r.path_id, m);
    }
    return by;
  },

  /** Seats of roles taking part in each node of the business. */
  seatsByNode: async (s: CompanyScope, businessId: number) =>
    new Map(
      (
        await s
          .selectFrom('business_role_nodes', 'a')
          .innerJoin('business_seats as t', 't.business_role_id', 'a.business_role_id')
          .select(['a.node_id', sql<number>`count(*)`.as('n')])
          .where('a.business_id', '=', businessId)
          .groupBy('a.node_id')
          .execute()
      ).map((r) => [r.node_id, Number(r.n)]),
    ),

  /** Messages sent in each path row. */
  messageCounts: async (s: CompanyScope, businessId: number) =>
    new Map(
      (
        await s
          .selectFrom('business_messages', 'm')
          .select(['m.path_id', sql<number>`count(*)`.as('n')])
          .where('m.business_id', '=', businessId)
          .groupBy('m.path_id')
          .execute()
      ).map((r) => [r.path_id, Number(r.n)]),
    ),
};
