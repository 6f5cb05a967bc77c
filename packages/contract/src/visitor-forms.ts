import { z } from 'zod';
import { defineCall } from './call.ts';
import { deletedResult, pageOf } from './envelope.ts';
import {
  EMAIL_PATTERN,
  flag,
  form,
  id,
  idList,
  int,
  MOBILE_PATTERN,
  mobile,
  optionalEmail,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
} from './fields.ts';
import { createTime } from './item-fields.ts';

/**
 * Visitor forms that land in the back office: supplier applications (/supplierService), questions
 * with the FAQ (/online) and the anonymous message board (/messages). Table names follow the
 * admin console's resources (`problem/`, `opinion/`, `anonymou/`).
 */

/** Supplier applications and board messages share one review state. */
export const REVIEW_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const REVIEW_STATUS_NAMES: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已拒绝' };

/** A question (opinion) is answered once staff replied. */
export const OPINION_STATUS = { OPEN: 0, REPLIED: 1 } as const;
export const OPINION_STATUS_NAMES: Record<number, string> = { 0: '待回复', 1: '已回复' };

/** Each public form takes at most `max` submissions per IP in `windowMinutes`. */
export const PUBLIC_FORM_LIMIT = { max: 5, windowMinutes: 10 } as const;

export const ANONYMOUS_NICKNAME = '匿名访客';

export const FEEDBACK_LIMITS = {
  supplierName: 100,
  contact: 50,
  email: 100,
  supplyCategory: 50,
  description: 1000,
  reviewNote: 200,
  opinionName: 20,
  opinionContent: 1000,
  reply: 1000,
  nickname: 20,
  messageContent: 500,
  keyword: 50,
} as const;

/** 手机号 or 邮箱: how staff can answer a visitor's question. */
const mobileOrEmail = (label: string) =>
  text(label, { max: FEEDBACK_LIMITS.contact }).refine(
    (v) => MOBILE_PATTERN.test(v) || EMAIL_PATTERN.test(v),
    `${label}请填写11位手机号或邮箱`,
  );

const reviewResult = (label: string) => int(label, { min: 1, max: 2 });

// ——— Suppliers ———

export const supplierApplyBody = form({
  company_id: optionalId('单位'),
  name: text('公司名称', { max: FEEDBACK_LIMITS.supplierName }),
  contact: text('联系人', { max: FEEDBACK_LIMITS.contact }),
  mobile: mobile('手机号'),
  email: optionalEmail('邮箱', FEEDBACK_LIMITS.email),
  supply_category: text('供应品类', { max: FEEDBACK_LIMITS.supplyCategory }),
  description: optionalText('公司简介', { max: FEEDBACK_LIMITS.description }),
});
export type SupplierApplyInput = z.infer<typeof supplierApplyBody>;

export const supplierApplyResult = z.object({ id: z.number().int(), status: z.number().int() });

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  mobile: z.string(),
  email: z.string(),
  supply_category: z.string(),
  description: z.string(),
  status: z.number().int(),
  review_note: z.string(),
  reviewer_name: z.string(),
  review_time: z.string(),
  source: z.string(),
  ip: z.string(),
  ...createTime,
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierListQuery = form({
  ...paging,
  status: optionalInt('审核状态', { min: 0, max: 2 }),
  keyword: optionalText('关键词', { max: FEEDBACK_LIMITS.keyword }),
});

export const supplierReviewBody = form({
  id: id('供应商申请'),
  status: reviewResult('审核结果'),
  review_note: optionalText('审核意见', { max: FEEDBACK_LIMITS.reviewNote }),
});

// ——— FAQ (problems) ———

export const problemSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  sort: z.number().int(),
});
export type Problem = z.infer<typeof problemSchema>;

export const problemListQuery = form({
  ...paging,
  company_id: optionalId('单位'),
  keyword: optionalText('关键词', { max: FEEDBACK_LIMITS.keyword }),
});

// ——— Questions (opinions) ———

export const opinionBody = form({
  company_id: optionalId('单位'),
  name: text('称呼', { max: FEEDBACK_LIMITS.opinionName }),
  contact: mobileOrEmail('联系方式'),
  content: text('咨询内容', { max: FEEDBACK_LIMITS.opinionContent }),
});

export const submittedResult = z.object({ id: z.number().int() });

/** What the public sees of an answered question made public: no contact details. */
export const publicOpinionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  reply: z.string(),
  reply_time: z.string(),
  ...createTime,
});
export type PublicOpinion = z.infer<typeof publicOpinionSchema>;

export const publicListQuery = form({ ...paging, company_id: optionalId('单位') });

export const opinionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  content: z.string(),
  reply: z.string(),
  replier_name: z.string(),
  reply_time: z.string(),
  is_public: z.number().int(),
  status: z.number().int(),
  ip: z.string(),
  ...createTime,
});
export type Opinion = z.infer<typeof opinionSchema>;

