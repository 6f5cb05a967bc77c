import { z } from 'zod';
import type { BusinessCommand } from './business-run.ts';
import { getCalls } from './call.ts';
import { form, id } from './fields.ts';
import type { FlowAction } from './workflow-setup.ts';

/**
 * Inside a node (issue 37, ADR 0043; design/training.md "Inside a node"): each seat of a role that
 * takes part in the node has a state there — seated or not, standing or sitting, speeches left —
 * changed by the seat's own commands of `/business/message/push`: 入席 / 退席 (one seat at a
 * scene's position at a time), 起立 / 坐下 (seated only), and under expression management
 * (表达管理, `control_status` 2, switched by a seat that may end the node) a seat that may not end
 * it speaks only after its request is approved, which grants SPEECHES_PER_GRANT speeches.
 * `/business/node/function` says which buttons a seat has now and whether each is enabled;
 * `/business/role/status` lists every seat's state. Served by modules/business (business-seat.service.ts).
 */

export const SITTING = { out: 1, in: 2 } as const;
export const STANDING = { standing: 1, sitting: 2 } as const;
export const CONTROL = { off: 1, on: 2 } as const;
export const SPEAK_REQUEST = { none: 0, waiting: 9 } as const;
export const SPEAK_ANSWER = { approve: 1, refuse: 2 } as const;
/**
 * A request to show or to submit a document (design note: 1 allowed, 2 refused, 9 pending; 0 none
 * asked): the host answers it; the allowed seat shows (or submits) once, and asks again for more.
 */
export const DOC_REQUEST = { none: 0, allowed: 1, refused: 2, pending: 9 } as const;
export const DOC_REQUEST_WORDS: Record<number, string> = { 0: '', 1: '已获准', 2: '被拒绝', 9: '待审批' };
/** The podium (报告席): the host schedules a seat, which goes up to report and comes down. */
export const REPORT = { none: 0, scheduled: 1, reporting: 2, done: 3 } as const;
export const REPORT_WORDS: Record<number, string> = { 0: '', 1: '待报告', 2: '正在报告', 3: '已报告' };
/** Most documents one 提交文书 hands in. */
export const SUBMIT_MAX = 10;
/**
 * A seat's presence in a node its role may be brought into (`can_brought`; design note "brought-in
 * state"): waiting outside until the host brings it in, in, or — a role that is not brought — there
 * as usual. Stored 0 means "as set up": waiting for a brought role, normal for the rest.
 */
export const COME = { waiting: 1, in: 2, normal: 9 } as const;
export const COME_WORDS: Record<number, string> = { 1: '待带入', 2: '已带入', 9: '' };
/** The presence a seat has in a node: its stored one, or the set-up's. */
export const comeOf = (stored: number, canBrought: number) =>
  stored !== 0 ? stored : canBrought === 1 ? COME.waiting : COME.normal;
/** Most seats one 带入 or 送出 names. */
export const BRING_MAX = 50;

/** A seat's vote (spec 001 §3 `vote_status`). */
export const VOTE = { none: 0, agree: 1, disagree: 2, abstain: 9 } as const;
export const VOTE_WORDS: Record<number, string> = { 0: '未表决', 1: '赞成', 2: '反对', 9: '弃权' };
/** Speeches an approved request grants (design note: "grants 3 speeches"). */
export const SPEECHES_PER_GRANT = 3;
/** The scene position any number of seats share. */
export const SHARED_POSITION = '旁听席';

/** Which set-up action (workflow-setup.ts FLOW_ACTIONS) offers each seat command. */
export const COMMAND_ACTION: Partial<Record<BusinessCommand, FlowAction>> = {
  action_role_show: 'seat',
  action_role_hide: 'seat',
  action_role_stand: 'stand',
  action_role_sitdown: 'stand',
  action_role_banned: 'control',
  action_role_apply_speak: 'speak',
  action_role_apply_speak_opt: 'control',
  action_role_vote: 'vote',
  action_role_vote_end: 'vote',
  action_role_letin: 'bring',
  action_role_letout: 'bring',
  action_doc_apply_show: 'show',
  action_doc_apply_show_opt: 'show',
  action_doc_show: 'show',
  action_doc_apply_submit: 'submit',
  action_doc_apply_submit_opt: 'submit',
  action_doc_submit: 'submit',
  action_role_schedule_report: 'report',
  action_role_toward_report: 'report',
  action_role_end_report: 'report',
  action_exp_finish: 'finish',
};

