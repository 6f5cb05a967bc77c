import { z } from 'zod';
import { loginResult, PASSWORD_MIN, sessionInfo } from './account.ts';
import { getCalls, loginCalls, publicCalls } from './call.ts';
import { AGREEMENT_REQUIRED } from './constants.ts';
import { pageOf } from './envelope.ts';
import { form, mobile, optionalEmail, optionalId, optionalText, paging, text } from './fields.ts';
import { createTime } from './item-fields.ts';

/** A member of the shop (registered with a mobile number). Not one of the specification's roles. */
export const MEMBER_ROLE = 15;
export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_RESEND_SECONDS = 60;
export const SMS_PURPOSES = { register: '注册', password: '找回密码' } as const;
export type SmsPurpose = keyof typeof SMS_PURPOSES;

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
  smsOutbox: get(
    '/sms/outbox/',
    '短信发件箱（内置短信通道）',
    { permission: 'view_sms_outbox' },
    smsOutboxQuery,
    pageOf(smsOutboxSchema),
  ),
};