export const opinionListQuery = form({
  ...paging,
  status: optionalInt('回复状态', { min: 0, max: 1 }),
  keyword: optionalText('关键词', { max: FEEDBACK_LIMITS.keyword }),
});

export const opinionReplyBody = form({
  id: id('咨询'),
  reply: text('回复内容', { max: FEEDBACK_LIMITS.reply }),
  is_public: flag('公开显示'),
});

// ——— Anonymous message board ———

export const messageBoardBody = form({
  company_id: optionalId('单位'),
  nickname: optionalText('昵称', { max: FEEDBACK_LIMITS.nickname }),
  content: text('留言内容', { max: FEEDBACK_LIMITS.messageContent }),
});

export const publicMessageSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  content: z.string(),
  ...createTime,
});
export type PublicMessage = z.infer<typeof publicMessageSchema>;

export const boardMessageSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  content: z.string(),
  status: z.number().int(),
  reviewer_name: z.string(),
  review_time: z.string(),
  ip: z.string(),
  ...createTime,
});
export type BoardMessage = z.infer<typeof boardMessageSchema>;

export const messageListQuery = form({
  ...paging,
  status: optionalInt('审核状态', { min: 0, max: 2 }),
});

export const messageReviewBody = form({ ids: idList('留言'), status: reviewResult('审核结果') });
export const messageDeleteBody = form({ ids: idList('留言') });

/** The reply of a batch review: how many messages were reviewed. */
export const reviewedResult = z.object({ reviewed: z.number().int() });

const supplierTags = ['supplier'];

/** The calls of supplier applications (/supplierService → /crm/supplier_index), served by modules/visitor-forms. */
export const supplierCalls = {
  apply: defineCall({
    method: 'POST',
    path: '/supplier/apply',
    summary: '供应商入驻申请',
    tags: supplierTags,
    access: { public: true },
    input: supplierApplyBody,
    output: supplierApplyResult,
  }),
  list: defineCall({
    method: 'GET',
    path: '/supplier/list',
    summary: '供应商申请列表',
    tags: supplierTags,
    access: { permission: 'view_supplier' },
    input: supplierListQuery,
    output: pageOf(supplierSchema),
  }),
  review: defineCall({
    method: 'POST',
    path: '/supplier/review',
    summary: '审核供应商申请',
    tags: supplierTags,
    access: { permission: 'review_supplier' },
    input: supplierReviewBody,
    output: supplierSchema,
  }),
};

const tags = ['feedback'];

/** The calls of /online (FAQ and questions) and /messages (the moderated board), served by modules/visitor-forms. */
export const feedbackCalls = {
  problems: defineCall({
    method: 'GET',
    path: '/online/problem/list',
    summary: '常见问题',
    tags,
    access: { public: true },
    input: problemListQuery,
    output: pageOf(problemSchema),
  }),
  ask: defineCall({
    method: 'POST',
    path: '/online/opinion',
    summary: '提交在线咨询',
    tags,
    access: { public: true },
    input: opinionBody,
    output: submittedResult,
  }),
  publicOpinions: defineCall({
    method: 'GET',
    path: '/online/opinion/list',
    summary: '已公开回复的咨询',
    tags,
    access: { public: true },
    input: publicListQuery,
    output: pageOf(publicOpinionSchema),
  }),
  post: defineCall({
    method: 'POST',
    path: '/message/board',
    summary: '匿名留言（审核后显示）',
    tags,
    access: { public: true },
    input: messageBoardBody,
    output: supplierApplyResult,
  }),
  publicMessages: defineCall({
    method: 'GET',
    path: '/message/board/list',
    summary: '已审核通过的留言',
    tags,
    access: { public: true },
    input: publicListQuery,
    output: pageOf(publicMessageSchema),
  }),
  opinions: defineCall({
    method: 'GET',
    path: '/feedback/opinion/list',
    summary: '在线咨询列表',
    tags,
    access: { permission: 'view_feedback' },
    input: opinionListQuery,
    output: pageOf(opinionSchema),
  }),
  reply: defineCall({
    method: 'POST',
    path: '/feedback/opinion/reply',
    summary: '回复在线咨询',
    tags,
    access: { permission: 'reply_opinion' },
    input: opinionReplyBody,
    output: opinionSchema,
  }),
  messages: defineCall({
    method: 'GET',
    path: '/feedback/message/list',
    summary: '留言审核列表',
    tags,
    access: { permission: 'view_feedback' },
    input: messageListQuery,
    output: pageOf(boardMessageSchema),
  }),
  reviewMessages: defineCall({
    method: 'POST',
    path: '/feedback/message/review',
    summary: '批量审核留言',
    tags,
    access: { permission: 'review_message' },
    input: messageReviewBody,
    output: reviewedResult,
  }),
  removeMessages: defineCall({
    method: 'POST',
    path: '/feedback/message/delete',
    summary: '删除留言',
    tags,
    access: { permission: 'review_message' },
    input: messageDeleteBody,
    output: deletedResult,
  }),
};
