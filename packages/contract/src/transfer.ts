import { z } from 'zod';
import { getCalls, loginCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { choice, flag, form, id, keyword, optionalChoice, optionalText, paging } from './fields.ts';
import { createTime } from './item-fields.ts';

/**
 * A person's move to another company (spec §2 personal `company-change` and `group-change`, reviewed
 * on /manager/resultCompanyChange and /manager/resultGroupChange; issue 34, docs/adr/0038
 * "Moving to another company"). The person asks (`/company/companyChangeRequest`, the spec's one
 * call; the rest are ours); the administrators of both sides agree — the companies' for a move
 * within a group, the groups' for a move to another group — and the second agreement moves the
 * person in its transaction; either side may refuse with a reason; the person may withdraw while it
 * waits. The person is told through their messages (inbox). Served by modules/transfer.
 */

/** 1 单位变更 (a company of the same group), 2 集群变更 (a company of another group). */
export const TRANSFER_KINDS = { 1: '单位变更', 2: '集群变更' } as const;
export type TransferKind = 1 | 2;
export const TRANSFER_KIND = { COMPANY: 1, GROUP: 2 } as const;

/** The request: waiting, done (the person moved), refused by a side, withdrawn by the person. */
export const TRANSFER_STATUS = { PENDING: 0, DONE: 1, REFUSED: 2, WITHDRAWN: 3 } as const;
export const TRANSFER_STATUS_NAMES: Record<number, string> = {
  0: '待审核',
  1: '已通过',
  2: '已驳回',
  3: '已撤回',
};
/** One side's answer: waiting, agreed, refused. */
export const TRANSFER_SIDE_NAMES: Record<number, string> = { 0: '待审核', 1: '已同意', 2: '已驳回' };

/** Roles that administer a company or a group: they hand their work over before they move. */
export const TRANSFER_BARRED_ROLES: readonly number[] = [1, 2, 3, 6, 7];

export const TRANSFER_REASON_MAX = 200;
export const TRANSFER_NOTE_MAX = 200;

export const transferSchema = z.object({
  id: z.number().int(),
  kind: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  mobile: z.string(),
  from_company_id: z.number().int(),
  from_company: z.string(),
  from_group: z.string(),
  to_company_id: z.number().int(),
  to_company: z.string(),
  to_group: z.string(),
  reason: z.string(),
  /** Each side's answer (TRANSFER_SIDE_NAMES). */
  from_state: z.number().int(),
  to_state: z.number().int(),
  status: z.number().int(),
  /** The refusing side's reason ('' otherwise). */
  note: z.string(),
  decide_time: z.string(),
  ...createTime,
  /** For a reviewer: the sides the caller answers for, and whether one of them still waits. */
  my_sides: z.array(z.enum(['from', 'to'])),
  awaiting_me: z.boolean(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferTargetSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
});
export type TransferTarget = z.infer<typeof transferTargetSchema>;

const kind = choice('变更类别', { 1: '单位变更', 2: '集群变更' });

export const transferRequestBody = form({
  kind,
  company_id: id('目标单位'),
  reason: optionalText('申请原因', { max: TRANSFER_REASON_MAX }),
});

export const transferDecideBody = form({
  id: id('申请'),
  agree: flag('是否同意'),
  note: optionalText('驳回原因', { max: TRANSFER_NOTE_MAX }),
});

export const TRANSFER_REVIEW_STATES = { awaiting: '待我审核', all: '全部' } as const;

const get = getCalls(['transfer']);
const login = loginCalls(['transfer']);
const post = postCalls(['transfer']);

export const transferCalls = {
  request: post(
    '/company/companyChangeRequest',
    '申请调往其他单位或集群',
    'request_transfer',
    transferRequestBody,
    transferSchema,
  ),
  mine: get(
    '/company/change/mine',
    '我的变更申请（最近的在前）',
    { login: true },
    form({ kind: optionalChoice('变更类别', TRANSFER_KINDS) }),
    z.object({ results: z.array(transferSchema) }),
  ),
  targets: get(
    '/company/change/targets',
    '可申请调往的单位（单位变更：本集群的其他单位；集群变更：其他集群的单位）',
    { login: true },
    form({ kind, keyword: keyword('单位名称') }),
    z.object({ results: z.array(transferTargetSchema) }),
  ),
  withdraw: login('/company/change/withdraw', '撤回我的变更申请', form({ id: id('申请') }), transferSchema),
  list: get(
    '/company/change/list',
    '人员变更申请（调入或调出我管理的单位或集群）',
    { permission: 'review_transfer' },
    form({
      kind,
      state: optionalChoice('状态', TRANSFER_REVIEW_STATES),
      keyword: keyword('姓名、用户名或手机号'),
      ...paging,
    }),
    pageOf(transferSchema),
  ),
  decide: post(
    '/company/change/decide',
    '同意或驳回人员变更申请（双方都同意后人员调入新单位）',
    'review_transfer',
    transferDecideBody,
    transferSchema,
  ),
};
