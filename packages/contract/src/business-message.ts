import { z } from 'zod';
import { BUSINESS_DOC_EVENTS } from './business-doc.ts';
import { BUSINESS_COMMANDS, type BusinessCommand } from './business-run.ts';
import { BRING_MAX, SUBMIT_MAX } from './business-seat.ts';
import { getCalls, loginCalls } from './call.ts';
import { form, id, optionalId, optionalInt, optionalText } from './fields.ts';

/**
 * The live side of a running business (issue 37, ADR 0043; design/training.md "Inside a node"):
 * every action a member takes is `POST /business/message/push` — checked against their seat, kept
 * as a message numbered within its business (`seq`, without gaps), then sent to everyone in the
 * business over the live socket (`LIVE_EVENTS`). A page keeps the last number it has; one it did not
 * get (it was away, or two processes' messages crossed) is read again with `/business/messages`
 * or `join`'s `after_seq`. Served by modules/business (business-message.service.ts).
 */

/** What a command message is called in a log: a member's commands, and the document changes the server records. */
export const MESSAGE_COMMAND_WORDS: Record<string, string> = {
  ...BUSINESS_COMMANDS,
  ...BUSINESS_DOC_EVENTS,
  action_jump_team: '调整人员',
};

/** What a member may send: text, or a command (BUSINESS_COMMANDS) with its `data`. */
export const BUSINESS_MESSAGE_TYPES = { txt: '文字', cmd: '命令' } as const;
export const BUSINESS_MESSAGE_LIMITS = { msg: 500, page: 200 } as const;

export const businessMessageSchema = z.object({
  seq: z.number().int(),
  business_id: z.number().int(),
  node_id: z.number().int(),
  path_id: z.number().int(),
  /** The seat it was sent from (`role_alloc_id`), its role and its member. */
  role_alloc_id: z.number().int(),
  role_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  type: z.string(),
  cmd: z.string(),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()),
  create_time: z.string(),
});
export type BusinessMessage = z.infer<typeof businessMessageSchema>;

/** A command's `data`, sent as a JSON object (the API client encodes it). */
const commandData = z.preprocess(
  (v) => {
    if (v === null || v === '') return {};
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.object(
    {
      tran_id: optionalInt('出口', { min: 0, max: 2_147_483_647 }),
      /** A request answered (`action_role_apply_speak_opt`): its message's number, and 1 approve / 2 refuse. */
      msg_id: optionalInt('申请', { min: 1, max: 2_147_483_647 }),
      result: optionalInt('审批结果', { min: 1, max: 2 }),
      /** A vote (`action_role_vote`): 1 agree, 2 disagree, 9 abstain. */
      status: z
        .union([z.literal(1), z.literal(2), z.literal(9)], { error: '表决只能是赞成、反对或弃权' })
        .optional(),
      /**
       * A signature asked (`action_role_request_sign`): of which document, of which seat; a document
       * shown (`action_doc_show`); the seat scheduled to report (`action_role_schedule_report`).
       */
      doc_id: optionalInt('文书', { min: 1, max: 2_147_483_647 }),
      role_alloc_id: optionalInt('席位', { min: 1, max: 2_147_483_647 }),
      /** The documents handed in (`action_doc_submit`). */
      doc_ids: z
        .array(z.number({ error: '文书必须是整数' }).int('文书必须是整数').min(1).max(2_147_483_647), {
          error: '请选择文书',
        })
        .min(1, '请选择文书')
        .max(SUBMIT_MAX, `一次最多提交${SUBMIT_MAX}份文书`)
        .optional(),
      /** The seats brought in or sent out (`action_role_letin`, `action_role_letout`). */
      role_alloc_ids: z
        .array(z.number({ error: '席位必须是整数' }).int('席位必须是整数').min(1).max(2_147_483_647), {
          error: '请选择席位',
        })
        .min(1, '请选择席位')
        .max(BRING_MAX, `一次最多${BRING_MAX}个席位`)
        .optional(),
    },
    { error: '命令数据格式不正确' },
  ),
);

export const businessMessagePushBody = form({
  business_id: id('业务'),
  node_id: id('环节'),
  role_alloc_id: id('席位'),
  type: z.enum(Object.keys(BUSINESS_MESSAGE_TYPES) as ['txt', 'cmd'], { error: '消息类型不正确' }),
  /** The text (type txt: required). */
  msg: optionalText('消息', { max: BUSINESS_MESSAGE_LIMITS.msg }),
  /** The command (type cmd: required). */
  cmd: z
    .enum(Object.keys(BUSINESS_COMMANDS) as [BusinessCommand, ...BusinessCommand[]], {
      error: '命令不存在',
    })
    .optional(),
  data: commandData.optional(),
}).superRefine((v, ctx) => {
  if (v.type === 'txt' && !v.msg?.trim())
    ctx.addIssue({ code: 'custom', path: ['msg'], message: '消息不能为空' });
  if (v.type === 'cmd' && !v.cmd) ctx.addIssue({ code: 'custom', path: ['cmd'], message: '请选择命令' });
});

export const businessMessagesBody = form({
  business_id: id('业务'),
  /** Only the messages after this number (a page catching up). */
  after_seq: optionalInt('消息序号', { min: 0, max: 2_147_483_647 }),
  node_id: optionalId('环节'),
});

/** The socket's events (socket.io at LIVE_PATH): the client's requests and the server's sends. */
export const LIVE_EVENTS = {
  /** client → server `{business_id, after_seq}`, answered `{c: 0, d: {messages, last_seq}}`. */
  join: 'business:join',
  /** client → server `{business_id}`. */
  leave: 'business:leave',
  /** server → client: a BusinessMessage. */
  message: 'business:message',
} as const;
export const liveJoinBody = z.object(
  { business_id: id('业务'), after_seq: optionalInt('消息序号', { min: 0, max: 2_147_483_647 }) },
  { error: '参数格式不正确' },
);

const tags = ['business'];
const get = getCalls(tags);
const post = loginCalls(tags);
const messages = z.object({ results: z.array(businessMessageSchema), last_seq: z.number().int() });

export const businessMessageCalls = {
  push: post(
    '/business/message/push',
    '在业务的当前环节发送消息（席位须是自己的、角色参与该环节），保存后实时发给业务中的每个人',
    businessMessagePushBody,
    businessMessageSchema,
  ),
  /** A speech alone (the original's socket relay saved texts through it); the same rules as push's text. */
  save: post(
    '/business/message/save',
    '在业务的当前环节发言（文字；与 /business/message/push 的文字消息相同的规则）',
    form({
      business_id: id('业务'),
      node_id: id('环节'),
      role_alloc_id: id('席位'),
      msg: optionalText('消息', { max: BUSINESS_MESSAGE_LIMITS.msg }),
    }).superRefine((v, ctx) => {
      if (!v.msg?.trim()) ctx.addIssue({ code: 'custom', path: ['msg'], message: '消息不能为空' });
    }),
    businessMessageSchema,
  ),
  /**
   * A message in a node of a project the business went on in through a jump or a nest (the
   * original pushed those by project). One run holds them all, so it is push itself, under this path too.
   */
  projectPush: post(
    '/project/message/push',
    '在跳转或嵌套进入的项目的当前环节发送消息（与 /business/message/push 相同）',
    businessMessagePushBody,
    businessMessageSchema,
  ),
  list: get(
    '/business/messages',
    `业务的消息（按序号；after_seq 之后的，最多${BUSINESS_MESSAGE_LIMITS.page}条）`,
    { login: true },
    businessMessagesBody,
    messages,
  ),
} as const;
