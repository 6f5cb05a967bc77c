import { z } from 'zod';
import { newPassword } from './account.ts';
import { getCalls, postCalls } from './call.ts';
import { companyField } from './department.ts';
import { pageOf } from './envelope.ts';
import {
  choice,
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
  optionalText,
  paging,
  text,
  uploadedFile,
} from './fields.ts';
import { auditTimes } from './item-fields.ts';
import { jobSchema } from './job.ts';
import { IMPORT_MODES, type ImportColumn, RESOURCE_EXPORT_DIRECT_MAX } from './resource-limits.ts';

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

/**
 * A screen's fixed roles (学生管理: 9; 管理员管理: 2, 3, 6, 7): people holding any of them, beside
 * `role`'s filter; none when empty.
 */
const roleSet = optionalList('角色', int('角色', { min: 1, max: 99 }), 8).optional();
/**
 * The people's Excel sheet (issue 34, ADR 0017): one row a person, the department and position by
 * name in the target company, the role by its name (the roles the importer may give), the gender as
 * 男/女. The import reads these columns; the export writes them (without 初始密码) and the list's
 * read-only ones after.
 */
export const USER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'username', label: '用户名', required: true, kind: 'text' },
  { key: 'real_name', label: '姓名', required: true, kind: 'text' },
  { key: 'password', label: '初始密码', required: true, kind: 'text' },
  { key: 'role', label: '角色', required: true, kind: 'choice' },
  { key: 'gender', label: '性别', required: false, kind: 'choice' },
  { key: 'mobile', label: '手机号', required: false, kind: 'text' },
  { key: 'email', label: '邮箱', required: false, kind: 'text' },
  { key: 'department', label: '部门', required: false, kind: 'text' },
  { key: 'position', label: '职务', required: false, kind: 'text' },
];
export const USER_EXPORT_COLUMNS: readonly ImportColumn[] = [
  ...USER_IMPORT_COLUMNS.filter((c) => c.key !== 'password'),
  { key: 'other_roles', label: '其他角色', required: false, kind: 'text' },
  { key: 'status', label: '状态', required: false, kind: 'text' },
  { key: 'last_login_time', label: '最后登录', required: false, kind: 'time' },
  { key: 'create_time', label: '创建时间', required: false, kind: 'time' },
];
/** The gender's words in a sheet (none: 未填写). */
export const GENDER_WORDS: Readonly<Record<string, number>> = { 男: 1, 女: 2 };
const usernameField = text('用户名', { min: USER_LIMITS.usernameMin, max: USER_LIMITS.username }).refine(
  (v) => USERNAME_PATTERN.test(v),
  '用户名只能包含字母、数字和 _ . @ -',
);
/** One sheet row as the import checks it (the create's fields; names where the create takes ids). */
export const userImportRow = form({
  username: usernameField,
  real_name: text('姓名', { max: USER_LIMITS.realName }),
  password: newPassword('初始密码'),
  role: text('角色', { max: 20 }),
  gender: optionalText('性别', { max: 3 }).refine(
    (v) => v === undefined || v === '' || v in GENDER_WORDS,
    '性别只能是「男」或「女」',
  ),
  mobile: optionalMobile('手机号'),
  email: optionalEmail('邮箱'),
  department: optionalText('部门', { max: 50 }),
  position: optionalText('职务', { max: 50 }),
});
export const userImportBody = form({
  ...companyField,
  mode: choice('导入方式', IMPORT_MODES),
  file: uploadedFile('请选择要导入的Excel文件'),
});
const userExportQuery = form({
  ...companyField,
  keyword: keyword('姓名、用户名或手机号'),
  department_id: optionalInt('部门', { min: 0, max: MAX_ID }),
  position_id: optionalId('职务'),
  role: optionalInt('角色', { min: 1, max: 99 }),
  roles: roleSet,
  status: z.optional(flag('状态')),
});
/** The import job's kind (`jobCalls.list`'s `kind`): `import:` and the import call's path. */
export const USER_IMPORT_KIND = 'import:/account/user/import';

export const userListBody = form({
  ...companyField,
  keyword: keyword('姓名、用户名或手机号'),
  department_id: optionalInt('部门', { min: 0, max: MAX_ID }),
  position_id: optionalId('职务'),
  role: optionalInt('角色', { min: 1, max: 99 }),
  roles: roleSet,
  status: z.optional(flag('状态')),
  ...paging,
});
export const userCreateBody = form({
  username: usernameField,
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
  /** The import's template (.xlsx): the columns, an example row, the roles the caller may give. */
  importTemplate: {
    ...get(
      '/account/user/import/template',
      '人员导入模板（Excel）',
      { permission: 'add_user' },
      form({}),
      z.object({}),
    ),
    file: true as const,
  },
  /**
   * Imports people from an .xlsx or CSV as a job (ADR 0037; multipart: file, mode 预览/全部导入/仅导入
   * 有效行, company_id): its result is an ImportResult, its file `refused` the refused rows.
   */
  import: post(
    '/account/user/import',
    '导入单位人员（multipart：file .xlsx, mode；答复导入任务）',
    'add_user',
    userImportBody,
    jobSchema,
  ),
  /** The list under its filters as an .xlsx (at most RESOURCE_EXPORT_DIRECT_MAX rows; more: `exportJob`). */
  export: {
    ...get(
      '/account/user/export',
      '导出单位人员（Excel，按列表的筛选条件）',
      { permission: 'view_user' },
      userExportQuery,
      z.object({}),
    ),
    file: true as const,
  },
  exportJob: post(
    '/account/user/export/job',
    `导出单位人员（任务：超过 ${RESOURCE_EXPORT_DIRECT_MAX.toLocaleString('en')} 行的列表；答复导出任务）`,
    'view_user',
    userExportQuery,
    jobSchema,
  ),
};