export interface SeatState {
  sitting_status: number;
  stand_status: number;
  speak_times: number;
  speak_request: number;
  vote_status: number;
  /** Stored presence (COME; 0: as set up). */
  come_status: number;
  /** Requests to show and to submit a document (DOC_REQUEST). */
  show_status: number;
  submit_status: number;
  /** The podium (REPORT). */
  report_status: number;
}
export const SEAT_DEFAULTS: SeatState = {
  sitting_status: SITTING.out,
  stand_status: STANDING.sitting,
  speak_times: 0,
  speak_request: SPEAK_REQUEST.none,
  vote_status: VOTE.none,
  come_status: 0,
  show_status: DOC_REQUEST.none,
  submit_status: DOC_REQUEST.none,
  report_status: REPORT.none,
};

/** A seat of a node with its state there: the defaults until its first change, its presence as it stands. */
export function seatInNode<T extends { can_brought: number }>(seat: T, stored: SeatState | undefined) {
  const state = stored ?? SEAT_DEFAULTS;
  return { ...seat, ...state, come_status: comeOf(state.come_status, seat.can_brought) };
}

/** Where a seat acts: whether it may end the node, expression management, whether the vote has ended. */
export interface SeatPlace {
  can_end: boolean;
  control_status: number;
  end_vote?: number | undefined;
}

/** Why a seat may not give a command now ('' when it may). */
export function seatRefusal(cmd: BusinessCommand, s: SeatState, v: SeatPlace): string {
  switch (cmd) {
    case 'action_role_vote':
      if (v.end_vote === 1) return '表决已经结束';
      return s.vote_status === VOTE.none ? '' : `你已经表决（${VOTE_WORDS[s.vote_status] ?? ''}）`;
    case 'action_role_vote_end':
      if (!v.can_end) return '只有能结束环节的角色可以结束表决';
      return v.end_vote === 1 ? '表决已经结束' : '';
    case 'action_role_show':
      return s.sitting_status === SITTING.in ? '你已经入席' : '';
    case 'action_role_hide':
      return s.sitting_status === SITTING.in ? '' : '你还没有入席';
    case 'action_role_stand':
      if (s.sitting_status !== SITTING.in) return '请先入席';
      return s.stand_status === STANDING.standing ? '你已经起立' : '';
    case 'action_role_sitdown':
      if (s.sitting_status !== SITTING.in) return '请先入席';
      return s.stand_status === STANDING.sitting ? '你已经坐下' : '';
    case 'action_role_banned':
    case 'action_role_apply_speak_opt':
      return v.can_end ? '' : '只有能结束环节的角色可以管理发言';
    case 'action_role_apply_speak':
      if (v.can_end) return '你可以直接发言';
      if (v.control_status !== CONTROL.on) return '表达管理没有开启，可以直接发言';
      if (s.speak_request === SPEAK_REQUEST.waiting) return '你的发言申请正在等待审批';
      return s.speak_times > 0 ? `你还可以发言${s.speak_times}次` : '';
    case 'action_doc_apply_show':
    case 'action_doc_apply_submit': {
      const what = cmd === 'action_doc_apply_show' ? '展示' : '提交';
      if (v.can_end) return `你可以直接${what}文书`;
      const asked = cmd === 'action_doc_apply_show' ? s.show_status : s.submit_status;
      if (asked === DOC_REQUEST.pending) return `你的${what}申请正在等待审批`;
      return asked === DOC_REQUEST.allowed ? `你已获准${what}，请选择文书` : '';
    }
    case 'action_doc_apply_show_opt':
    case 'action_doc_apply_submit_opt':
      return v.can_end
        ? ''
        : `只有能结束环节的角色可以审批${cmd === 'action_doc_apply_show_opt' ? '展示' : '提交'}`;
    case 'action_doc_show':
      return v.can_end || s.show_status === DOC_REQUEST.allowed ? '' : '请先申请展示并等待主持人同意';
    case 'action_doc_submit':
      return v.can_end || s.submit_status === DOC_REQUEST.allowed ? '' : '请先申请提交并等待主持人同意';
    case 'action_role_schedule_report':
      return v.can_end ? '' : '只有能结束环节的角色可以安排报告';
    case 'action_role_toward_report':
      if (s.report_status === REPORT.reporting) return '你已经在报告席';
      return s.report_status === REPORT.scheduled ? '' : '主持人还没有安排你报告';
    case 'action_role_end_report':
      return s.report_status === REPORT.reporting ? '' : '你不在报告席';
    case 'action_exp_finish':
      return v.can_end ? '' : '只有能结束环节的角色可以提前结束业务';
    default:
      return '';
  }
}

