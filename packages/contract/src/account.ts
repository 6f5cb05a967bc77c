import { z } from 'zod';
import { getCalls, loginCalls, publicCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, int, optionalId, optionalInt, paging, text } from './fields.ts';
import { createTime } from './item-fields.ts';

export const loginBody = form({
  username: text('用户名', { max: 50 }),
  password: text('密码', { max: 128 }),
  company_id: optionalId('单位'),
  login_type: optionalInt('登录类型', { min: -1, max: 99 }),
});

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_address: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string(),
  position_id: z.number().int().nullable(),
  position_name: z.string(),
  avatarUrl: z.string(),
  main_bg: z.string(),
  mobile: z.string(),
  email: z.string(),
  /** 1: an administrator reset the password; every call but the account's own is refused until it is changed. */
  must_change_password: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const loginResult = z.object({
  token: z.string(),
  login_time: z.string(),
  user: userSchema,
});
export type LoginResult = z.infer<typeof loginResult>;

/** The shortest password any company allows (its own rule may ask more: company-settings.ts). */
export const PASSWORD_MIN = 8;
/**
 * A password someone chooses: at least PASSWORD_MIN characters here; the server then checks the
 * company's rule (`password_min_length`, `password_letters_digits`: passwordProblem), which the
 * forms show and check too (`/company/settings/password-rule`).
 */
export const newPassword = (label: string) => text(label, { min: PASSWORD_MIN, max: 128 });
export const passwordUpdateBody = form({
  old_password: text('原密码', { max: 128 }),
  new_password: newPassword('新密码'),
});

export const quitBody = form({ company_id: optionalId('单位') });

export const sessionInfo = z.object({ user: userSchema, login_time: z.string() });
export type SessionInfo = z.infer<typeof sessionInfo>;

export const loginLogQuery = form(paging);
/** Why a login record ended as it did (`login_logs.reason`), with the text shown to users. */
export const LOGIN_REASONS = {
  ok: '登录成功',
  bad_credentials: '用户名或密码错误',
  locked: '登录尝试过于频繁',
  disabled: '账号已停用',
} as const;
export type LoginReason = keyof typeof LOGIN_REASONS;

export const loginLogSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  success: z.number().int(),
  reason: z.string(),
  ...createTime,
});
export type LoginLog = z.infer<typeof loginLogSchema>;

/** `GET /account/permission`: the caller's codenames by module (`UserPermission`). */
export const userPermissionSchema = z.record(
  z.string(),
  z.array(z.object({ codename: z.string(), name: z.string() })),
);
/** The calls about the current user take no parameters. */
export const currentUserQuery = form({});

const tags = ['account'];
const login = { login: true } as const;
const get = getCalls(tags);
const loggedIn = loginCalls(tags);
const anyone = publicCalls(tags);

/** A role the caller holds, with the area it lands in (switch-roles). */
export const heldRoleSchema = z.object({ role: z.number().int(), role_name: z.string(), area: z.string() });
export type HeldRole = z.infer<typeof heldRoleSchema>;
/** The caller's roles (`/account/query`): the one the session acts in, and every one they hold. */
export const heldRolesSchema = z.object({ current: z.number().int(), roles: z.array(heldRoleSchema) });
export type HeldRoles = z.infer<typeof heldRolesSchema>;
export const switchRoleBody = form({ role: int('角色', { min: 1, max: 99 }) });

export const accountCalls = {
  login: anyone('/account/login', '登录', loginBody, loginResult),
  quit: loggedIn('/account/quit', '退出登录', quitBody, z.null()),
  updatePassword: loggedIn('/account/password/update', '修改密码', passwordUpdateBody, z.null()),
  permission: get('/account/permission', '当前用户权限', login, currentUserQuery, userPermissionSchema),
  info: get('/account/info', '当前用户信息', login, currentUserQuery, sessionInfo),
  loginLog: get('/account/login/log', '我的登录记录', login, loginLogQuery, pageOf(loginLogSchema)),
  roles: get('/account/query', '我的角色（当前角色和可切换的角色）', login, form({}), heldRolesSchema),
  switchRole: loggedIn(
    '/account/switch/role',
    '切换当前角色（本次登录的菜单、首页和权限随之改变）',
    switchRoleBody,
    sessionInfo,
  ),
};
