import { z } from 'zod';
import { postCalls } from './call.ts';
import { companySchema } from './company.ts';
import { pageOf } from './envelope.ts';
import {
  choice,
  flag,
  form,
  id,
  keyword,
  optionalEmail,
  optionalId,
  optionalInt,
  optionalMobile,
  optionalText,
  paging,
  text,
  yuanAsCents,
} from './fields.ts';
import { createTime } from './item-fields.ts';
import { defineResource } from './resource.ts';
import { col, pictureAddress } from './screen.ts';

/**
 * The company's people in the shop back office (issue 12, spec §2 `/crm` children `member_index`,
 * `customer_index`, `company`, `login`, `user/{id}`; docs/adr/0020): its registered shoppers
 * (members, role 15), its business customers (a declared resource), its own profile (spec §3
 * Company), its login records and one user. The specification names no paths for them (§7 lists
 * none), so the paths are ours, in the style of its shop calls (POST with a params object).
 */

// ─── Members (会员管理) ─────────────────────────────────────────────────────────────────────────

/** A member's account state (`users.status`): a stopped member cannot log in. */
export const MEMBER_STATUS = { 1: '正常', 0: '已停用' } as const;

/**
 * A mobile number as the member list shows it: the middle four digits hidden (138****8000). The
 * list is read over a shoulder and exported; the number itself is on the member's detail, which
 * is opened one member at a time (ADR 0020).
 */
export function maskMobile(value: string): string {
  return /^\d{11}$/.test(value) ? `${value.slice(0, 3)}****${value.slice(7)}` : value;
}

export const memberRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  /** Masked (`maskMobile`) in the list. */
  mobile: z.string(),
  status: z.number().int(),
  /** The referrer's mobile number the member gave at registration (spec `HigherMobile`), masked. */
  referrer_mobile: z.string(),
  order_count: z.number().int(),
  /** What the member paid on orders that were paid (cents). */
  paid_amount: z.number().int(),
  last_login_time: z.string(),
  ...createTime,
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const memberOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  pay_amount: z.number().int(),
  goods_count: z.number().int(),
  ...createTime,
});
export type MemberOrder = z.infer<typeof memberOrderSchema>;

export const memberCouponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  min_amount: z.number().int(),
  /** 0 unused, 1 used. */
  status: z.number().int(),
  end_time: z.string(),
  claimed_at: z.string(),
  used_at: z.string(),
});
export type MemberCouponHeld = z.infer<typeof memberCouponSchema>;

/** Most recent orders a member's detail lists (the count says how many there are in all). */
export const MEMBER_DETAIL_ORDERS = 20;
/** Most coupons a member's detail lists. */
export const MEMBER_DETAIL_COUPONS = 50;