/** Whether a seat's text may be sent now (expression management: '' when it may). */
export function speechRefusal(s: SeatState, v: SeatPlace): string {
  if (v.can_end || v.control_status !== CONTROL.on) return '';
  return s.speak_times > 0 ? '' : '表达管理已开启，请先申请发言并等待主持人同意';
}

export const seatFunctionSchema = z.object({
  cmd: z.string(),
  name: z.string(),
  /** Offered but not possible now (the reason in `hint`). */
  disable: z.boolean(),
  hint: z.string(),
});
export type SeatFunction = z.infer<typeof seatFunctionSchema>;

const ON_A_ROW = new Set<BusinessCommand>([
  'action_role_apply_speak_opt',
  'action_doc_apply_show_opt',
  'action_doc_apply_submit_opt',
  'action_role_letin',
  'action_role_letout',
  'action_role_schedule_report',
]);
const ASKED = new Set<BusinessCommand>([
  'action_role_apply_speak',
  'action_doc_apply_show',
  'action_doc_apply_submit',
]);

/** The buttons a seat has now (`function_action_list`): the commands its set-up offers, each enabled or not. */
export function seatFunctions(
  actions: readonly string[],
  s: SeatState,
  v: SeatPlace,
  names: Record<string, string>,
): SeatFunction[] {
  const offered = new Set(actions);
  const list: SeatFunction[] = [];
  for (const [cmd, action] of Object.entries(COMMAND_ACTION) as [BusinessCommand, FlowAction][]) {
    if (!offered.has(action)) continue;
    // A pair shows the one that applies: 入席 or 退席, 起立 or 坐下.
    if (cmd === 'action_role_show' && s.sitting_status === SITTING.in) continue;
    if (cmd === 'action_role_hide' && s.sitting_status !== SITTING.in) continue;
    if (cmd === 'action_role_stand' && s.stand_status === STANDING.standing) continue;
    if (cmd === 'action_role_sitdown' && s.stand_status !== STANDING.standing) continue;
    // The podium's pair shows once the host has scheduled the seat: 走上, then 走下.
    if (cmd === 'action_role_toward_report' && s.report_status !== REPORT.scheduled) continue;
    if (cmd === 'action_role_end_report' && s.report_status !== REPORT.reporting) continue;
    // Answering requests is done on the request itself; bringing in and out, and scheduling a
    // report, on the seat's row.
    if (ON_A_ROW.has(cmd)) continue;
    // Managing speech is a seat's that may end the node; asking to speak, show or submit, the others'.
    if (ASKED.has(cmd) && v.can_end) continue;
    if (cmd === 'action_exp_finish' && !v.can_end) continue;
    if (cmd === 'action_role_banned' && !v.can_end) continue;
    if (cmd === 'action_role_vote_end' && !v.can_end) continue;
    // A role waiting outside to be brought in can do nothing yet: its buttons say so.
    const hint = s.come_status === COME.waiting ? '请等待主持人把你带入环节' : seatRefusal(cmd, s, v);
    list.push({ cmd, name: names[cmd] ?? cmd, disable: hint !== '', hint });
  }
  return list;
}

