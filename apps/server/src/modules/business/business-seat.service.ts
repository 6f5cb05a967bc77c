import {
  BUSINESS_COMMANDS,
  BUSINESS_RUNNING,
  type BusinessCommand,
  COME,
  COMMAND_ACTION,
  CONTROL,
  DOC_REQUEST,
  isNodeType,
  NODE_TYPES,
  type NodeFunction,
  REPORT,
  type RoleStatus,
  SCENE_NODE_TYPES,
  type SceneType,
  SEAT_DEFAULTS,
  type SeatState,
  type SeatStatus,
  SHARED_POSITION,
  SITTING,
  SPEAK_ANSWER,
  SPEAK_REQUEST,
  SPEECHES_PER_GRANT,
  STANDING,
  seatFunctions,
  seatInNode,
  seatRefusal,
  speechRefusal,
  VOTE,
  VOTE_WORDS,
} from '@portal/contract';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { actionsOf, namesOf, openBusiness } from './business-access.ts';
import { businessDocRepository } from './business-doc.repository.ts';
import { businessMessageRepository } from './business-message.repository.ts';
import { businessSeatRepository as repo } from './business-seat.repository.ts';

/** What a seat command's message says and carries. */
export interface SeatChanged {
  msg: string;
  data: Record<string, unknown>;
}

/** Who gives a command, where: the push has checked the seat is theirs and in the node. */
export interface SeatContext {
  businessId: number;
  nodeId: number;
  path: { id: number; control_status: number; end_vote: number };
  seat: { id: number; business_role_id: number };
}

/**
 * Inside a node (issue 37, ADR 0043; design/training.md "Inside a node"): a seat's commands —
 * 入席 / 退席 (a scene position holds one seat at a time), 起立 / 坐下, expression management and
 * requests to speak — checked against the seat's state and its set-up (the actions offered), run in
 * the push's transaction after the business row's lock (so two members taking one position at once
 * never both win), and a member's text counted against their speeches while management is on.
 */
