import { BUSINESS_PATH_STATE, BUSINESS_RUNNING } from '@portal/contract';
import { sql } from 'kysely';
import type { CompanyScope } from '#server/platform/db/scope.ts';

const nodeName = sql<string>`coalesce(nullif(n.name, ''), n.task_id)`;

/** What watchers read of running businesses: every statement scoped to the company read. */
export const businessWatchRepository = {
  /** Running businesses' current nodes that allow watching, the newest business first. */
  observables: (s: CompanyScope, limit: number) =>
    s
      .selectFrom('business_paths', 'p')
      .innerJoin('businesses as b', 'b.id', 'p.business_id')
      .innerJoin('flow_nodes as n', 'n.id', 'p.node_id')
      .innerJoin('flow_projects as pr', 'pr.id', 'b.project_id')
      .select([
        'b.id as business_id',
        'b.name as business_name',
        'pr.name as project_name',
        'b.company_id',
        'b.started_at',
        'b.ended_at',
        'n.id as node_id',
        nodeName.as('node_name'),
        'n.node_type',
      ])
      .where('p.state', '=', BUSINESS_PATH_STATE.current)
      .where('n.look_on', '=', 1)
      .where('b.status', '=', BUSINESS_RUNNING)
      .where('b.del_flag', '=', 0)
      .orderBy('b.id', 'desc')
      .orderBy('p.id')
      .limit(limit)
      .execute(),

  business: (s: CompanyScope, id: number) =>
    s
      .selectFrom('businesses', 'b')
      .innerJoin('flow_projects as pr', 'pr.id', 'b.project_id')
      .select([
        'b.id',
        'b.name',
        'b.status',
        'b.flow_id',
        'b.project_id',
        'b.last_seq',
        'pr.name as project_name',
      ])
      .where('b.id', '=', id)
      .where('b.del_flag', '=', 0)
      .executeTakeFirst(),

  /**
   * A node of a flow the business runs — its own, or that of a project a jump or nest goes on in
   * (its roles are the business's) —: its name, type and whether outsiders may watch it.
   */
  node: (s: CompanyScope, businessId: number, nodeId: number) =>
    s
      .selectFrom('flow_nodes', 'n')
      .innerJoin('flow_projects as pr', 'pr.flow_id', 'n.flow_id')
      .innerJoin('business_roles as r', 'r.project_id', 'pr.id')
      .select(['n.id', nodeName.as('name'), 'n.node_type', 'n.look_on'])
      .where('r.business_id', '=', businessId)
      .where('n.id', '=', nodeId)
      .limit(1)
      .executeTakeFirst(),

  /** The business's current path rows whose node allows watching. */
  watchable: (s: CompanyScope, businessId: number) =>
    s
      .selectFrom('business_paths', 'p')
      .innerJoin('flow_nodes as n', 'n.id', 'p.node_id')
      .select(['p.id', 'p.node_id', 'p.control_status'])
      .where('p.business_id', '=', businessId)
      .where('p.state', '=', BUSINESS_PATH_STATE.current)
      .where('n.look_on', '=', 1)
      .execute(),
};
