import { z } from 'zod';
import { newPassword } from './account.ts';
import { getCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { flag, form, id, idList, int, keyword, optionalId, optionalText, paging, text } from './fields.ts';
import { col, itemSchemaOf } from './screen.ts';
import { USER_LIMITS, USERNAME_PATTERN } from './users.ts';

/**
 * Groups of companies (集群) and their companies (单位), issue 34 (docs/adr/0038, decisions 1, 2
 * and 7). A group's staff (`group_staff`: its managers, role 2, and their assistants, role 6) see
 * and manage the companies of their groups and nothing else; the super administrator sees every
 * group. Served by modules/group.
 */

/** Roles that work for a group rather than one company: 集群管理员 and 集群管理员助理. */
export const GROUP_STAFF_ROLES = [2, 6] as const;

export const companyTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type CompanyType = z.infer<typeof companyTypeSchema>;

/**
 * A company of a group as the group's lists show it, declared: the item and the server's row
 * reader (`itemFromRow`: `create_time` from `created_at`, a company without a type as '') come
 * from it.
 */
export const groupCompanyShape = {
  code: col.readOnly('单位编码'),
  company_name: col.readOnly('单位名称'),
  /** The company type's name; '' when none is set. */
  company_type: col.readOnly('单位类别'),
  status: col.flag('状态', '正常', '停用'),
};
export const groupCompanySchema = itemSchemaOf(groupCompanyShape);
export type GroupCompany = z.infer<typeof groupCompanySchema>;

/** A group's own columns, declared as its companies are (`groupSchema`, `groupAdminSchema`). */
export const groupShape = {
  name: col.readOnly('集群名称'),
  comment: col.readOnly('集群描述'),
  is_public: col.flag('是否公开', '是', '否'),
  is_default: col.flag('默认集群', '是', '否'),
};

export const groupSchema = itemSchemaOf(groupShape).extend({ companies: z.array(groupCompanySchema) });
export type Group = z.infer<typeof groupSchema>;

/** The default group as registration shows it: its name and its active companies' names. */
export const defaultGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .nullable();

export const groupCompaniesBody = form({ group_id: id('集群'), keyword: keyword('单位名称'), ...paging });

/** The most characters of a group's name and comment. */
export const GROUP_LIMITS = { name: 48, comment: 256, companies: 200 } as const;

/** A group as the super administrator's list shows it: its counts and its staff's names. */
export const groupAdminSchema = itemSchemaOf(groupShape).extend({
  company_count: z.number().int(),
  /** 集群管理员 and 集群管理员助理: each one's name and role. */
  staff: z.array(z.object({ user_id: z.number().int(), name: z.string(), role: z.number().int() })),
});
export type GroupAdmin = z.infer<typeof groupAdminSchema>;

const groupFields = {
  name: text('集群名称', { max: GROUP_LIMITS.name }),
  comment: optionalText('集群描述', { max: GROUP_LIMITS.comment }),
  is_public: flag('是否公开'),
  is_default: flag('默认集群'),
};
export const groupCreateBody = form(groupFields);
export const groupUpdateBody = form({ id: id('集群'), ...groupFields });
export const groupListBody = form({ keyword: keyword('集群名称'), ...paging });
export const groupIdBody = form({ id: id('集群') });
/** Puts companies into the group (from no group or another one). */
export const groupCompaniesSetBody = form({
  id: id('集群'),
  company_ids: idList('单位', GROUP_LIMITS.companies),
});

/** A company the super administrator may put into a group: its name and the group it is in now. */
export const groupCompanyOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  company_name: z.string(),
  /** The live group it is in now ('' for none). */
  group_name: z.string(),
});
export type GroupCompanyOption = z.infer<typeof groupCompanyOptionSchema>;

/** A user the super administrator may name to a group's staff (a 集群管理员 or 集群管理员助理 of any company). */
export const groupStaffOptionSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: z.number().int(),
  company_name: z.string(),
});
export type GroupStaffOption = z.infer<typeof groupStaffOptionSchema>;

export const groupStaffBody = form({ id: id('集群'), user_id: id('用户') });

