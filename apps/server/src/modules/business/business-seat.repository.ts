import { SEAT_DEFAULTS, type SeatState, SITTING } from '@portal/contract';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** Seats' states inside a node: every statement scoped to the company. */
/** A seat's state in a path row, as SeatState holds it. */
const STATE_COLUMNS = [
  'x.sitting_status',
  'x.stand_status',
  'x.speak_times',
  'x.speak_request',
  'x.vote_status',
  'x.come_status',
  'x.show_status',
  'x.submit_status',
  'x.report_status',
] as const;

export const businessSeatRepository = {
  /** The role's part in the node: whether it may end it, the actions it is offered, its position. */
  roleNode: (s: CompanyScope, roleId: number, nodeId: number) =>
    s
      .selectFrom('business_role_nodes', 'a')
      .select(['a.can_terminate', 'a.can_brought', 'a.actions', 'a.position'])
      .where('a.business_role_id', '=', roleId)
      .where('a.node_id', '=', nodeId)
      .executeTakeFirst(),

  setControl: (s: CompanyScope, pathId: number, status: number) =>
    s.updateTable('business_paths').set({ control_status: status }).where('id', '=', pathId).execute(),

  endVote: (s: CompanyScope, pathId: number) =>
    s.updateTable('business_paths').set({ end_vote: 1 }).where('id', '=', pathId).execute(),

  /** The seat's state in the path row (the defaults until its first change). */
  async state(s: CompanyScope, pathId: number, seatId: number): Promise<SeatState> {
    const row = await s
      .selectFrom('business_seat_states', 'x')
      .select(STATE_COLUMNS)
      .where('x.path_id', '=', pathId)
      .where('x.seat_id', '=', seatId)
      .executeTakeFirst();
    return row ?? { ...SEAT_DEFAULTS };
  },

  /** Writes the seat's state (its row made on the first change). */
  async write(
    s: CompanyScope,
    v: { business_id: number; path_id: number; seat_id: number; at: string },
    state: SeatState,
  ) {
    const { at, ...keys } = v;
    await s
      .insertInto('business_seat_states', { ...keys, updated_at: at, ...state })
      .onConflict((oc) => oc.columns(['company_id', 'path_id', 'seat_id']).doNothing())
      .execute();
    await s
      .updateTable('business_seat_states')
      .set({ ...state, updated_at: v.at })
      .where('path_id', '=', v.path_id)
      .where('seat_id', '=', v.seat_id)
      .execute();
  },

  /** Every seat of a role taking part in the node: role, member, position, whether it may end the node. */
  seatsInNode: (s: CompanyScope, businessId: number, nodeId: number) =>
    s
      .selectFrom('business_role_nodes', 'a')
      .innerJoin('business_roles as r', 'r.id', 'a.business_role_id')
      .innerJoin('business_seats as t', 't.business_role_id', 'a.business_role_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id as role_alloc_id',
        'r.name as role_name',
        't.user_id',
        personName('u').as('user_name'),
        'a.position',
        'a.can_terminate',
        'a.can_brought',
        'a.actions',
        't.business_role_id',
      ])
      .where('a.business_id', '=', businessId)
      .where('a.node_id', '=', nodeId)
      .orderBy('r.sort')
      .orderBy('t.seat_no')
      .execute(),

  /** The states written in the path row, by seat. */
  states: async (s: CompanyScope, pathId: number) =>
    new Map(
      (
        await s
          .selectFrom('business_seat_states', 'x')
          .select(['x.seat_id', ...STATE_COLUMNS])
          .where('x.path_id', '=', pathId)
          .execute()
      ).map(({ seat_id, ...state }) => [seat_id, state]),
    ),

  /** A node's scene: its type and program module. */
  scene: (s: CompanyScope, nodeId: number) =>
    s
      .selectFrom('flow_nodes', 'n')
      .select(['n.node_type', 'n.module_id'])
      .where('n.id', '=', nodeId)
      .executeTakeFirst(),

  /** A node of the business (one its roles take part in) with its program module. */
  sceneOf: (s: CompanyScope, businessId: number, nodeId: number) =>
    s
      .selectFrom('business_role_nodes', 'a')
      .innerJoin('flow_nodes as n', 'n.id', 'a.node_id')
      .leftJoin('program_modules as m', (j) => j.onRef('m.id', '=', 'n.module_id').on('m.del_flag', '=', 0))
      .select(['n.id', 'n.node_type', 'n.module_id', 'm.name as module_name', 'm.positions'])
      .where('a.business_id', '=', businessId)
      .where('a.node_id', '=', nodeId)
      .limit(1)
      .executeTakeFirst(),

  /** The seats seated in a path row whose roles also take part in `nodeId`. */
  seatedInto: (s: CompanyScope, fromPathId: number, businessId: number, nodeId: number) =>
    s
      .selectFrom('business_seat_states', 'x')
      .innerJoin('business_seats as t', 't.id', 'x.seat_id')
      .innerJoin('business_role_nodes as a', 'a.business_role_id', 't.business_role_id')
      .select(['x.seat_id', 'x.stand_status'])
      .where('x.path_id', '=', fromPathId)
      .where('x.sitting_status', '=', SITTING.in)
      .where('a.business_id', '=', businessId)
      .where('a.node_id', '=', nodeId)
      .execute(),

  /** A message of the business by its number (a request being answered). */
  message: (s: CompanyScope, businessId: number, seq: number) =>
    s
      .selectFrom('business_messages', 'm')
      .select(['m.seat_id', 'm.path_id', 'm.cmd'])
      .where('m.business_id', '=', businessId)
      .where('m.seq', '=', seq)
      .executeTakeFirst(),
};
