import {
  assignableRoles,
  type Department,
  GENDERS,
  MEMBER_ROLE,
  type Position,
  ROLE_NUMBERS,
  roleName,
  TOP_DEPARTMENT,
  USER_STATUS,
  type UserAdmin,
} from '@portal/contract';
import { type DepartmentOption, subtreeIds, treeOptions } from '#web/modules/department/index.ts';

/** How a person is named on the page: their 姓名, else their user name. */
export const personName = (u: Pick<UserAdmin, 'real_name' | 'username'>) => u.real_name || u.username;

/** 性别 as the form offers it: 男, 女, 未填写. */
export const GENDER_OPTIONS = ([1, 2, 0] as const).map((value) => ({ value, label: GENDERS[value] }));

/** The 状态 filter: 正常 first. */
export const STATUS_OPTIONS = ([1, 0] as const).map((value) => ({ value, label: USER_STATUS[value] }));

/** The 角色 filter: every role a company's people hold (the shop's members are 会员管理's). */
export const ROLE_FILTER_OPTIONS = ROLE_NUMBERS.filter((r) => r !== MEMBER_ROLE).map((value) => ({
  value,
  label: roleName(value),
}));

/** The roles the caller (of role `callerRole`) may give, as the form's 角色 offers them. */
export const roleOptions = (callerRole: number | undefined) =>
  assignableRoles(callerRole ?? 0).map((value) => ({ value, label: roleName(value) }));

/** The roles `u` holds beside the main one (the one a login starts in), by name. */
export const otherRoleNames = (u: Pick<UserAdmin, 'role' | 'roles'>) =>
  u.roles.filter((r) => r !== u.role).map(roleName);

/** 其他角色: the roles the caller may give but the main one (`main`), which is held already. */
export const otherRoleOptions = (
  roles: readonly { value: number; label: string }[],
  main: number | undefined,
) => roles.filter((o) => o.value !== main);

/** 未分配部门: the 部门 filter's choice of the people without a department (`department_id` 0). */
export const NO_DEPARTMENT = TOP_DEPARTMENT;

/** The 部门 filter: 未分配部门 (0), then the tree (a department takes in those below it). */
export function departmentFilterOptions(departments: readonly Department[]): DepartmentOption[] {
  return [
    { value: NO_DEPARTMENT, key: NO_DEPARTMENT, title: '未分配部门', children: [] },
    ...treeOptions(departments),
  ];
}

/** A group of a position Select: 全单位职务 or a department's, with its positions. */
export interface PositionGroup {
  key: string;
  label: string;
  options: { value: number; label: string }[];
}

const WHOLE_COMPANY = '全单位职务';

function grouped(
  positions: readonly Position[],
  departments: readonly Department[],
  departmentIds: readonly number[],
): PositionGroup[] {
  const names = new Map(departments.map((d) => [d.id, d.name]));
  return departmentIds
    .map((id) => ({
      key: String(id),
      label: id === TOP_DEPARTMENT ? WHOLE_COMPANY : `${names.get(id) ?? '部门'}的职务`,
      options: positions.filter((p) => p.department_id === id).map((p) => ({ value: p.id, label: p.name })),
    }))
    .filter((g) => g.options.length > 0);
}

/** The departments in tree order (parents before their children, siblings in the server's order). */
function treeOrder(departments: readonly Department[]): number[] {
  const walk = (nodes: readonly DepartmentOption[]): number[] =>
    nodes.flatMap((n) => [n.value, ...walk(n.children)]);
  return walk(treeOptions(departments));
}

/**
 * The positions a person of department `departmentId` may hold (the form's 职务): that
 * department's own, then those of the whole company, which anybody may hold. Without a department,
 * only the whole company's.
 */
export function positionChoices(
  positions: readonly Position[],
  departments: readonly Department[],
  departmentId: number | null | undefined,
): PositionGroup[] {
  const own = departmentId ? [departmentId] : [];
  return grouped(positions, departments, [...own, TOP_DEPARTMENT]);
}

/** Whether position `positionId` may go with department `departmentId` (its own or the whole company's). */
export function positionFits(
  positions: readonly Position[],
  positionId: number | null | undefined,
  departmentId: number | null | undefined,
): boolean {
  if (!positionId) return true;
  const position = positions.find((p) => p.id === positionId);
  if (!position) return false;
  return position.department_id === TOP_DEPARTMENT || position.department_id === departmentId;
}

/**
 * The 职务 filter: the whole company's positions, then each department's in tree order. With a
 * department chosen in the 部门 filter, only what its people can hold: its own and those of the
 * departments below it, and the whole company's (未分配部门: the whole company's only).
 */
export function positionFilterOptions(
  positions: readonly Position[],
  departments: readonly Department[],
  departmentId: number | undefined,
): PositionGroup[] {
  const order = treeOrder(departments);
  const within =
    departmentId === undefined
      ? order
      : departmentId === NO_DEPARTMENT
        ? []
        : order.filter((id) => subtreeIds(departments, departmentId).has(id));
  return grouped(positions, departments, [TOP_DEPARTMENT, ...within]);
}

/** Whether the groups offer position `id`. */
export const offers = (groups: readonly PositionGroup[], id: number | undefined) =>
  id === undefined || groups.some((g) => g.options.some((o) => o.value === id));

/** What the person form holds (新增 adds 用户名 and 初始密码). */
export interface PersonFormValues {
  real_name: string;
  gender: number;
  mobile?: string | undefined;
  email?: string | undefined;
  role?: number | undefined;
  /** The roles held beside `role`. */
  other_roles?: number[] | undefined;
  department_id?: number | null | undefined;
  position_id?: number | null | undefined;
}

/** The form's values for editing `u`. */
export function formValuesOf(u: UserAdmin): PersonFormValues {
  return {
    real_name: u.real_name,
    gender: u.gender,
    mobile: u.mobile,
    email: u.email,
    role: u.role,
    other_roles: u.roles.filter((r) => r !== u.role),
    department_id: u.department_id ?? undefined,
    position_id: u.position_id ?? undefined,
  };
}

/**
 * What the create and update calls take of the form: text trimmed, a blank mobile or e-mail as ''
 * (none), the other roles without the main one (every time: the server keeps exactly those), no
 * department or position as absent (the server then keeps none).
 */
export function personInput(v: PersonFormValues & { role: number }) {
  return {
    real_name: v.real_name.trim(),
    gender: v.gender,
    mobile: v.mobile?.trim() ?? '',
    email: v.email?.trim() ?? '',
    role: v.role,
    other_roles: (v.other_roles ?? []).filter((r) => r !== v.role),
    ...(v.department_id ? { department_id: v.department_id } : {}),
    ...(v.position_id ? { position_id: v.position_id } : {}),
  };
}
