import {
  BUSINESS_MESSAGE_LIMITS,
  type BusinessCommand,
  type BusinessMessage,
  END_EXIT,
  LIVE_EVENTS,
  liveJoinBody,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import type { LiveHub } from '#server/platform/live/live-hub.ts';
import { openBusiness } from './business-access.ts';
import { type BusinessAct, roomOf } from './business-act.ts';
import type { BusinessDocService } from './business-doc.service.ts';
import { asMessage, businessMessageRepository as repo } from './business-message.repository.ts';
import type { BusinessRunService } from './business-run.service.ts';
import type { BusinessSeatService } from './business-seat.service.ts';

/**
 * A running business's messages (issue 37, ADR 0043): a member's action is checked against their
 * seat (theirs, in the business, its role taking part in a node the business is in now), kept with
 * the business's next number, and — after the commit — sent to the business's room on the live
 * socket. Pages join the room (`LIVE_EVENTS.join`) and are answered what they missed first.
 */
export function businessMessageService(
  db: Database,
  deps: {
    permissions: PermissionCache;
    live: LiveHub;
    act: BusinessAct;
    run: BusinessRunService;
    seats: BusinessSeatService;
    docs: BusinessDocService;
  },
) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  /** The business, if the caller is one of its members or holds view_business. */
  const opened = (s: CompanyScope, caller: Caller, businessId: number) =>
    openBusiness(deps.permissions, s, caller, businessId);

  const service = {
    async push(
      caller: Caller,
      input: {
        business_id: number;
        node_id: number;
        role_alloc_id: number;
        type: 'txt' | 'cmd';
        msg?: string | undefined;
        cmd?: BusinessCommand | undefined;
        data?:
          | {
              tran_id?: number | undefined;
              msg_id?: number | undefined;
              result?: number | undefined;
              status?: number | undefined;
              doc_id?: number | undefined;
              role_alloc_id?: number | undefined;
              role_alloc_ids?: number[] | undefined;
              doc_ids?: number[] | undefined;
            }
          | undefined;
      },
    ): Promise<BusinessMessage> {
      const { message } = await deps.act(caller, input, async (s, ctx) => {
        const type = input.type;
        const said = { type, cmd: type === 'cmd' ? (input.cmd ?? '') : '', msg: input.msg ?? '', data: {} };
        if (type === 'txt') await deps.seats.speech(s, ctx);
        else if (input.cmd === 'action_exp_node_end')
          Object.assign(
            said,
            await deps.run.endNode(s, {
              businessId: input.business_id,
              nodeId: input.node_id,
              roleId: ctx.seat.business_role_id,
              path: ctx.path,
              tranId: input.data?.tran_id ?? END_EXIT,
            }),
          );
        else if (input.cmd === 'action_role_request_sign')
          Object.assign(said, await deps.docs.requestSign(s, ctx, input.data ?? {}));
        else if (input.cmd) {
          Object.assign(said, await deps.seats.command(s, ctx, input.cmd, input.data ?? {}));
          if (input.cmd === 'action_exp_finish') await deps.run.finishEarly(s, input.business_id);
        }
        return { said, result: null };
      });
      return message;
    },

    async list(
      caller: Caller,
      input: { business_id: number; after_seq?: number | undefined; node_id?: number | undefined },
    ) {
      const s = scopeOf(caller);
      const business = await opened(s, caller, input.business_id);
      const rows = await repo.after(
        s,
        input.business_id,
        input.after_seq ?? 0,
        BUSINESS_MESSAGE_LIMITS.page,
        input.node_id,
      );
      return { results: rows.map(asMessage), last_seq: business.last_seq };
    },
  };

  // A page joins its business's room, then reads what it missed: a message sent in between comes
  // twice (by number, the page keeps one), never not at all.
  deps.live.on(LIVE_EVENTS.join, async (caller, payload, socket, ack) => {
    const input = liveJoinBody.safeParse(payload);
    if (!input.success) throw new AppError('PARAM_ERROR', input.error.issues[0]?.message);
    const s = scopeOf(caller);
    await opened(s, caller, input.data.business_id);
    await socket.join(roomOf(caller.companyId, input.data.business_id));
    const missed = await service.list(caller, {
      business_id: input.data.business_id,
      after_seq: input.data.after_seq,
    });
    ack({ c: 0, d: { messages: missed.results, last_seq: missed.last_seq } });
  });
  deps.live.on(LIVE_EVENTS.leave, async (caller, payload, socket, ack) => {
    const input = liveJoinBody.safeParse(payload);
    if (!input.success) throw new AppError('PARAM_ERROR', input.error.issues[0]?.message);
    await socket.leave(roomOf(caller.companyId, input.data.business_id));
    ack({ c: 0 });
  });

  return service;
}
export type BusinessMessageService = ReturnType<typeof businessMessageService>;
