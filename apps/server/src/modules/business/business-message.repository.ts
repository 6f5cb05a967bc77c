import { BUSINESS_PATH_STATE, BUSINESS_RUNNING, type BusinessMessage } from '@portal/contract';
import { sql } from 'kysely';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

const MESSAGE_COLUMNS = [
  'm.seq',
  'm.business_id',
  'm.node_id',
  'm.path_id',
  'm.seat_id as role_alloc_id',
  'r.name as role_name',
  'm.user_id',
  'm.type',
  'm.cmd',
  'm.msg',
  'm.data',
  'm.created_at as create_time',
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof messages>['executeTakeFirstOrThrow']>>;

/** A stored message as the API gives it: its data read back as an object. */
export const asMessage = (r: Row): BusinessMessage => {
  let data: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(r.data) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      data = parsed as Record<string, unknown>;
  } catch {
    // A row's data is written by the message service as JSON; anything else reads as none.
  }
  return { ...r, data };
};

function messages(s: CompanyScope, businessId: number) {
  return s
    .selectFrom('business_messages', 'm')
    .innerJoin('business_seats as t', 't.id', 'm.seat_id')
    .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([...MESSAGE_COLUMNS, personName('u').as('user_name')])
    .where('m.business_id', '=', businessId);
}

/** A running business's messages and what a message is checked against: every statement scoped. */
export const businessMessageRepository = {
  /** A live business: its status, flow and last message number (every service of a run reads it here). */
  business: (s: CompanyScope, id: number) =>
    s
      .selectFrom('businesses', 'b')
      .select(['b.id', 'b.status', 'b.flow_id', 'b.last_seq'])
      .where('b.id', '=', id)
      .where('b.del_flag', '=', 0)
      .executeTakeFirst(),

  isMember: async (s: CompanyScope, businessId: number, userId: number) =>
    (await s
      .selectFrom('business_seats', 't')
      .select('t.id')
      .where('t.business_id', '=', businessId)
      .where('t.user_id', '=', userId)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  seat: (s: CompanyScope, seatId: number) =>
    s
      .selectFrom('business_seats', 't')
      .select(['t.id', 't.business_id', 't.business_role_id', 't.user_id'])
      .where('t.id', '=', seatId)
      .executeTakeFirst(),

  /**
   * The next number of a running business's messages, taken under the business row's lock (an
   * update): messages are numbered in the order their transactions take it, without gaps. Null when
   * the business is not running.
   */
  nextSeq: async (s: CompanyScope, businessId: number) =>
    (
      await s
        .updateTable('businesses')
        .set({ last_seq: sql<number>`last_seq + 1` })
        .where('id', '=', businessId)
        .where('status', '=', BUSINESS_RUNNING)
        .returning('last_seq')
        .executeTakeFirst()
    )?.last_seq ?? null,

  /** The business's current path row at the node (its step, expression management, vote), if it is there now. */
  currentAt: (s: CompanyScope, businessId: number, nodeId: number) =>
    s
      .selectFrom('business_paths', 'p')
      .select(['p.id', 'p.step', 'p.control_status', 'p.end_vote'])
      .where('p.business_id', '=', businessId)
      .where('p.node_id', '=', nodeId)
      .where('p.state', '=', BUSINESS_PATH_STATE.current)
      .executeTakeFirst(),

  /** Whether the business has been in the node and left it (a node ended meanwhile). */
  left: async (s: CompanyScope, businessId: number, nodeId: number) =>
    (await s
      .selectFrom('business_paths', 'p')
      .select('p.id')
      .where('p.business_id', '=', businessId)
      .where('p.node_id', '=', nodeId)
      .where('p.state', '=', BUSINESS_PATH_STATE.done)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  insert: (
    s: CompanyScope,
    v: {
      business_id: number;
      seq: number;
      path_id: number;
      node_id: number;
      seat_id: number;
      user_id: number;
      type: string;
      cmd: string;
      msg: string;
      data: string;
      created_at: string;
    },
  ) => s.insertInto('business_messages', v).execute(),

  one: (s: CompanyScope, businessId: number, seq: number) =>
    messages(s, businessId).where('m.seq', '=', seq).executeTakeFirstOrThrow(),

  /** The messages after `afterSeq`, in order, at most `limit`. */
  after: (s: CompanyScope, businessId: number, afterSeq: number, limit: number, nodeId?: number) => {
    let q = messages(s, businessId).where('m.seq', '>', afterSeq);
    if (nodeId !== undefined) q = q.where('m.node_id', '=', nodeId);
    return q.orderBy('m.seq').limit(limit).execute();
  },
};