export const memberDetailSchema = memberRowSchema.extend({
  email: z.string(),
  /** The referrer as a member of this company, when the number is one. */
  referrer: z.object({ id: z.number().int(), real_name: z.string() }).nullable(),
  /** Members of this company who gave this member's number as their referrer. */
  referred_count: z.number().int(),
  orders: z.array(memberOrderSchema),
  coupons: z.array(memberCouponSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberListBody = form({
  keyword: keyword(),
  status: z.optional(flag('状态')),
  ...paging,
});
export const memberIdBody = form({ id: id('会员') });
export const memberStatusBody = form({ id: id('会员'), status: flag('状态') });

// ─── Customers (客户管理) ───────────────────────────────────────────────────────────────────────

export const CUSTOMER_NAME_MAX = 60;
/** Most contacts one customer keeps. */
export const CUSTOMER_CONTACTS_MAX = 10;
/** Payment terms: cash on delivery, monthly statement, or N days of credit (`credit_days`). */
export const PAYMENT_TERMS = { cash: '现结', monthly: '月结', credit: '账期' } as const;
export type PaymentTerms = keyof typeof PAYMENT_TERMS;
export const CREDIT_DAYS_MAX = 365;
/** Largest credit limit, cents (20,000,000.00 元: an integer column on both databases). */
export const CREDIT_LIMIT_MAX = 2_000_000_000;

export const customerContactSchema = z.object({ name: z.string(), mobile: z.string(), email: z.string() });
export type CustomerContact = z.infer<typeof customerContactSchema>;

/** "Name mobile email" per contact, one after another: the contacts as one cell (list, export). */
export const contactsText = (contacts: readonly CustomerContact[]) =>
  contacts.map((c) => [c.name, c.mobile, c.email].filter(Boolean).join(' ')).join('；');

/** The terms in words: 现结, 月结, 账期 30 天. */
export const paymentTermsText = (terms: string, days: number) =>
  terms === 'credit' ? `账期 ${days} 天` : ((PAYMENT_TERMS as Record<string, string>)[terms] ?? terms);

/** One contact of a customer, each part with its own Chinese message. */
const contactField = z.object(
  {
    name: text('联系人姓名', { max: 30 }),
    mobile: optionalMobile('联系人手机号'),
    email: optionalEmail('联系人邮箱'),
  },
  { error: '联系人格式不正确' },
);

/**
 * The contacts: a JSON array (a form post carries it as one JSON text), at least one, each with a
 * name and a mobile number or an e-mail address.
 */
export const customerContacts = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v === null ? undefined : v;
    const s = v.trim();
    if (s === '') return undefined;
    try {
      return JSON.parse(s);
    } catch {
      return v;
    }
  },
  z
    .array(contactField, { error: (iss) => (iss.input === undefined ? '请填写联系人' : '联系人格式不正确') })
    .min(1, '请至少填写一位联系人')
    .max(CUSTOMER_CONTACTS_MAX, `联系人最多${CUSTOMER_CONTACTS_MAX}位`)
    .refine((list) => list.every((c) => c.mobile || c.email), '每位联系人须填写手机号或邮箱'),
);

/**
 * A customer as a spreadsheet row (the Excel import): one contact per row, the terms and the
 * state as words, the credit limit in yuan and the salesperson by name (the server finds them among
 * the company's shop administrators and salespeople).
 */
export const customerSheetFields = {
  name: text('客户名称', { max: CUSTOMER_NAME_MAX }),
  contact_name: text('联系人', { max: 30 }),
  contact_mobile: optionalMobile('联系人手机号'),
  contact_email: optionalEmail('联系人邮箱'),
  address: optionalText('地址', { max: 200 }),
  payment_terms: choice('付款方式', PAYMENT_TERMS),
  credit_days: optionalInt('账期天数', { min: 1, max: CREDIT_DAYS_MAX }),
  credit_limit: yuanAsCents('信用额度（元）', { max: CREDIT_LIMIT_MAX }).optional(),
  salesperson: optionalText('业务员', { max: 30 }),
  status: flag('状态'),
  remark: optionalText('备注', { max: 500 }),
};

/**
 * A customer's columns (ADR 0036): contacts kept as a JSON array (ADR 0020), shown as one line
 * (`contacts_text`) in the export; the terms in words (`terms_text`) in the list and the export;
 * the salesperson kept with the name they had (`salesperson_name`).
 */
const customerShape = {
  name: col.text('客户名称', {
    max: CUSTOMER_NAME_MAX,
    search: true,
    phone: 'title',
    placeholder: '如：杭州青禾贸易有限公司',
  }),
  contacts: col.custom(
    '联系人',
    { item: z.array(customerContactSchema), field: customerContacts },
    { search: true, excel: false, detail: false },
  ),
  contacts_text: col.readOnly('联系人', { list: false }),
  address: col.text('地址', { max: 200, optional: true, search: true, list: false }),
  payment_terms: col.choice('付款方式', PAYMENT_TERMS, {
    search: true,
    list: false,
    excel: false,
    detail: false,
  }),
  credit_days: col.int('账期天数', {
    min: 1,
    max: CREDIT_DAYS_MAX,
    optional: true,
    list: false,
    excel: false,
    detail: false,
  }),
  terms_text: col.readOnly('付款方式'),
  credit_limit: col.money('信用额度', {
    max: CREDIT_LIMIT_MAX,
    optional: true,
    hint: '0 或不填表示不授信',
  }),
  salesperson_id: col.ref(
    '业务员',
    { select: '/customer/salespeople', name: 'salesperson_name' },
    { optional: true, list: false, excel: false, detail: false },
  ),
  salesperson_name: col.readOnly('业务员', { search: true }),
  status: col.flag('状态', '合作中', '已停用', { search: true, phone: 'title' }),
  remark: col.longText('备注', { max: 500, search: true, list: false }),
  update_time: col.time('更新时间', { phone: 'hidden' }),
};

export const customerResource = defineResource({
  label: '客户',
  tags: ['customer'],
  shape: customerShape,
  sorts: { newest: '最新', name: '名称' },
  unique: ['name'],
  excel: {
    fields: customerSheetFields,
    labels: {
      contact_name: '联系人',
      contact_mobile: '联系人手机号',
      contact_email: '联系人邮箱',
      payment_terms: '付款方式',
      credit_days: '账期天数',
      credit_limit: '信用额度（元）',
      salesperson: '业务员',
    },
    example: {
      name: '杭州青禾贸易有限公司',
      contact_name: '李经理',
      contact_mobile: '13712345678',
      contact_email: '',
      address: '杭州市滨江区江南大道 100 号',
      payment_terms: '账期',
      credit_days: 30,
      credit_limit: '50000.00',
      salesperson: '',
      status: '合作中',
      remark: '',
    },
  },
  paths: {
    list: '/customer/list',
    get: '/customer',
    create: '/customer/create',
    update: '/customer/save',
    remove: '/customer/delete',
    removeMany: '/customer/selected/delete',
    select: '/customer/select',
    check: '/customer/check',
    export: '/customer/export',
  },
  permissions: {
    view: 'view_customer',
    add: 'add_customer',
    change: 'change_customer',
    delete: 'delete_customer',
  },
});
export type Customer = z.infer<typeof customerResource.item>;

export const customerCalls = customerResource.calls;

/** Who may be a customer's salesperson: the company's staff of these roles (12 商城管理员, 20 销售). */
export const SALESPERSON_ROLES = [12, 20] as const;
export const salespersonSchema = z.object({ id: z.number().int(), label: z.string() });

// ─── Company profile (单位信息) ─────────────────────────────────────────────────────────────────

/** The login path: `/` and 1–30 lower-case letters, digits, `-` or `_` (`/qf`); '' for none. */
export const LOGIN_PATH_PATTERN = /^\/[a-z0-9_-]{1,30}$/;

/**
 * What the company edits directly: contacts, address and logos. Its registered identity (names,
 * login path, ICP record) changes only through a change request the super administrator approves
 * (`companyChangeCalls`, docs/adr/0029); the save does not take those fields.
 */
export const companyProfileBody = form({
  mobile: optionalMobile('手机号'),
  phone: optionalText('联系电话', { max: 30 }).refine(
    (v) => v === undefined || v === '' || /^[\d\-+() ]{5,30}$/.test(v),
    '联系电话格式不正确',
  ),
  address: optionalText('地址', { max: 200 }),
  email: optionalEmail('邮箱'),
  logo_main: pictureAddress('主标志'),
  logo_centre: pictureAddress('居中标志'),
  logo_mobile: pictureAddress('手机标志'),
});

// ─── Login records (登录记录) and one user ──────────────────────────────────────────────────────

export const LOGIN_RESULTS = { 1: '成功', 0: '失败' } as const;

export const companyLoginSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  real_name: z.string(),
  role: z.number().int().nullable(),
  role_name: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  success: z.number().int(),
  reason: z.string(),
  ...createTime,
});
export type CompanyLogin = z.infer<typeof companyLoginSchema>;

