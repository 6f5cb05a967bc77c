import { z } from 'zod';
import { loginCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { choice, flag, form, id, int, MOBILE_PATTERN, optionalId, optionalText, paging } from './fields.ts';
import { defineResource } from './resource.ts';
import { col } from './screen.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

/** Longest coupon name and code. */
export const COUPON_NAME_MAX = 30;
export const COUPON_CODE_MAX = 30;
/** Most copies one member may hold of one coupon. */
export const COUPON_PER_MEMBER_MAX = 99;
/** Most copies one coupon may have in all (0 = unlimited). */
export const COUPON_TOTAL_MAX = 1_000_000;
/** Most mobiles one issue names. */
export const COUPON_ISSUE_MOBILES_MAX = 200;
/** Most members one issue "to all members" reaches (a larger company issues by mobile, in batches). */
export const COUPON_ISSUE_ALL_MAX = 10_000;
/** The period's refusal, the store's and the form's alike: the end must come after the start. */
export const COUPON_END_AFTER_START = '结束时间必须晚于开始时间';

/** 1 issued (claimable, issuable), 0 stopped: no new copies; copies already held stay usable until the end time. */
export const COUPON_STATUS = { 1: '发放中', 0: '已停发' } as const;

/** A coupon code: letters, digits, - and _ (members type it at checkout). */
const couponCode = optionalText('优惠码', { max: COUPON_CODE_MAX }).refine(
  (v) => v === undefined || v === '' || /^[A-Za-z0-9_-]+$/.test(v),
  '优惠码只能包含字母、数字、- 和 _',
);

/**
 * A coupon's columns (ADR 0036), amounts in fen: what a coupon is to the back office, and (without
 * its status and audit times) to a member.
 */
const couponShape = {
  name: col.text('优惠券名称', {
    max: COUPON_NAME_MAX,
    search: true,
    phone: 'title',
    placeholder: '如：新人专享 满99减10',
  }),
  code: col.text('优惠码', {
    code: true,
    max: COUPON_CODE_MAX,
    optional: true,
    search: true,
    list: false,
    field: couponCode,
    placeholder: '如 NEW10',
    hint: '选填：会员在结算时输入即可使用',
  }),
  amount: col.money('优惠金额', {
    min: 1,
    max: MAX_PRICE_CENTS,
    placeholder: '如 10',
  }),
  min_amount: col.money('使用门槛', {
    max: MAX_PRICE_CENTS,
    optional: true,
    list: false,
    placeholder: '如 99',
    hint: '订单满多少可用；不填为无门槛',
  }),
  start_time: col.time('开始时间', { form: true, list: false }),
  end_time: col.time('结束时间', { form: true }),
  /** 0 = unlimited. */
  total: col.int('发放总量', {
    min: 0,
    max: COUPON_TOTAL_MAX,
    optional: true,
    list: false,
    excel: '发放总量（0 为不限）',
    hint: '0 为不限',
    initial: 0,
  }),
  claimed: col.int('已领取', { min: 0, max: COUPON_TOTAL_MAX, form: false }),
  /** Copies one member may hold (claimed or issued). */
  per_member: col.int('每人限领', { min: 1, max: COUPON_PER_MEMBER_MAX, optional: true, initial: 1 }),
  /** 1 issued (claimable, issuable), 0 stopped (see COUPON_STATUS). */
  status: col.flag('状态', COUPON_STATUS[1], COUPON_STATUS[0], { search: true, phone: 'title' }),
};

/**
 * The shop's coupons in the back office (`/crm/coupon_index`; spec §7 `/coupon/create`,
 * `/coupon/update`, `/coupon/delete`, `/coupon/selected/delete`). `/coupon/list`, `/coupon/get` and
 * `/coupon/check` are the member's calls (list, claim, check at checkout), so the back office's
 * list, single read, picker, code check and export are ours, under `/coupon/admin/…`.
 */
export const couponResource = defineResource({
  label: '优惠券',
  tags: ['coupon'],
  shape: couponShape,
  sorts: { newest: '最新', end_time: '结束时间', name: '名称' },
  unique: ['code'],
  excel: {
    example: {
      name: '新客满100减10',
      code: 'NEW10',
      amount: '10.00',
      min_amount: '100.00',
      start_time: '2026-12-01 00:00:00',
      end_time: '2026-12-31 23:59:59',
      total: 500,
      per_member: 1,
      status: '发放中',
    },
  },
  paths: {
    list: '/coupon/admin/list',
    get: '/coupon/admin/get',
    create: '/coupon/create',
    update: '/coupon/update',
    remove: '/coupon/delete',
    removeMany: '/coupon/selected/delete',
    select: '/coupon/admin/select',
    check: '/coupon/admin/check',
    export: '/coupon/admin/export',
  },
  permissions: {
    view: 'view_coupon',
    add: 'add_coupon',
    change: 'change_coupon',
    delete: 'delete_coupon',
  },
});

/** A coupon as the back office sees it (amounts in cents). */
export type CouponAdmin = z.infer<typeof couponResource.item>;

/** A coupon of the company, as a member sees it: its terms, and the caller's own copies. */
export const couponSchema = couponResource.item
  .omit({ status: true, create_time: true, update_time: true })
  .extend({
    /** The caller's own copies: one unused; none (may claim one); or all they may hold used. */
    mine: z.enum(['none', 'unused', 'used']),
  });
export type Coupon = z.infer<typeof couponSchema>;

export const couponListBody = form({ ...paging, mine: z.optional(flag('我的优惠券')) });
export const couponGetBody = form({
  coupon_id: optionalId('优惠券'),
  code: optionalText('优惠码', { max: 30 }),
});
export const couponCheckBody = form({
  coupon_id: optionalId('优惠券'),
  code: optionalText('优惠码', { max: 30 }),
  amount: int('订单金额', { min: 0, max: MAX_PRICE_CENTS }),
});
export const couponCheckResult = z.object({ coupon: couponSchema, discount: z.number().int() });

/** The discount a coupon gives on an amount: never more than the amount. */
export function couponDiscount(coupon: { amount: number }, amount: number) {
  return Math.min(coupon.amount, amount);
}

export const couponBestBody = form({ amount: int('订单金额', { min: 0, max: MAX_PRICE_CENTS }) });
/** The coupon a checkout preselects, or none (`coupon` null, `discount` 0). */
export const couponBestResult = z.object({ coupon: couponSchema.nullable(), discount: z.number().int() });

/**
 * The best of the coupons that apply to an order of `amount` (issue 35): the largest discount,
 * then the one that expires soonest, then the oldest; undefined when none is given. The server
 * chooses with it (`/coupon/best`) among the coupons it would accept at `/order/create`.
 */
export function bestCoupon<C extends { id: number; amount: number; end_time: string }>(
  coupons: readonly C[],
  amount: number,
): C | undefined {
  let best: C | undefined;
  for (const c of coupons) {
    if (!best) {
      best = c;
      continue;
    }
    const d = couponDiscount(c, amount) - couponDiscount(best, amount);
    if (
      d > 0 ||
      (d === 0 && (c.end_time < best.end_time || (c.end_time === best.end_time && c.id < best.id)))
    )
      best = c;
  }
  return best;
}

const tags = ['coupon'];
const login = loginCalls(tags);
const post = postCalls(tags);

export const couponCalls = {
  list: login('/coupon/list', '可领取的优惠券；mine=1 为我的优惠券', couponListBody, pageOf(couponSchema)),
  claim: login('/coupon/get', '领取优惠券', couponGetBody, couponSchema),
  check: login('/coupon/check', '检查优惠券能否用于该金额', couponCheckBody, couponCheckResult),
  best: login(
    '/coupon/best',
    '结算时默认选中的优惠券：可用于该金额的优惠最多的一张（同额取最早到期）',
    couponBestBody,
    couponBestResult,
  ),
};

export const COUPON_ISSUE_TARGETS = { mobiles: '指定会员', all: '全部会员' } as const;

/** Mobiles as a list or as text separated by spaces, new lines, commas or semicolons; each checked, repeats dropped. */
const mobileList = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[\s,，;；、]+/).filter((m) => m !== '') : v),
    z
      .array(z.string({ error: `${label}格式不正确` }).trim(), { error: `${label}格式不正确` })
      .superRefine((list, ctx) => {
        const bad = list.find((m) => !MOBILE_PATTERN.test(m));
        if (bad !== undefined)
          ctx.addIssue({ code: 'custom', message: `手机号「${bad.slice(0, 20)}」格式不正确` });
      })
      .transform((list) => [...new Set(list)])
      .pipe(z.array(z.string()).max(max, `${label}一次最多${max}个`))
      .optional(),
  );

