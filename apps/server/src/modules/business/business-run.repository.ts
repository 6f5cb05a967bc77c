import {
  BUSINESS_FINISHED,
  BUSINESS_PATH_STATE,
  BUSINESS_RUNNING,
  EXPERIENCE_SUBMITTED,
} from '@portal/contract';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

const EXPERIENCE_COLUMNS = [
  'e.id',
  'e.content',
  'e.status',
  'e.created_at as create_time',
  'e.updated_at as update_time',
  'u.id as user_id',
  'u.username',
] as const;

function experiences(s: CompanyScope, businessId: number) {
  return s
    .selectFrom('business_experiences', 'e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select([...EXPERIENCE_COLUMNS, personName('u').as('name')])
    .where('e.business_id', '=', businessId);
}

/** A path row not yet left: current, waiting at a merge, or a nest node whose project runs. */
const OPEN_STATES = [BUSINESS_PATH_STATE.current, BUSINESS_PATH_STATE.waiting, BUSINESS_PATH_STATE.nested];

/** Moving a business on and its members' experiences: every statement scoped to the company. */
export const businessRunRepository = {
  /** Whether one of the user's seats may end the node (its role's `can_terminate` there). */
  canEnd: async (s: CompanyScope, businessId: number, nodeId: number, userId: number) =>
    (await s
      .selectFrom('business_role_nodes', 'a')
      .innerJoin('business_seats as t', 't.business_role_id', 'a.business_role_id')
      .select('a.id')
      .where('a.business_id', '=', businessId)
      .where('a.node_id', '=', nodeId)
      .where('a.can_terminate', '=', 1)
      .where('t.user_id', '=', userId)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  /** Whether the seat's role may end the node. */
  seatEnds: async (s: CompanyScope, roleId: number, nodeId: number) =>
    (await s
      .selectFrom('business_role_nodes', 'a')
      .select('a.id')
      .where('a.business_role_id', '=', roleId)
      .where('a.node_id', '=', nodeId)
      .where('a.can_terminate', '=', 1)
      .executeTakeFirst()) !== undefined,

  /** Leaves a current path row; false when it had already been left (another end won). */
  leave: async (s: CompanyScope, pathId: number, at: string) =>
    Number(
      (
        await s
          .updateTable('business_paths')
          .set({ state: BUSINESS_PATH_STATE.done, left_at: at })
          .where('id', '=', pathId)
          .where('state', '=', BUSINESS_PATH_STATE.current)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,

  enter: (
    s: CompanyScope,
    rows: readonly {
      business_id: number;
      node_id: number;
      step: number;
      came_by: number | null;
      state: number;
      project_id: number;
      parent_id: number | null;
    }[],
    at: string,
  ) =>
    rows.length === 0
      ? Promise.resolve()
      : s
          .insertInto(
            'business_paths',
            rows.map((r) => ({ ...r, entered_at: at })),
          )
          .execute()
          .then(() => undefined),

  /** How many branches wait at the merge now. */
  waitingAt: async (s: CompanyScope, businessId: number, nodeId: number) =>
    Number(
      (
        await s
          .selectFrom('business_paths')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', businessId)
          .where('node_id', '=', nodeId)
          .where('state', '=', BUSINESS_PATH_STATE.waiting)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** The branches waiting at the merge go on: their rows are done. */
  release: (s: CompanyScope, businessId: number, nodeId: number, at: string) =>
    s
      .updateTable('business_paths')
      .set({ state: BUSINESS_PATH_STATE.done, left_at: at })
      .where('business_id', '=', businessId)
      .where('node_id', '=', nodeId)
      .where('state', '=', BUSINESS_PATH_STATE.waiting)
      .execute(),

  /** A path row: its project, the jump or nest row it runs under, its state and a nest's exit. */
  row: (s: CompanyScope, id: number) =>
    s
      .selectFrom('business_paths', 'p')
      .select(['p.id', 'p.node_id', 'p.step', 'p.state', 'p.project_id', 'p.parent_id', 'p.nest_exit'])
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow(),

  /** The flow a node is of. */
  flowOf: async (s: CompanyScope, nodeId: number) =>
    (
      await s
        .selectFrom('flow_nodes', 'n')
        .select('n.flow_id')
        .where('n.id', '=', nodeId)
        .executeTakeFirstOrThrow()
    ).flow_id,

  /** The project a jump or nest node of `projectId` goes on in (live), if set. */
  targetOf: (s: CompanyScope, projectId: number, nodeId: number) =>
    s
      .selectFrom('flow_project_targets', 't')
      .innerJoin('flow_projects as p', 'p.id', 't.target_project_id')
      .select(['p.id', 'p.flow_id', 'p.name'])
      .where('t.project_id', '=', projectId)
      .where('t.node_id', '=', nodeId)
      .where('p.del_flag', '=', 0)
      .executeTakeFirst(),

  /** A nest node left for its project: it waits (state nested) with the exit it goes on through. */
  nest: (s: CompanyScope, id: number, exitId: number) =>
    s
      .updateTable('business_paths')
      .set({ state: BUSINESS_PATH_STATE.nested, nest_exit: exitId })
      .where('id', '=', id)
      .execute(),

  /** A nest node whose project has run is done. */
  unnest: (s: CompanyScope, id: number, at: string) =>
    s
      .updateTable('business_paths')
      .set({ state: BUSINESS_PATH_STATE.done, left_at: at })
      .where('id', '=', id)
      .where('state', '=', BUSINESS_PATH_STATE.nested)
      .execute(),

  /** Path rows still open under a jump or nest row. */
  openUnder: async (s: CompanyScope, parentId: number) =>
    Number(
      (
        await s
          .selectFrom('business_paths')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('parent_id', '=', parentId)
          .where('state', 'in', OPEN_STATES)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Path rows still open (current, waiting at a merge, or a nest whose project runs), besides `exceptPathId`. */
  openRows: async (s: CompanyScope, businessId: number, exceptPathId: number) =>
    Number(
      (
        await s
          .selectFrom('business_paths')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', businessId)
          .where('state', 'in', OPEN_STATES)
          .where('id', '!=', exceptPathId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Leaves every open row of the business (finishing it early). */
  leaveAll: (s: CompanyScope, businessId: number, at: string) =>
    s
      .updateTable('business_paths')
      .set({ state: BUSINESS_PATH_STATE.done, left_at: at })
      .where('business_id', '=', businessId)
      .where('state', 'in', OPEN_STATES)
      .execute(),

  finish: (s: CompanyScope, businessId: number, at: string) =>
    s
      .updateTable('businesses')
      .set({ status: BUSINESS_FINISHED, ended_at: at, updated_at: at })
      .where('id', '=', businessId)
      .where('status', '=', BUSINESS_RUNNING)
      .execute(),

  projectName: async (s: CompanyScope, projectId: number) =>
    (
      await s
        .selectFrom('flow_projects', 'p')
        .select('p.name')
        .where('p.id', '=', projectId)
        .executeTakeFirst()
    )?.name ?? null,

  /** The flow's drawing. */
  xml: async (s: CompanyScope, flowId: number) =>
    (await s.selectFrom('flows', 'f').select('f.xml').where('f.id', '=', flowId).executeTakeFirst())?.xml ??
    '',

  /** Every path row of the business: its node's BPMN id, its state, its project and flow. */
  path: (s: CompanyScope, businessId: number) =>
    s
      .selectFrom('business_paths', 'p')
      .innerJoin('flow_nodes as n', 'n.id', 'p.node_id')
      .select(['p.id', 'n.task_id', 'p.state', 'p.project_id', 'n.flow_id'])
      .where('p.business_id', '=', businessId)
      .orderBy('p.id')
      .execute(),

  /** The members seated in roles that take part in the node. */
  nodeMembers: (s: CompanyScope, businessId: number, nodeId: number) =>
    s
      .selectFrom('business_role_nodes', 'a')
      .innerJoin('business_seats as t', 't.business_role_id', 'a.business_role_id')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', personName('u').as('name')])
      .distinct()
      .where('a.business_id', '=', businessId)
      .where('a.node_id', '=', nodeId)
      .orderBy('u.id')
      .execute(),

  submitted: (s: CompanyScope, businessId: number) =>
    experiences(s, businessId)
      .where('e.status', '=', EXPERIENCE_SUBMITTED)
      .orderBy('e.updated_at')
      .orderBy('e.id')
      .execute(),

  mine: (s: CompanyScope, businessId: number, userId: number) =>
    experiences(s, businessId).where('e.user_id', '=', userId).executeTakeFirst(),

  /** The member's first experience; false when they have one already. */
  insertExperience: async (
    s: CompanyScope,
    v: { business_id: number; user_id: number; content: string; status: number; at: string },
  ) =>
    Number(
      (
        await s
          .insertInto('business_experiences', {
            business_id: v.business_id,
            user_id: v.user_id,
            content: v.content,
            status: v.status,
            created_at: v.at,
            updated_at: v.at,
          })
          .onConflict((oc) => oc.columns(['company_id', 'business_id', 'user_id']).doNothing())
          .executeTakeFirst()
      ).numInsertedOrUpdatedRows ?? 0,
    ) === 1,

  /** A draft rewritten; false when it had been submitted meanwhile. */
  updateDraft: async (
    s: CompanyScope,
    id: number,
    v: { content: string; status: number; at: string },
    draft: number,
  ) =>
    Number(
      (
        await s
          .updateTable('business_experiences')
          .set({ content: v.content, status: v.status, updated_at: v.at })
          .where('id', '=', id)
          .where('status', '=', draft)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,
};