export function businessSeatService(db: Database, deps: { permissions: PermissionCache }) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  async function partOf(t: CompanyScope, ctx: SeatContext) {
    const part = await repo.roleNode(t, ctx.seat.business_role_id, ctx.nodeId);
    if (!part) throw new AppError('BUSINESS_NOT_IN_NODE', undefined, 'node_id');
    // The push read the path row (under the business's lock): its management and vote are current.
    return {
      ...part,
      control_status: ctx.path.control_status,
      end_vote: ctx.path.end_vote,
      can_end: part.can_terminate === 1,
    };
  }

  const refuse = (reason: string) => new AppError('BUSINESS_ACTION_REFUSED', reason);

  /** The node's seats with their states (defaults where none is written). */
  async function seatsOf(s: CompanyScope, businessId: number, nodeId: number, pathId: number) {
    const [seats, states] = await Promise.all([
      repo.seatsInNode(s, businessId, nodeId),
      repo.states(s, pathId),
    ]);
    return seats.map((t) => seatInNode(t, states.get(t.role_alloc_id)));
  }
  /** A seat's stored state, from its row as `seatsOf` reads it. */
  const stateOf = (x: SeatState): SeatState => ({
    sitting_status: x.sitting_status,
    stand_status: x.stand_status,
    speak_times: x.speak_times,
    speak_request: x.speak_request,
    vote_status: x.vote_status,
    come_status: x.come_status,
    show_status: x.show_status,
    submit_status: x.submit_status,
    report_status: x.report_status,
  });
  const asStatus = ({
    actions: _,
    business_role_id: __,
    ...t
  }: Awaited<ReturnType<typeof seatsOf>>[number]): SeatStatus => t;

  async function openedNode(caller: Caller, input: { business_id: number; node_id: number }) {
    const s = scopeOf(caller);
    const business = await openBusiness(deps.permissions, s, caller, input.business_id);
    if (business.status !== BUSINESS_RUNNING) throw new AppError('BUSINESS_NOT_RUNNING');
    const path = await businessMessageRepository.currentAt(s, business.id, input.node_id);
    if (!path) throw new AppError('BUSINESS_NOT_IN_NODE', undefined, 'node_id');
    return { s, path, seats: await seatsOf(s, business.id, input.node_id, path.id) };
  }

  /** The node's votes as the spec's update carries them: each seat's `vote_status`, and `end_vote`. */
  async function votes(t: CompanyScope, ctx: SeatContext, endVote: number) {
    const seats = await seatsOf(t, ctx.businessId, ctx.nodeId, ctx.path.id);
    return {
      role_status_list: seats.map((x) => ({ role_alloc_id: x.role_alloc_id, vote_status: x.vote_status })),
      end_vote: endVote,
    };
  }

  return {
    /** Carries out a seat command (`cmd` other than ending the node) in the push's transaction. */
    async command(
      t: CompanyScope,
      ctx: SeatContext,
      cmd: BusinessCommand,
      data: {
        msg_id?: number | undefined;
        result?: number | undefined;
        status?: number | undefined;
        role_alloc_ids?: number[] | undefined;
        doc_id?: number | undefined;
        doc_ids?: number[] | undefined;
        role_alloc_id?: number | undefined;
      },
    ): Promise<SeatChanged> {
      const part = await partOf(t, ctx);
      const action = COMMAND_ACTION[cmd];
      if (!action || !actionsOf(part.actions).includes(action))
        throw refuse(`你的角色在这个环节没有“${BUSINESS_COMMANDS[cmd]}”这个动作`);
      const state = await repo.state(t, ctx.path.id, ctx.seat.id);
      const reason = seatRefusal(cmd, state, part);
      if (reason) throw refuse(reason);
      const at = nowIso();
      const write = (next: SeatState, seatId = ctx.seat.id) =>
        repo.write(t, { business_id: ctx.businessId, path_id: ctx.path.id, seat_id: seatId, at }, next);
      /**
       * Answers a seat's request (`asked`, the message `data.msg_id` of this visit): `next` gives the
       * asker's state once answered (yes or no), or undefined when it is no longer waiting.
       */
      const answer = async (
        asked: BusinessCommand,
        next: (asker: SeatState) => ((yes: boolean) => SeatState) | undefined,
      ) => {
        const request = data.msg_id ? await repo.message(t, ctx.businessId, data.msg_id) : undefined;
        if (request?.cmd !== asked || request.path_id !== ctx.path.id)
          throw new AppError('NOT_FOUND', '申请不存在', 'msg_id');
        if (data.result !== SPEAK_ANSWER.approve && data.result !== SPEAK_ANSWER.refuse)
          throw new AppError('PARAM_ERROR', '请选择同意或拒绝', 'result');
        const answered = next(await repo.state(t, ctx.path.id, request.seat_id));
        if (!answered) throw refuse('这个申请已经处理过了');
        const approved = data.result === SPEAK_ANSWER.approve;
        await write(answered(approved), request.seat_id);
        return { seatId: request.seat_id, approved };
      };
      /** The business's documents named (each must be one of its own). */
      const docsOf = async (ids: (number | undefined)[]) => {
        const wanted = [...new Set(ids)];
        if (wanted.length === 0 || wanted.some((x) => x === undefined))
          throw new AppError('PARAM_ERROR', '请选择文书', 'doc_id');
        const found = await businessDocRepository.docs(t, ctx.businessId, { docIds: wanted as number[] });
        if (found.length !== wanted.length) throw new AppError('NOT_FOUND', '文书不存在或已被删除', 'doc_id');
        return found;
      };

      switch (cmd) {
        case 'action_role_show': {
          // A scene position holds one seat at a time (旁听席 and no position hold any number).
          if (part.position && part.position !== SHARED_POSITION) {
            const seated = (await seatsOf(t, ctx.businessId, ctx.nodeId, ctx.path.id)).find(
              (x) =>
                x.position === part.position &&
                x.sitting_status === SITTING.in &&
                x.role_alloc_id !== ctx.seat.id,
            );
            if (seated)
              throw new AppError('BUSINESS_POSITION_TAKEN', `${part.position}已由“${seated.role_name}”入席`);
          }
          await write({ ...state, sitting_status: SITTING.in, stand_status: STANDING.sitting });
          return {
            msg: `入席${part.position ? `（${part.position}）` : ''}`,
            data: { seat_id: ctx.seat.id, sitting_status: SITTING.in },
          };
        }
        case 'action_role_hide':
          await write({ ...state, sitting_status: SITTING.out, stand_status: STANDING.sitting });
          return { msg: '退席', data: { seat_id: ctx.seat.id, sitting_status: SITTING.out } };
        case 'action_role_stand':
          await write({ ...state, stand_status: STANDING.standing });
          return { msg: '起立', data: { seat_id: ctx.seat.id, stand_status: STANDING.standing } };
        case 'action_role_sitdown':
          await write({ ...state, stand_status: STANDING.sitting });
          return { msg: '坐下', data: { seat_id: ctx.seat.id, stand_status: STANDING.sitting } };
        case 'action_role_banned': {
          const next = part.control_status === CONTROL.on ? CONTROL.off : CONTROL.on;
          await repo.setControl(t, ctx.path.id, next);
          return {
            msg: next === CONTROL.on ? '开启表达管理：发言须先申请' : '关闭表达管理：可以自由发言',
            data: { control_status: next },
          };
        }
        case 'action_role_apply_speak':
          await write({ ...state, speak_request: SPEAK_REQUEST.waiting });
          return { msg: '申请发言', data: { seat_id: ctx.seat.id } };
        case 'action_role_apply_speak_opt': {
          const { seatId, approved } = await answer('action_role_apply_speak', (asker) =>
            asker.speak_request === SPEAK_REQUEST.waiting
              ? (yes) => ({
                  ...asker,
                  speak_request: SPEAK_REQUEST.none,
                  speak_times: yes ? SPEECHES_PER_GRANT : asker.speak_times,
                })
              : undefined,
          );
          return {
            msg: approved ? `同意发言申请（可发言${SPEECHES_PER_GRANT}次）` : '拒绝发言申请',
            data: { msg_id: data.msg_id, seat_id: seatId, result: data.result },
          };
        }
        case 'action_doc_apply_show':
        case 'action_doc_apply_submit': {
          const show = cmd === 'action_doc_apply_show';
          await write({ ...state, [show ? 'show_status' : 'submit_status']: DOC_REQUEST.pending });
          return { msg: show ? '申请展示文书' : '申请提交文书', data: { seat_id: ctx.seat.id } };
        }
        case 'action_doc_apply_show_opt':
        case 'action_doc_apply_submit_opt': {
          const show = cmd === 'action_doc_apply_show_opt';
          const field = show ? 'show_status' : 'submit_status';
          const { seatId, approved } = await answer(
            show ? 'action_doc_apply_show' : 'action_doc_apply_submit',
            (asker) =>
              asker[field] === DOC_REQUEST.pending
                ? (yes) => ({ ...asker, [field]: yes ? DOC_REQUEST.allowed : DOC_REQUEST.refused })
                : undefined,
          );
          const what = show ? '展示' : '提交';
          return {
            msg: approved ? `同意${what}申请` : `拒绝${what}申请`,
            data: { msg_id: data.msg_id, seat_id: seatId, result: data.result, [field]: approved ? 1 : 2 },
          };
        }
        case 'action_doc_show': {
          const [doc] = await docsOf([data.doc_id]);
          // One approval, one showing (the host shows without asking).
          if (!part.can_end) await write({ ...state, show_status: DOC_REQUEST.none });
          return {
            msg: `展示文书《${doc?.name}》`,
            data: { seat_id: ctx.seat.id, doc_id: doc?.id, name: doc?.name },
          };
        }
        case 'action_doc_submit': {
          const docs = await docsOf(data.doc_ids ?? []);
          if (!part.can_end) await write({ ...state, submit_status: DOC_REQUEST.none });
          return {
            msg: `提交文书${docs.map((d) => `《${d.name}》`).join('、')}`,
            data: { seat_id: ctx.seat.id, doc_ids: docs.map((d) => d.id), names: docs.map((d) => d.name) },
          };
        }
        case 'action_role_schedule_report': {
          const seats = await seatsOf(t, ctx.businessId, ctx.nodeId, ctx.path.id);
          const who = seats.find((x) => x.role_alloc_id === data.role_alloc_id);
          if (!who) throw new AppError('NOT_FOUND', '请选择这个环节中的席位', 'role_alloc_id');
          if (who.report_status === REPORT.scheduled || who.report_status === REPORT.reporting)
            throw refuse(`“${who.role_name}”已经安排报告`);
          await write({ ...stateOf(who), report_status: REPORT.scheduled }, who.role_alloc_id);
          return {
            msg: `安排“${who.role_name}”报告`,
            data: { seat_id: who.role_alloc_id, report_status: REPORT.scheduled },
          };
        }
        case 'action_role_toward_report': {
          // The podium holds one reporter at a time.
          const up = (await seatsOf(t, ctx.businessId, ctx.nodeId, ctx.path.id)).find(
            (x) => x.report_status === REPORT.reporting && x.role_alloc_id !== ctx.seat.id,
          );
          if (up)
            throw new AppError('BUSINESS_POSITION_TAKEN', `报告席上是“${up.role_name}”，请等其走下报告席`);
          await write({ ...state, report_status: REPORT.reporting });
          return { msg: '走上报告席', data: { seat_id: ctx.seat.id, report_status: REPORT.reporting } };
        }
        case 'action_exp_finish':
          // Checked here (offered 提前结束, a seat that may end the node); the run ends it.
          return { msg: '提前结束业务', data: { finished: true } };
        case 'action_role_end_report':
          await write({ ...state, report_status: REPORT.done });
          return { msg: '走下报告席', data: { seat_id: ctx.seat.id, report_status: REPORT.done } };
        case 'action_role_vote': {
          if (data.status !== VOTE.agree && data.status !== VOTE.disagree && data.status !== VOTE.abstain)
            throw new AppError('PARAM_ERROR', '请选择赞成、反对或弃权', 'status');
          await write({ ...state, vote_status: data.status });
          return { msg: `表决：${VOTE_WORDS[data.status]}`, data: await votes(t, ctx, part.end_vote) };
        }
        case 'action_role_vote_end': {
          await repo.endVote(t, ctx.path.id);
          const tally = await votes(t, ctx, 1);
          const count = (v: number) => tally.role_status_list.filter((x) => x.vote_status === v).length;
          return {
            msg: `结束表决：赞成${count(VOTE.agree)}，反对${count(VOTE.disagree)}，弃权${count(VOTE.abstain)}，未表决${count(VOTE.none)}`,
            data: tally,
          };
        }
        case 'action_role_letin':
        case 'action_role_letout': {
          // The host brings seats of roles set up to be brought in, or sends them out again.
          if (!part.can_end) throw refuse('只有能结束环节的角色可以带入或送出角色');
          const bringing = cmd === 'action_role_letin';
          const wanted = [...new Set(data.role_alloc_ids ?? [])];
          if (wanted.length === 0) throw new AppError('PARAM_ERROR', '请选择席位', 'role_alloc_ids');
          const seats = await seatsOf(t, ctx.businessId, ctx.nodeId, ctx.path.id);
          const chosen = wanted.map((seatId) => {
            const x = seats.find((y) => y.role_alloc_id === seatId);
            if (x?.can_brought !== 1)
              throw new AppError('NOT_FOUND', '只能带入或送出这个环节中设为可带入的角色', 'role_alloc_ids');
            if (bringing ? x.come_status === COME.in : x.come_status !== COME.in)
              throw refuse(`“${x.role_name}”${bringing ? '已经在环节中' : '不在环节中'}`);
            return x;
          });
          for (const x of chosen)
            await write(
              bringing
                ? { ...stateOf(x), come_status: COME.in }
                : {
                    ...stateOf(x),
                    come_status: COME.waiting,
                    sitting_status: SITTING.out,
                    stand_status: STANDING.sitting,
                  },
              x.role_alloc_id,
            );
          return {
            msg: `${bringing ? '带入' : '送出'}${chosen.map((x) => `“${x.role_name}”`).join('、')}`,
            data: {
              role_alloc_ids: chosen.map((x) => x.role_alloc_id),
              come_status: bringing ? COME.in : COME.waiting,
            },
          };
        }
        default:
          throw refuse(`“${BUSINESS_COMMANDS[cmd]}”不是席位动作`);
      }
    },

    /**
     * Seats stay seated into the next node when it uses the same scene (a scene node type and the
     * same program module; design note "Inside a node"): their states are written in its path row.
     */
    async carrySeated(
      t: CompanyScope,
      v: {
        businessId: number;
        from: { pathId: number; nodeId: number };
        to: { pathId: number; nodeId: number };
      },
    ) {
      const [was, next] = await Promise.all([repo.scene(t, v.from.nodeId), repo.scene(t, v.to.nodeId)]);
      const scene = (n: typeof was) => n?.node_type != null && SCENE_NODE_TYPES.includes(n.node_type);
      if (!scene(was) || !scene(next) || was?.module_id !== next?.module_id) return;
      const at = nowIso();
      for (const x of await repo.seatedInto(t, v.from.pathId, v.businessId, v.to.nodeId))
        await repo.write(
          t,
          { business_id: v.businessId, path_id: v.to.pathId, seat_id: x.seat_id, at },
          { ...SEAT_DEFAULTS, sitting_status: SITTING.in, stand_status: x.stand_status },
        );
    },

    /** A member's text: under expression management a seat that may not end the node spends a speech. */
    async speech(t: CompanyScope, ctx: SeatContext) {
      const part = await partOf(t, ctx);
      const state = await repo.state(t, ctx.path.id, ctx.seat.id);
      const reason = speechRefusal(state, part);
      if (reason) throw new AppError('BUSINESS_SPEAK_REFUSED', reason);
      if (!part.can_end && part.control_status === CONTROL.on)
        await repo.write(
          t,
          { business_id: ctx.businessId, path_id: ctx.path.id, seat_id: ctx.seat.id, at: nowIso() },
          { ...state, speak_times: state.speak_times - 1 },
        );
    },

    async nodeFunction(
      caller: Caller,
      input: { business_id: number; node_id: number },
    ): Promise<NodeFunction> {
      const { path, seats } = await openedNode(caller, input);
      const mine = seats.filter((x) => x.user_id === caller.userId);
      const first = mine[0];
      const v = {
        can_end: first?.can_terminate === 1,
        control_status: path.control_status,
        end_vote: path.end_vote,
      };
      return {
        control_status: path.control_status,
        end_vote: path.end_vote,
        function_action_list: first
          ? seatFunctions(actionsOf(first.actions), first, v, BUSINESS_COMMANDS)
          : [],
        bring: first?.can_terminate === 1 && actionsOf(first.actions).includes('bring') ? 1 : 0,
        offers: first ? actionsOf(first.actions) : [],
        process_action_list: [],
        user_role_allocs: mine.map(asStatus),
      };
    },

    /** A node's scene: its type, module and the module's positions (a node the business's roles take part in). */
    async sceneType(caller: Caller, input: { business_id: number; node_id: number }): Promise<SceneType> {
      const s = scopeOf(caller);
      const business = await openBusiness(deps.permissions, s, caller, input.business_id);
      const n = await repo.sceneOf(s, business.id, input.node_id);
      if (!n) throw new AppError('NOT_FOUND', '业务中没有这个环节', 'node_id');
      return {
        node_id: n.id,
        node_type: n.node_type,
        type_name: n.node_type !== null && isNodeType(n.node_type) ? NODE_TYPES[n.node_type] : '',
        scene: n.node_type !== null && SCENE_NODE_TYPES.includes(n.node_type),
        module_id: n.module_name === null ? null : n.module_id,
        module_name: n.module_name ?? '',
        positions: n.positions ? namesOf(n.positions) : [],
      };
    },

    /** Seats the host may schedule to report: people of the node not scheduled or reporting now. */
    async reportable(caller: Caller, input: { business_id: number; node_id: number }) {
      const { seats } = await openedNode(caller, input);
      return seats
        .filter(
          (x) =>
            x.user_id !== null &&
            x.report_status !== REPORT.scheduled &&
            x.report_status !== REPORT.reporting,
        )
        .map((x) => ({ id: x.role_alloc_id, name: x.role_name, user_name: x.user_name }));
    },

    /** Seats of roles set up to be brought in: those outside (`in`: to bring) or inside (to send out). */
    async bringable(caller: Caller, input: { business_id: number; node_id: number }, which: 'in' | 'out') {
      const { seats } = await openedNode(caller, input);
      return seats
        .filter(
          (x) =>
            x.can_brought === 1 && (which === 'in' ? x.come_status !== COME.in : x.come_status === COME.in),
        )
        .map((x) => ({ id: x.role_alloc_id, name: x.role_name, user_name: x.user_name }));
    },

    async roleStatus(caller: Caller, input: { business_id: number; node_id: number }): Promise<RoleStatus> {
      const { path, seats } = await openedNode(caller, input);
      return {
        control_status: path.control_status,
        end_vote: path.end_vote,
        role_status_list: seats.map(asStatus),
      };
    },
  };
}
export type BusinessSeatService = ReturnType<typeof businessSeatService>;