/** A day as `YYYY-MM-DD`. */
const optionalDay = (label: string) =>
  optionalText(label, { max: 10 }).refine(
    (v) => v === undefined || v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
    `${label}须为 YYYY-MM-DD 格式的日期`,
  );

export const companyLoginListBody = form({
  /** User name or real name (contains). */
  keyword: keyword('用户'),
  user_id: optionalId('用户'),
  ip: optionalText('IP 地址', { max: 45 }),
  success: z.optional(flag('结果')),
  date_from: optionalDay('开始日期'),
  date_to: optionalDay('结束日期'),
  ...paging,
});

export const staffUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  group_name: z.string(),
  position_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  status: z.number().int(),
  last_login_time: z.string(),
  ...createTime,
  /** The user's latest login records (successful or not). */
  logins: z.array(companyLoginSchema),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
/** Login records the user page shows. */
export const STAFF_USER_LOGINS = 10;

const tags = ['crm-people'];
const post = postCalls(tags);

export const memberAdminCalls = {
  list: post(
    '/member/list',
    '会员列表（本单位注册的会员，手机号部分隐藏）',
    'view_member',
    memberListBody,
    pageOf(memberRowSchema),
  ),
  get: post(
    '/member',
    '会员详情：订单、持有的优惠券和推荐人',
    'view_member',
    memberIdBody,
    memberDetailSchema,
  ),
  setStatus: post(
    '/member/status',
    '停用或启用会员（停用后不能登录，已登录的会话结束）',
    'change_member_status',
    memberStatusBody,
    memberRowSchema,
  ),
};

export const companyProfileCalls = {
  get: post('/company/profile', '本单位信息', 'change_company', form({}), companySchema),
  update: post(
    '/company/profile/update',
    '修改本单位的联系方式和标志（名称、登录路径和备案信息须提交变更申请）',
    'change_company',
    companyProfileBody,
    companySchema,
  ),
};

export const companyLoginCalls = {
  list: post(
    '/login/log/list',
    '本单位的登录记录',
    'view_login_log',
    companyLoginListBody,
    pageOf(companyLoginSchema),
  ),
  user: post(
    '/user',
    '本单位的一位用户：资料、角色和最近的登录',
    'view_login_log',
    form({ id: id('用户') }),
    staffUserSchema,
  ),
};

const salespersonQuery = form({ keyword: keyword() });
const salespersonList = z.object({ results: z.array(salespersonSchema) });

/** The salesperson picker of the customer form. */
export const salespersonCalls = {
  list: post(
    '/customer/salespeople',
    '可选的业务员（本单位的商城管理员和销售人员）',
    'view_customer',
    salespersonQuery,
    salespersonList,
  ),
};
