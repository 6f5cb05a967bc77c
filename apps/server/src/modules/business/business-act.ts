import { type BusinessMessage, COME, comeOf, LIVE_EVENTS } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import type { LiveHub } from '#server/platform/live/live-hub.ts';
import { nowIso } from '#server/platform/time.ts';
import { asMessage, businessMessageRepository as repo } from './business-message.repository.ts';
import { businessSeatRepository } from './business-seat.repository.ts';

/** The room of a business's open pages, in every process. */
export const roomOf = (companyId: number, businessId: number) => `business:${companyId}:${businessId}`;

/** Where a member acts: the business, the current node and their seat there. */
export interface ActAt {
  business_id: number;
  node_id: number;
  role_alloc_id: number;
}

/** Who acts, where — checked by `act` before the work runs. */
export interface ActContext {
  businessId: number;
  nodeId: number;
  path: { id: number; step: number; control_status: number; end_vote: number };
  seat: { id: number; business_id: number; business_role_id: number; user_id: number | null };
}

/** What the action is heard as: its message (text, or a command with its data). */
export interface Said {
  type: 'txt' | 'cmd';
  cmd: string;
  msg: string;
  data: object;
}

/**
 * A member's action in a running business (ADR 0043), the one way every action is taken — a text,
 * a seat's command, a document saved or signed: in one transaction the seat is checked (theirs, in
 * the business, its role taking part in a node the business is in now — and brought in, when it is
 * one to be brought —), the business row's lock
 * is taken with the next message number (so a business's actions take turns: two members pressing
 * at once never both win), the work runs, and its message is kept; after the commit the message
 * is sent to the business's room on the live socket.
 */
export function businessActs(db: Database, deps: { live: LiveHub }) {
  return async function act<T>(
    caller: Caller,
    at: ActAt,
    work: (s: CompanyScope, ctx: ActContext) => Promise<{ said: Said; result: T }>,
  ): Promise<{ message: BusinessMessage; result: T }> {
    const done = await db.transaction().execute(async (trx) => {
      const s = inCompany(trx, caller.companyId, { userId: caller.userId });
      const seat = await repo.seat(s, at.role_alloc_id);
      if (!seat || seat.business_id !== at.business_id)
        throw new AppError('NOT_FOUND', '席位不存在或不属于这个业务', 'role_alloc_id');
      if (seat.user_id !== caller.userId) throw new AppError('FORBIDDEN', '这不是你的席位', 'role_alloc_id');
      // Takes the business row's lock: a business's messages (and the ends of its nodes) take turns.
      const seq = await repo.nextSeq(s, at.business_id);
      if (seq === null) throw new AppError('BUSINESS_NOT_RUNNING');
      const path = await repo.currentAt(s, at.business_id, at.node_id);
      if (!path)
        throw new AppError(
          (await repo.left(s, at.business_id, at.node_id)) ? 'BUSINESS_NODE_ENDED' : 'BUSINESS_NOT_IN_NODE',
          undefined,
          'node_id',
        );
      const part = await businessSeatRepository.roleNode(s, seat.business_role_id, at.node_id);
      if (!part) throw new AppError('BUSINESS_NOT_IN_NODE', undefined, 'node_id');
      // A role set up to be brought in acts once the host has brought it in.
      if (
        part.can_brought === 1 &&
        comeOf((await businessSeatRepository.state(s, path.id, seat.id)).come_status, 1) !== COME.in
      )
        throw new AppError('BUSINESS_ACTION_REFUSED', '你的角色还没有被带入这个环节，请等待主持人带入');
      const { said, result } = await work(s, { businessId: at.business_id, nodeId: at.node_id, path, seat });
      await repo.insert(s, {
        business_id: at.business_id,
        seq,
        path_id: path.id,
        node_id: at.node_id,
        seat_id: seat.id,
        user_id: caller.userId,
        type: said.type,
        cmd: said.cmd,
        msg: said.msg,
        data: JSON.stringify(said.data),
        created_at: nowIso(),
      });
      return { message: asMessage(await repo.one(s, at.business_id, seq)), result };
    });
    deps.live.to(roomOf(caller.companyId, at.business_id), LIVE_EVENTS.message, done.message);
    return done;
  };
}
export type BusinessAct = ReturnType<typeof businessActs>;
