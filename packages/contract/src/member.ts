import { z } from 'zod';
import { loginResult, PASSWORD_MIN, sessionInfo } from './account.ts';
import { getCalls, loginCalls, publicCalls } from './call.ts';
import { AGREEMENT_REQUIRED } from './constants.ts';
import { pageOf } from './envelope.ts';
import { flag, form, mobile, optionalEmail, optionalId, optionalText, paging, text } from './fields.ts';
import { createTime } from './item-fields.ts';

/** A member of the shop (registered with a mobile number). Not one of the specification's roles. */
export const MEMBER_ROLE = 15;
export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_RESEND_SECONDS = 60;
export const SMS_PURPOSES = { register: '注册', password: '找回密码' } as const;
export type SmsPurpose = keyof typeof SMS_PURPOSES;
/** Text messages without a code (issue 35), by what they tell (the outbox's 用途). */
export const SMS_NOTICE_PURPOSES = { order: '订单通知' } as const;
export type SmsNoticePurpose = keyof typeof SMS_NOTICE_PURPOSES;

/** As `newPassword`: the company's rule is the server's check (company-settings.ts passwordProblem). */
export const password = (label = '密码') => text(label, { min: PASSWORD_MIN, max: 128 });

export const smsCode = text('验证码', { max: 6 }).refine((v) => /^\d{6}$/.test(v), '验证码为6位数字');

export const sendCodeBody = form({
  mobile: mobile(),
  purpose: z.enum(['register', 'password'], { error: '验证码用途不正确' }),
  company_id: optionalId('单位'),
});
export const sendCodeResult = z.object({ resend_after: z.number().int(), expires_in: z.number().int() });

/** `agreement=1`: the member read and accepted the agreement and privacy policy; nothing else is accepted. */
const agreement = z.preprocess(
  (v) => (v === true || v === '1' || v === 'true' ? 1 : v),
  z.literal(1, { error: AGREEMENT_REQUIRED }),
);

export const registerBody = form({
  mobile: mobile(),
  code: smsCode,
  password: password(),
  real_name: optionalText('姓名', { max: 20 }),
  /** Who referred the member (named route `register` params). */
  HigherMobile: optionalText('推荐人手机号', { max: 11 }),
  company_id: optionalId('单位'),
  agreement,
});

export const passwordFindBody = form({ mobile: mobile(), code: smsCode, password: password('新密码') });

export const profileUpdateBody = form({
  real_name: optionalText('姓名', { max: 20 }),
  email: optionalEmail('邮箱'),
});

/**
 * How the member is told of their orders (issue 35): a message in 我的消息 always; a text message
 * to their mobile for 付款确认, 发货, 退款 and a shop's or the timer's 取消 while `order_sms` is 1
 * (the default: a Chinese shop texts these; the member may turn it off on 个人资料).
 */
export const noticeSettingsSchema = z.object({
  order_sms: z.number().int(),
  /** Where the texts go ('' when the account has no mobile). */
  mobile: z.string(),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;
export const noticeSettingsBody = form({ order_sms: flag('订单短信通知') });

export const smsOutboxSchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  purpose: z.string(),
  content: z.string(),
  ...createTime,
});
export type SmsOutboxRow = z.infer<typeof smsOutboxSchema>;
export const smsOutboxQuery = form({ ...paging, mobile: optionalText('手机号', { max: 11 }) });

const tags = ['member'];

const get = getCalls(tags);
const login = loginCalls(tags);
const anyone = publicCalls(tags);

export const memberCalls = {
  sendCode: anyone('/account/send/code', '发送短信验证码', sendCodeBody, sendCodeResult),
  register: anyone('/account/register', '会员注册（成功即登录）', registerBody, loginResult),
  findPassword: anyone('/account/password/find', '短信验证码找回密码', passwordFindBody, z.null()),
  updateProfile: login('/account/profile/update', '修改个人资料', profileUpdateBody, sessionInfo),
  noticeSettings: get(
    '/account/notice/settings',
    '我的通知设置（订单短信）',
    { login: true },
    form({}),
    noticeSettingsSchema,
  ),
  saveNoticeSettings: login(
    '/account/notice/settings/save',
    '保存我的通知设置',
    noticeSettingsBody,
    noticeSettingsSchema,
  ),
  smsOutbox: get(
    '/sms/outbox/',
    '短信发件箱（内置短信通道）',
    { permission: 'view_sms_outbox' },
    smsOutboxQuery,
    pageOf(smsOutboxSchema),
  ),
};
