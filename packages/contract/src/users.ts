import { z } from 'zod';
import { newPassword } from './account.ts';
import { getCalls, postCalls } from './call.ts';
import { companyField } from './department.ts';
import { pageOf } from './envelope.ts';
import {
  flag,
  form,
  id,
  int,
  keyword,
  MAX_ID,
  optionalEmail,
  optionalId,
  optionalInt,
  optionalList,
  optionalMobile,
  paging,
  text,
} from './fields.ts';
import { auditTimes } from './item-fields.ts';

/**
 * A company's people (人员管理, spec §2 admin children `company-user1_1`, `/manager/user/{id}`;
 * issue 34, docs/adr/0038): listed with filters, created, changed, stopped and restarted, their
 * password reset (the user must choose their own at the next login). Spec 001 §7 names the calls
 * `/account/list`, `/account/users`, `/account/get/user/byname`, `/account/company/user/create` and
 * `/account/user/update`; the state and the password reset are ours. Every call acts in a company
 * of the caller's scope (`company_id`, see department.ts). Served by modules/users.
 */

export const USER_STATUS = { 1: '正常', 0: '已停用' } as const;
export const GENDERS = { 0: '未填写', 1: '男', 2: '女' } as const;

/**
 * The roles a company's people hold that an administrator may give, by the giver's role: nobody
 * gives 超级管理员 (1); 集群管理员 and their assistants (2, 6) are named by the super administrator
 * on 集群管理; a company's administrators give the roles below theirs. Members (15) register in the
 * shop and are 会员管理's.
 */
const PEOPLE_ROLES = [4, 5, 8, 9, 10, 11, 12, 13, 14, 18, 20, 21] as const;
export const ASSIGNABLE_ROLES: Record<number, readonly number[]> = {
  1: [2, 6, 3, 7, ...PEOPLE_ROLES],
  2: [3, 7, ...PEOPLE_ROLES],
  6: [3, 7, ...PEOPLE_ROLES],
  3: [7, ...PEOPLE_ROLES],
  7: PEOPLE_ROLES,
};
/** The roles `role` may give (none for a role that administers no people). */
export const assignableRoles = (role: number): readonly number[] => ASSIGNABLE_ROLES[role] ?? [];

export const USER_LIMITS = { username: 30, realName: 30, usernameMin: 3 } as const;
/** A user name: letters, digits, `_`, `.`, `-` and `@` (it is typed at every login). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;

export const userAdminSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  gender: z.number().int(),
  mobile: z.string(),
  email: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  /** Every role the user holds: `role` (the one a login starts in) first, then the others. */
  roles: z.array(z.number().int()),
  /** null: none. */
  department_id: z.number().int().nullable(),
  department_name: z.string(),
  position_id: z.number().int().nullable(),
  position_name: z.string(),
  status: z.number().int(),
  must_change_password: z.number().int(),
  last_login_time: z.string(),
  /** Whether the caller may change this user (its role is one they may give, and it is not themselves). */
  manageable: z.boolean(),
  ...auditTimes,
});
export type UserAdmin = z.infer<typeof userAdminSchema>;

/** A user as a picker offers them (`/account/users`). */
export const userOptionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  role: z.number().int(),
  department_name: z.string(),
  position_name: z.string(),
});
export type UserOption = z.infer<typeof userOptionSchema>;
/** Most users one search of the picker answers. */
export const USER_OPTIONS_MAX = 50;

const roleField = int('角色', { min: 1, max: 99 });
/** Most roles a person holds beside their main one. */
export const OTHER_ROLES_MAX = 8;
/** The roles a person holds beside their main one (`4,5`, repeated, or a JSON array); none when empty. */
const otherRoles = optionalList('其他角色', int('其他角色', { min: 1, max: 99 }), OTHER_ROLES_MAX);
const personFields = {
  ...companyField,
  real_name: text('姓名', { max: USER_LIMITS.realName }),
  gender: optionalInt('性别', { min: 0, max: 2 }),
  mobile: optionalMobile('手机号'),
  email: optionalEmail('邮箱'),
  role: roleField,
  other_roles: otherRoles,
  department_id: optionalId('部门'),
  position_id: optionalId('职务'),
};

export const userListBody = form({
  ...companyField,
  keyword: keyword('姓名、用户名或手机号'),
  department_id: optionalInt('部门', { min: 0, max: MAX_ID }),
  position_id: optionalId('职务'),
  role: optionalInt('角色', { min: 1, max: 99 }),
  status: z.optional(flag('状态')),
  ...paging,
});
export const userCreateBody = form({
  username: text('用户名', { min: USER_LIMITS.usernameMin, max: USER_LIMITS.username }).refine(
    (v) => USERNAME_PATTERN.test(v),
    '用户名只能包含字母、数字和 _ . @ -',
  ),
  password: newPassword('初始密码'),
  ...personFields,
});
export const userUpdateBody = form({ id: id('用户'), ...personFields });
export const userStatusBody = form({ ...companyField, id: id('用户'), status: flag('状态') });
export const userPasswordResetBody = form({
  ...companyField,
  id: id('用户'),
  password: newPassword('新密码'),
});

const get = getCalls(['users']);
const post = postCalls(['users']);

export const usersCalls = {
  list: get(
    '/account/list',
    '单位人员列表（按部门、职务、角色、状态筛选）',
    { permission: 'view_user' },
    userListBody,
    pageOf(userAdminSchema),
  ),
  options: get(
    '/account/users',
    '按姓名或用户名查找本单位在用人员（选择人员）',
    { permission: 'view_user' },
    form({ ...companyField, keyword: keyword('姓名或用户名') }),
    z.object({ results: z.array(userOptionSchema) }),
  ),
  byName: get(
    '/account/get/user/byname',
    '按用户名查找可管理范围内的人员',
    { permission: 'view_user' },
    form({ username: text('用户名', { max: USER_LIMITS.username }) }),
    userAdminSchema,
  ),
  get: get(
    '/account/user/{id}',
    '一个人员的资料',
    { permission: 'view_user' },
    form({ ...companyField, id: id('用户') }),
    userAdminSchema,
  ),
  create: post('/account/company/user/create', '新增单位人员', 'add_user', userCreateBody, userAdminSchema),
  update: post(
    '/account/user/update',
    '修改人员（姓名、联系方式、角色、部门、职务）',
    'change_user',
    userUpdateBody,
    userAdminSchema,
  ),
  setStatus: post('/account/user/status', '停用或启用人员', 'change_user', userStatusBody, userAdminSchema),
  resetPassword: post(
    '/account/user/password/reset',
    '重置人员密码（其下次登录须修改密码）',
    'reset_user_password',
    userPasswordResetBody,
    userAdminSchema,
  ),
};