export const seatStatusSchema = z.object({
  role_alloc_id: z.number().int(),
  role_name: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  position: z.string(),
  can_terminate: z.number().int(),
  sitting_status: z.number().int(),
  stand_status: z.number().int(),
  speak_times: z.number().int(),
  speak_request: z.number().int(),
  vote_status: z.number().int(),
  /** Its role may be brought in here (1), and its presence now (COME). */
  can_brought: z.number().int(),
  come_status: z.number().int(),
  /** Requests to show and submit a document (DOC_REQUEST), the podium (REPORT). */
  show_status: z.number().int(),
  submit_status: z.number().int(),
  report_status: z.number().int(),
});
export type SeatStatus = z.infer<typeof seatStatusSchema>;

export const nodeFunctionSchema = z.object({
  control_status: z.number().int(),
  end_vote: z.number().int(),
  function_action_list: z.array(seatFunctionSchema),
  /** The caller's seat may bring roles in and send them out here (1): its buttons stand on the seats' rows. */
  bring: z.number().int(),
  /** The actions the caller's seat is offered in the node (FLOW_ACTIONS codes): node screens show their tools by them. */
  offers: z.array(z.string()),
  /** Animation actions: the scene screens bring them. */
  process_action_list: z.array(z.object({ cmd: z.string(), name: z.string() })),
  user_role_allocs: z.array(seatStatusSchema),
});
export type NodeFunction = z.infer<typeof nodeFunctionSchema>;

export const roleStatusSchema = z.object({
  control_status: z.number().int(),
  /** The node's vote has ended (spec 001 §4 "Voting"). */
  end_vote: z.number().int(),
  role_status_list: z.array(seatStatusSchema),
});
export type RoleStatus = z.infer<typeof roleStatusSchema>;

/**
 * A node's scene (`/business/node/sceneType`): its type, the program module it runs and that
 * module's positions. A scene node (animation, 3D animation) seats its roles at positions; seats
 * stay seated into the next node when both are scenes of the same module (design/training.md).
 */
export const sceneTypeSchema = z.object({
  node_id: z.number().int(),
  node_type: z.number().int().nullable(),
  type_name: z.string(),
  /** Whether the node seats its roles at positions. */
  scene: z.boolean(),
  module_id: z.number().int().nullable(),
  module_name: z.string(),
  positions: z.array(z.string()),
});
export type SceneType = z.infer<typeof sceneTypeSchema>;

const nodeBody = form({ business_id: id('业务'), node_id: id('环节') });
const get = getCalls(['business']);

const seatRef = z.object({ id: z.number().int(), name: z.string(), user_name: z.string() });

export const businessSeatCalls = {
  inList: get(
    '/business/role/in/list',
    '可以带入环节的席位（角色设为可带入、还在环节外的）',
    { login: true },
    nodeBody,
    z.array(seatRef),
  ),
  outList: get(
    '/business/role/out/list',
    '可以送出环节的席位（已被带入的）',
    { login: true },
    nodeBody,
    z.array(seatRef),
  ),
  reportList: get(
    '/business/role/report/list',
    '可以安排报告的席位（环节中还没有安排、或已经报告完的）',
    { login: true },
    nodeBody,
    z.array(seatRef),
  ),
  nodeFunction: get(
    '/business/node/function',
    '自己在环节中的席位状态与此刻可用的动作按钮（function_action_list）',
    { login: true },
    nodeBody,
    nodeFunctionSchema,
  ),
  sceneType: get(
    '/business/node/sceneType',
    '环节的场景：类型、所用的程序模块与其中的位置；同一模块的场景环节之间，入席的席位保持入席',
    { login: true },
    nodeBody,
    sceneTypeSchema,
  ),
  roleStatus: get(
    '/business/role/status',
    '环节中每个席位的状态（入席、起立、剩余发言次数、发言申请）与表达管理',
    { login: true },
    nodeBody,
    roleStatusSchema,
  ),
} as const;
