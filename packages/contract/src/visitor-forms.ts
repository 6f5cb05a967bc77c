import { z } from 'zod';
import { getCalls, postCalls, publicCalls } from './call.ts';
import { deletedResult, pageOf } from './envelope.ts';
import {
  EMAIL_PATTERN,
  flag,
  form,
  id,
  idList,
  int,
  keyword,
  MOBILE_PATTERN,
  mobile,
  optionalChoice,
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
  keyword: keyword('关键词'),
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
  keyword: keyword('关键词'),
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
  keyword: keyword('关键词'),
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
const supplierAnyone = publicCalls(supplierTags);
const supplierGet = getCalls(supplierTags);
const supplierPost = postCalls(supplierTags);

/** The calls of supplier applications (/supplierService → /crm/supplier_index), served by modules/visitor-forms. */
export const supplierCalls = {
  apply: supplierAnyone('/supplier/apply', '供应商入驻申请', supplierApplyBody, supplierApplyResult),
  list: supplierGet(
    '/supplier/list',
    '供应商申请列表',
    { permission: 'view_supplier' },
    supplierListQuery,
    pageOf(supplierSchema),
  ),
  review: supplierPost(
    '/supplier/review',
    '审核供应商申请',
    'review_supplier',
    supplierReviewBody,
    supplierSchema,
  ),
};

const tags = ['feedback'];
const anyone = publicCalls(tags);
const get = getCalls(tags);
const post = postCalls(tags);

/** The calls of /online (FAQ and questions) and /messages (the moderated board), served by modules/visitor-forms. */
export const feedbackCalls = {
  problems: get(
    '/online/problem/list',
    '常见问题',
    { public: true },
    problemListQuery,
    pageOf(problemSchema),
  ),
  ask: anyone('/online/opinion', '提交在线咨询', opinionBody, submittedResult),
  publicOpinions: get(
    '/online/opinion/list',
    '已公开回复的咨询',
    { public: true },
    publicListQuery,
    pageOf(publicOpinionSchema),
  ),
  post: anyone('/message/board', '匿名留言（审核后显示）', messageBoardBody, supplierApplyResult),
  publicMessages: get(
    '/message/board/list',
    '已审核通过的留言',
    { public: true },
    publicListQuery,
    pageOf(publicMessageSchema),
  ),
  opinions: get(
    '/feedback/opinion/list',
    '在线咨询列表',
    { permission: 'view_feedback' },
    opinionListQuery,
    pageOf(opinionSchema),
  ),
  reply: post('/feedback/opinion/reply', '回复在线咨询', 'reply_opinion', opinionReplyBody, opinionSchema),
  messages: get(
    '/feedback/message/list',
    '留言审核列表',
    { permission: 'view_feedback' },
    messageListQuery,
    pageOf(boardMessageSchema),
  ),
  reviewMessages: post(
    '/feedback/message/review',
    '批量审核留言',
    'review_message',
    messageReviewBody,
    reviewedResult,
  ),
  removeMessages: post(
    '/feedback/message/delete',
    '删除留言',
    'review_message',
    messageDeleteBody,
    deletedResult,
  ),
};

// ——— Enquiries: product planning and investment (/aboutUs → /crm/enquiry_index) ———

/** The two enquiries a visitor sends from 关于我们 (`POST /account/product/plan`, `/account/venture/capital`). */
export const ENQUIRY_KINDS = { product_plan: '产品规划咨询', venture_capital: '投融资咨询' } as const;
export type EnquiryKind = keyof typeof ENQUIRY_KINDS;

/** An enquiry is 待处理 until staff mark it handled (with an optional note). */
export const ENQUIRY_STATUS = { OPEN: 0, HANDLED: 1 } as const;
export const ENQUIRY_STATUS_NAMES: Record<number, string> = { 0: '待处理', 1: '已处理' };

export const ENQUIRY_LIMITS = {
  contact: 20,
  email: 100,
  organization: 100,
  subject: 100,
  content: 1000,
  note: 200,
  /** 拟融资金额（万元） */
  amount: 10_000_000,
} as const;

const enquiryCommon = {
  company_id: optionalId('单位'),
  contact: text('联系人', { max: ENQUIRY_LIMITS.contact }),
  mobile: mobile('手机号'),
  email: optionalEmail('邮箱', ENQUIRY_LIMITS.email),
};

export const productPlanBody = form({
  ...enquiryCommon,
  organization: optionalText('单位名称', { max: ENQUIRY_LIMITS.organization }),
  subject: text('产品名称', { max: ENQUIRY_LIMITS.subject }),
  content: text('规划需求', { max: ENQUIRY_LIMITS.content }),
});
export type ProductPlanInput = z.infer<typeof productPlanBody>;

export const ventureCapitalBody = form({
  ...enquiryCommon,
  organization: text('公司名称', { max: ENQUIRY_LIMITS.organization }),
  subject: text('项目名称', { max: ENQUIRY_LIMITS.subject }),
  amount: optionalInt('拟融资金额', { min: 1, max: ENQUIRY_LIMITS.amount }),
  content: text('项目简介', { max: ENQUIRY_LIMITS.content }),
});
export type VentureCapitalInput = z.infer<typeof ventureCapitalBody>;

export const enquirySchema = z.object({
  id: z.number().int(),
  kind: z.enum(Object.keys(ENQUIRY_KINDS) as [EnquiryKind, ...EnquiryKind[]]),
  contact: z.string(),
  mobile: z.string(),
  email: z.string(),
  organization: z.string(),
  subject: z.string(),
  /** 拟融资金额（万元）, venture capital only. */
  amount: z.number().int().nullable(),
  content: z.string(),
  status: z.number().int(),
  note: z.string(),
  handler_name: z.string(),
  handle_time: z.string(),
  ip: z.string(),
  ...createTime,
});
export type Enquiry = z.infer<typeof enquirySchema>;

export const enquiryListQuery = form({
  ...paging,
  kind: optionalChoice('咨询类型', ENQUIRY_KINDS),
  status: optionalInt('处理状态', { min: 0, max: 1 }),
  keyword: keyword('关键词'),
});

export const enquiryHandleBody = form({
  id: id('咨询'),
  note: optionalText('处理备注', { max: ENQUIRY_LIMITS.note }),
});

const enquiryTags = ['enquiry'];
const enquiryAnyone = publicCalls(enquiryTags);
const enquiryGet = getCalls(enquiryTags);
const enquiryPost = postCalls(enquiryTags);

/** Product-planning and investment enquiries (/aboutUs → /crm/enquiry_index), served by modules/visitor-forms. */
export const enquiryCalls = {
  productPlan: enquiryAnyone('/account/product/plan', '提交产品规划咨询', productPlanBody, submittedResult),
  ventureCapital: enquiryAnyone(
    '/account/venture/capital',
    '提交投融资咨询',
    ventureCapitalBody,
    submittedResult,
  ),
  list: enquiryGet(
    '/enquiry/list',
    '产品规划与投融资咨询列表',
    { permission: 'view_enquiry' },
    enquiryListQuery,
    pageOf(enquirySchema),
  ),
  handle: enquiryPost(
    '/enquiry/handle',
    '标记咨询已处理',
    'change_enquiry',
    enquiryHandleBody,
    enquirySchema,
  ),
};