/** POST /coupon/issue — one copy each to the members named by mobile, or to every member of the company. */
export const couponIssueBody = form({
  coupon_id: id('优惠券'),
  target: choice('发放对象', COUPON_ISSUE_TARGETS),
  mobiles: mobileList('会员手机号', COUPON_ISSUE_MOBILES_MAX),
}).superRefine((v, ctx) => {
  if (v.target === 'mobiles' && (v.mobiles === undefined || v.mobiles.length === 0))
    ctx.addIssue({ code: 'custom', path: ['mobiles'], message: '请填写会员手机号' });
});
export type CouponIssueBody = z.output<typeof couponIssueBody>;

export const couponIssueResult = z.object({
  /** Copies given now. */
  issued: z.number().int(),
  /** Members who got none, with the reason (already holding as many as one may): the first 200. */
  skipped: z.array(z.object({ mobile: z.string(), reason: z.string() })),
  /** How many members got none in all. */
  skipped_count: z.number().int(),
  coupon: couponResource.item,
});
export type CouponIssueResult = z.infer<typeof couponIssueResult>;

export const couponAdminCalls = {
  ...couponResource.calls,
  issue: post(
    '/coupon/issue',
    '发放优惠券给指定会员（手机号）或全部会员：每人一张，不超过发放总量和每人限领',
    'change_coupon',
    couponIssueBody,
    couponIssueResult,
  ),
};