/** A company's code: letters, digits, `_` and `-` (it names the company in addresses and files). */
export const COMPANY_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * A new company of a group with its first 单位管理员 (the original's 添加单位 … 创建管理员), made
 * in one transaction: the company, and a user of it holding role 3.
 */
export const groupCompanyCreateBody = form({
  group_id: id('集群'),
  company_name: text('单位名称', { max: 60 }),
  code: text('单位编码', { min: 2, max: 20 }).refine(
    (v) => COMPANY_CODE_PATTERN.test(v),
    '单位编码只能包含字母、数字、_ 和 -',
  ),
  company_type_id: optionalId('单位类别'),
  manager_username: text('管理员用户名', { min: USER_LIMITS.usernameMin, max: USER_LIMITS.username }).refine(
    (v) => USERNAME_PATTERN.test(v),
    '管理员用户名只能包含字母、数字和 _ . @ -',
  ),
  manager_name: text('管理员姓名', { max: USER_LIMITS.realName }),
  manager_password: newPassword('管理员密码'),
});

/**
 * A new 集群管理员 or 集群管理员助理 made and named to a group's staff in one step (spec 001 §7
 * `/account/user/create`; the original's 创建管理员 of 集群管理): a user of a company of the group.
 */
export const groupStaffCreateBody = form({
  id: id('集群'),
  company_id: id('所在单位'),
  role: int('角色', { min: 2, max: 6 }).refine(
    (r) => (GROUP_STAFF_ROLES as readonly number[]).includes(r),
    '角色只能是集群管理员或集群管理员助理',
  ),
  username: text('用户名', { min: USER_LIMITS.usernameMin, max: USER_LIMITS.username }).refine(
    (v) => USERNAME_PATTERN.test(v),
    '用户名只能包含字母、数字和 _ . @ -',
  ),
  real_name: text('姓名', { max: USER_LIMITS.realName }),
  password: newPassword('初始密码'),
});

/** Most companies one search of the picker answers (type more to narrow). */
export const GROUP_COMPANY_OPTIONS_MAX = 50;

const group = getCalls(['group']);
const groupPost = postCalls(['group']);

/** The calls of spec 001 §7 about groups (`/account/...`), served by modules/group. */
export const groupCalls = {
  defaultGroup: group(
    '/account/default-group',
    '默认集群及其单位（注册时选择单位）',
    { public: true },
    form({}),
    defaultGroupSchema,
  ),
  myGroup: group(
    '/account/my-group',
    '我管理的集群及其单位',
    { permission: 'view_group_company' },
    form({}),
    z.object({ results: z.array(groupSchema) }),
  ),
  companies: groupPost(
    '/account/group/companys',
    '集群的单位列表',
    'view_group_company',
    groupCompaniesBody,
    pageOf(groupCompanySchema),
  ),
  list: groupPost('/group/list', '全部集群', 'change_group', groupListBody, pageOf(groupAdminSchema)),
  create: groupPost('/group/create', '新增集群', 'change_group', groupCreateBody, groupAdminSchema),
  update: groupPost('/group/update', '修改集群', 'change_group', groupUpdateBody, groupAdminSchema),
  remove: groupPost(
    '/group/delete',
    '删除集群（须先移出其单位）',
    'change_group',
    groupIdBody,
    z.object({ id: z.number().int() }),
  ),
  addCompanies: groupPost(
    '/group/companies/add',
    '把单位放入集群',
    'change_group',
    groupCompaniesSetBody,
    groupAdminSchema,
  ),
  companyOptions: groupPost(
    '/group/company/options',
    '可放入集群的单位（按名称或编码查找，不含已在该集群的）',
    'change_group',
    form({ id: id('集群'), keyword: keyword('单位名称') }),
    z.object({ results: z.array(groupCompanyOptionSchema) }),
  ),
  staffOptions: groupPost(
    '/group/staff/options',
    '可指定为集群管理员或助理的用户（按姓名或用户名查找）',
    'change_group',
    form({ id: id('集群'), keyword: keyword('姓名') }),
    z.object({ results: z.array(groupStaffOptionSchema) }),
  ),
  addStaff: groupPost(
    '/group/staff/add',
    '指定集群管理员或助理',
    'change_group',
    groupStaffBody,
    groupAdminSchema,
  ),
  createStaff: groupPost(
    '/account/user/create',
    '新建集群管理员或助理并指定到集群',
    'change_group',
    groupStaffCreateBody,
    groupAdminSchema,
  ),
  removeStaff: groupPost(
    '/group/staff/remove',
    '取消集群管理员或助理',
    'change_group',
    groupStaffBody,
    groupAdminSchema,
  ),
  removeCompanies: groupPost(
    '/group/companies/remove',
    '把单位移出集群',
    'change_group',
    groupCompaniesSetBody,
    groupAdminSchema,
  ),
  createCompany: groupPost(
    '/group/company/create',
    '在集群中新增单位及其单位管理员',
    'add_group_company',
    groupCompanyCreateBody,
    groupCompanySchema,
  ),
  companyTypes: group(
    '/account/get/companyTypeId',
    '单位类别',
    { login: true },
    form({}),
    z.object({ results: z.array(companyTypeSchema) }),
  ),
};
