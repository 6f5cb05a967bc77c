import { z } from 'zod';
import { postCalls } from './call.ts';
import { LOGIN_PATH_PATTERN } from './crm-people.ts';
import { pageOf } from './envelope.ts';
import { form, id, keyword, optionalInt, optionalText, paging, text } from './fields.ts';
import { createTime } from './item-fields.ts';
import { pictureAddress } from './screen.ts';

/**
 * The company's identity change request (issue 12; docs/adr/0029). A company's registered identity — its names, login path and ICP record — is
 * changed only by a request its administrator submits and the platform's super administrator
 * (role 1) approves; contacts, address and logos stay directly editable (`companyProfileCalls`).
 * The calls are ours, under `/company/changeRequest/…`: spec §7's `/company/companyChangeRequest`
 * is a user's request to move to another company (the personal screen company-change, reviewed on
 * /manager/resultCompanyChange) and is left for those screens (ADR 0029).
 */

/** The identity fields, in the order screens show them, by their names in spec §3 Company. */
export const COMPANY_IDENTITY_LABELS = {
  company_name: '单位名称',
  en_name: '英文名称',
  login_path: '登录路径',
  icpCompany: '备案主体',
  ICP: 'ICP 备案号',
  icpUrl: '备案查询地址',
} as const;
export type CompanyIdentityField = keyof typeof COMPANY_IDENTITY_LABELS;
export const COMPANY_IDENTITY_FIELDS = Object.keys(COMPANY_IDENTITY_LABELS) as CompanyIdentityField[];

/** A request's state: 待审核 until approved, rejected (with the reviewer's reason) or withdrawn. */
export const COMPANY_CHANGE_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2, WITHDRAWN: 3 } as const;
export const COMPANY_CHANGE_STATUS_NAMES: Record<number, string> = {
  0: '待审核',
  1: '已通过',
  2: '已驳回',
  3: '已撤回',
};

/** The applicant's explanation (说明) and the reviewer's note or reason, in characters. */
export const COMPANY_CHANGE_REASON_MAX = 200;
export const COMPANY_CHANGE_NOTE_MAX = 200;

const LOGIN_PATH_MESSAGE = '登录路径须以 / 开头，由小写字母、数字、- 或 _ 组成（如 /qf）';

/**
 * The identity fields as a request proposes them: each one optional (not given = not changed), ''
 * clears an optional one; the company name cannot be cleared.
 */
export const companyIdentityFields = {
  company_name: optionalText('单位名称', { max: 60 }).refine(
    (v) => v === undefined || v !== '',
    '单位名称不能为空',
  ),
  en_name: optionalText('英文名称', { max: 100 }),
  login_path: optionalText('登录路径', { max: 31 }).refine(
    (v) => v === undefined || v === '' || LOGIN_PATH_PATTERN.test(v),
    LOGIN_PATH_MESSAGE,
  ),
  icpCompany: optionalText('备案主体', { max: 60 }),
  ICP: optionalText('ICP 备案号', { max: 40 }),
  icpUrl: pictureAddress('备案查询地址'),
};

export const companyChangeSubmitBody = form({
  ...companyIdentityFields,
  reason: optionalText('说明', { max: COMPANY_CHANGE_REASON_MAX }),
});

/** One changed field: its value when the request was made, the proposed one, and the company's now. */
export const companyChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
  current: z.string(),
});
export type CompanyChange = z.infer<typeof companyChangeSchema>;

export const companyChangeRequestSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** The company's name now (the list's and the search's name). */
  company_name: z.string(),
  company_code: z.string(),
  status: z.number().int(),
  changes: z.array(companyChangeSchema),
  reason: z.string(),
  applicant_name: z.string(),
  ...createTime,
  reviewer_name: z.string(),
  /** The reviewer's note on approval, or the reason of a rejection (the applicant sees it). */
  review_note: z.string(),
  /** When it was approved, rejected or withdrawn; '' while pending. */
  close_time: z.string(),
});
export type CompanyChangeRequest = z.infer<typeof companyChangeRequestSchema>;

const requestId = id('变更申请');

export const companyChangeListBody = form({ ...paging });
export const companyChangeReviewListBody = form({
  status: optionalInt('状态', { min: 0, max: 3 }),
  /** The company's name or code (contains). */
  keyword: keyword('单位名称'),
  ...paging,
});
export const companyChangeIdBody = form({ id: requestId });
export const companyChangeApproveBody = form({
  id: requestId,
  review_note: optionalText('审核意见', { max: COMPANY_CHANGE_NOTE_MAX }),
});
export const companyChangeRejectBody = form({
  id: requestId,
  review_note: text('驳回原因', { max: COMPANY_CHANGE_NOTE_MAX }),
});

const call = postCalls(['company-change']);
const page = pageOf(companyChangeRequestSchema);

export const companyChangeCalls = {
  submit: call(
    '/company/changeRequest/submit',
    '申请变更本单位的名称、登录路径或备案信息（超级管理员审核后生效；同时只能有一份待审核的申请）',
    'change_company',
    companyChangeSubmitBody,
    companyChangeRequestSchema,
  ),
  list: call(
    '/company/changeRequest/list',
    '本单位的变更申请（最新的在前）',
    'change_company',
    companyChangeListBody,
    page,
  ),
  withdraw: call(
    '/company/changeRequest/withdraw',
    '撤回本单位待审核的变更申请',
    'change_company',
    companyChangeIdBody,
    companyChangeRequestSchema,
  ),
  reviewList: call(
    '/company/changeRequest/review/list',
    '各单位的变更申请（超级管理员）：按状态筛选、按单位名称搜索',
    'review_company_change',
    companyChangeReviewListBody,
    page,
  ),
  approve: call(
    '/company/changeRequest/approve',
    '通过变更申请：把申请的值写入单位信息（超级管理员）',
    'review_company_change',
    companyChangeApproveBody,
    companyChangeRequestSchema,
  ),
  reject: call(
    '/company/changeRequest/reject',
    '驳回变更申请，写明原因（超级管理员）',
    'review_company_change',
    companyChangeRejectBody,
    companyChangeRequestSchema,
  ),
};
