import { z } from 'zod';
import { postCalls, publicCalls } from './call.ts';
import { form, optionalId, optionalText } from './fields.ts';
import { createTime } from './item-fields.ts';

/**
 * Visitors of a company's public pages (ADR 0027): `/guest/welcome` (spec §7 "Create and add") is
 * called once by the browser on a visitor's first visit; it records the visit once per visitor
 * (the browser's random id, kept in localStorage) and answers a greeting. Staff see the new
 * visitors on the 商城管理 home (`/guest/recent`, ours).
 */

export const GUEST_LIMITS = {
  path: 200,
  referrer: 300,
  /** The user agent is cut to this many characters, never refused. */
  userAgent: 300,
  /** Welcomes one IP may send per window (each first visit is one). */
  perIp: 30,
  windowMinutes: 10,
  /** Latest visitors the home lists. */
  latest: 5,
} as const;

/** The visitor id the browser makes: 16–64 letters, digits, `-` or `_` (a UUID fits). */
export const GUEST_VISITOR_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const guestWelcomeBody = form({
  company_id: optionalId('单位'),
  visitor: z
    .string({ error: (iss) => (iss.input === undefined ? '访客标识不能为空' : '访客标识格式不正确') })
    .regex(GUEST_VISITOR_PATTERN, '访客标识格式不正确'),
  path: optionalText('访问页面', { max: GUEST_LIMITS.path }).refine(
    (v) => v === undefined || v === '' || /^\/(?!\/)[^\s\\]*$/.test(v),
    '访问页面须为本站路径',
  ),
  referrer: optionalText('来源页面', { max: GUEST_LIMITS.referrer }),
});

export const guestWelcomeSchema = z.object({
  greeting: z.string(),
  /** True when this call recorded the visit (the visitor's first), false when it was known. */
  first: z.boolean(),
});
export type GuestWelcome = z.infer<typeof guestWelcomeSchema>;

export const guestVisitSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  /** The referring site's host only ('' for none or this site). */
  referrer: z.string(),
  /** The IP with its last part hidden (`203.0.113.*`, `2001:db8:1:*`). */
  ip: z.string(),
  /** A short name of the browser and system (`Chrome · Windows`). */
  agent: z.string(),
  ...createTime,
});
export type GuestVisit = z.infer<typeof guestVisitSchema>;

export const guestRecentSchema = z.object({
  /** New visitors since today's start, Beijing time. */
  today: z.number().int(),
  /** New visitors in the last 7 days, today included. */
  week: z.number().int(),
  latest: z.array(guestVisitSchema),
});
export type GuestRecent = z.infer<typeof guestRecentSchema>;

const tags = ['guest'];
const anyone = publicCalls(tags);
const post = postCalls(tags);

export const guestCalls = {
  welcome: anyone(
    '/guest/welcome',
    '访客首次访问：记录一次并返回欢迎语（同一访客只记一次）',
    guestWelcomeBody,
    guestWelcomeSchema,
  ),
  recent: post(
    '/guest/recent',
    '新访客：今日与近7天人数、最近几位',
    'view_guest',
    form({}),
    guestRecentSchema,
  ),
};
