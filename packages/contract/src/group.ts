import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, keyword, paging } from './fields.ts';
import { createTime } from './item-fields.ts';

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

/** A company of a group as the group's lists show it. */
export const groupCompanySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  company_name: z.string(),
  /** 单位类别 (the company type's name; '' when none is set). */
  company_type: z.string(),
  /** 1 active, 0 stopped. */
  status: z.number().int(),
  ...createTime,
});
export type GroupCompany = z.infer<typeof groupCompanySchema>;

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  comment: z.string(),
  is_public: z.number().int(),
  is_default: z.number().int(),
  companies: z.array(groupCompanySchema),
  ...createTime,
});
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
  companyTypes: group(
    '/account/get/companyTypeId',
    '单位类别',
    { login: true },
    form({}),
    z.object({ results: z.array(companyTypeSchema) }),
  ),
};
