import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { form, id, int, MAX_ID, optionalId, optionalInt, text } from './fields.ts';

/**
 * Departments (部门, a tree per company) and positions (职务, each in a department or of the whole
 * company): the `part-postion` screen (issue 34, docs/adr/0038 decision 4). A user has one of each;
 * the training area staffs its roles by position. Who manages them: the company's administrators
 * (3, 7) in their company, a group's staff (2, 6) in the companies of their groups, the super
 * administrator in any (`company_id` names the company; without it, the caller's own). Served by
 * modules/department. The specification names no paths for them; these are ours.
 */

export const DEPARTMENT_LIMITS = {
  name: 30,
  /** Most live departments of one company (a tree a page shows whole). */
  departments: 500,
  /** Most live positions of one company. */
  positions: 1000,
  /** Deepest level of the tree (1: top). */
  depth: 6,
  sort: 9999,
} as const;

/** `parent_id` of a top-level department; `department_id` of a position of the whole company. */
export const TOP_DEPARTMENT = 0;

export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 at the top. */
  parent_id: z.number().int(),
  sort: z.number().int(),
  /** Live users whose department this is. */
  user_count: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;

export const positionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0: a position of the whole company. */
  department_id: z.number().int(),
  sort: z.number().int(),
  user_count: z.number().int(),
});
export type Position = z.infer<typeof positionSchema>;

/** A company's whole organisation: its departments (flat, by sort; `parent_id` makes the tree) and positions. */
export const organizationSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  departments: z.array(departmentSchema),
  positions: z.array(positionSchema),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The company a call acts on: absent, the caller's own (docs/adr/0038 decision 7). */
export const companyField = { company_id: optionalId('单位') };

const sort = optionalInt('排序', { min: 0, max: DEPARTMENT_LIMITS.sort });
const departmentFields = {
  ...companyField,
  name: text('部门名称', { max: DEPARTMENT_LIMITS.name }),
  parent_id: optionalInt('上级部门', { min: 0, max: MAX_ID }),
  sort,
};
const positionFields = {
  ...companyField,
  name: text('职务名称', { max: DEPARTMENT_LIMITS.name }),
  department_id: int('所属部门', { min: 0, max: MAX_ID }),
  sort,
};

export const departmentCreateBody = form(departmentFields);
export const departmentUpdateBody = form({ id: id('部门'), ...departmentFields });
export const positionCreateBody = form(positionFields);
export const positionUpdateBody = form({ id: id('职务'), ...positionFields });
export const organizationIdBody = (label: string) => form({ ...companyField, id: id(label) });

const get = getCalls(['department']);
const post = postCalls(['department']);

export const departmentCalls = {
  organization: get(
    '/department/tree',
    '单位的部门树和职务',
    { permission: 'view_department' },
    form(companyField),
    organizationSchema,
  ),
  create: post('/department/create', '新增部门', 'change_department', departmentCreateBody, departmentSchema),
  update: post(
    '/department/update',
    '修改部门（名称、上级、排序）',
    'change_department',
    departmentUpdateBody,
    departmentSchema,
  ),
  remove: post(
    '/department/delete',
    '删除部门（须没有下级部门、职务和人员）',
    'change_department',
    organizationIdBody('部门'),
    z.object({ id: z.number().int() }),
  ),
  createPosition: post(
    '/position/create',
    '新增职务',
    'change_department',
    positionCreateBody,
    positionSchema,
  ),
  updatePosition: post(
    '/position/update',
    '修改职务',
    'change_department',
    positionUpdateBody,
    positionSchema,
  ),
  removePosition: post(
    '/position/delete',
    '删除职务（须没有人员担任）',
    'change_department',
    organizationIdBody('职务'),
    z.object({ id: z.number().int() }),
  ),
};
