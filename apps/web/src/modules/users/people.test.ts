import type { Department, Position, UserAdmin } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  departmentFilterOptions,
  formValuesOf,
  GENDER_OPTIONS,
  offers,
  otherRoleNames,
  otherRoleOptions,
  personInput,
  personName,
  positionChoices,
  positionFilterOptions,
  positionFits,
  ROLE_FILTER_OPTIONS,
  roleOptions,
  STATUS_OPTIONS,
} from './people.ts';

const dept = (id: number, name: string, parent_id = 0): Department => ({
  id,
  name,
  parent_id,
  sort: 0,
  user_count: 0,
});
const pos = (id: number, name: string, department_id = 0): Position => ({
  id,
  name,
  department_id,
  sort: 0,
  user_count: 0,
});

// 研发部 (1) ⊃ 前端组 (3); 销售部 (2).
const DEPARTMENTS = [dept(2, '销售部'), dept(1, '研发部'), dept(3, '前端组', 1)];
const POSITIONS = [pos(10, '总经理'), pos(11, '工程师', 1), pos(12, '组长', 3), pos(13, '销售代表', 2)];

describe('departmentFilterOptions', () => {
  it('offers 未分配部门 (0) before the tree', () => {
    const options = departmentFilterOptions(DEPARTMENTS);
    expect(options[0]).toEqual({ value: 0, key: 0, title: '未分配部门', children: [] });
    expect(options.slice(1).map((o) => o.title)).toEqual(['销售部', '研发部']);
  });
});

describe('positionChoices', () => {
  it("offers the department's own positions, then the whole company's", () => {
    expect(positionChoices(POSITIONS, DEPARTMENTS, 1)).toEqual([
      { key: '1', label: '研发部的职务', options: [{ value: 11, label: '工程师' }] },
      { key: '0', label: '全单位职务', options: [{ value: 10, label: '总经理' }] },
    ]);
  });

  it("offers only the whole company's without a department, and leaves out empty groups", () => {
    expect(positionChoices(POSITIONS, DEPARTMENTS, undefined)).toEqual([
      { key: '0', label: '全单位职务', options: [{ value: 10, label: '总经理' }] },
    ]);
    expect(positionChoices([pos(11, '工程师', 1)], DEPARTMENTS, 2)).toEqual([]);
  });
});

describe('positionFits', () => {
  it("accepts no position, a whole-company position, or one of the person's department", () => {
    expect(positionFits(POSITIONS, undefined, 1)).toBe(true);
    expect(positionFits(POSITIONS, 10, undefined)).toBe(true);
    expect(positionFits(POSITIONS, 11, 1)).toBe(true);
  });

  it("refuses another department's position, and one that is gone", () => {
    expect(positionFits(POSITIONS, 11, 2)).toBe(false);
    expect(positionFits(POSITIONS, 11, null)).toBe(false);
    expect(positionFits(POSITIONS, 99, 1)).toBe(false);
  });
});

describe('positionFilterOptions', () => {
  const labels = (departmentId?: number) =>
    positionFilterOptions(POSITIONS, DEPARTMENTS, departmentId).map((g) => g.label);

  it("offers the whole company's first, then each department's in tree order", () => {
    expect(labels()).toEqual(['全单位职务', '销售部的职务', '研发部的职务', '前端组的职务']);
  });

  it('narrows to the chosen department and those below it', () => {
    expect(labels(1)).toEqual(['全单位职务', '研发部的职务', '前端组的职务']);
    expect(labels(3)).toEqual(['全单位职务', '前端组的职务']);
    // 未分配部门: the people without a department hold only the whole company's positions.
    expect(labels(0)).toEqual(['全单位职务']);
  });

  it('tells whether a position is still offered', () => {
    const groups = positionFilterOptions(POSITIONS, DEPARTMENTS, 3);
    expect(offers(groups, 12)).toBe(true);
    expect(offers(groups, 13)).toBe(false);
    expect(offers(groups, undefined)).toBe(true);
  });
});

describe('the fixed options', () => {
  it('names genders, states and roles in Chinese', () => {
    expect(GENDER_OPTIONS.map((o) => o.label)).toEqual(['男', '女', '未填写']);
    expect(STATUS_OPTIONS).toEqual([
      { value: 1, label: '正常' },
      { value: 0, label: '已停用' },
    ]);
    expect(ROLE_FILTER_OPTIONS.some((o) => o.label === '会员')).toBe(false);
    expect(ROLE_FILTER_OPTIONS.find((o) => o.value === 3)?.label).toBe('单位管理员');
  });

  it("offers exactly the roles the caller's role may give", () => {
    const company = roleOptions(3).map((o) => o.value);
    expect(company).toContain(7);
    expect(company).not.toContain(3);
    expect(company).not.toContain(1);
    expect(roleOptions(7).map((o) => o.value)).not.toContain(7);
    expect(roleOptions(9)).toEqual([]);
    expect(roleOptions(undefined)).toEqual([]);
  });
});

const user: UserAdmin = {
  id: 5,
  company_id: 1,
  username: 'zhangsan',
  real_name: '',
  gender: 1,
  mobile: '13800000000',
  email: '',
  role: 5,
  role_name: '业务人员',
  roles: [5, 9],
  department_id: null,
  department_name: '',
  position_id: 10,
  position_name: '总经理',
  status: 1,
  must_change_password: 0,
  last_login_time: '',
  manageable: true,
  create_time: '2024-01-01T00:00:00Z',
  update_time: '2024-01-01T00:00:00Z',
};

describe('other roles', () => {
  it('names the roles held beside the main one', () => {
    expect(otherRoleNames(user)).toEqual(['学生']);
    expect(otherRoleNames({ role: 5, roles: [5] })).toEqual([]);
  });

  it('offers every role the caller gives but the main one', () => {
    const roles = roleOptions(3);
    expect(otherRoleOptions(roles, 5).map((o) => o.value)).not.toContain(5);
    expect(otherRoleOptions(roles, 5)).toHaveLength(roles.length - 1);
    expect(otherRoleOptions(roles, undefined)).toEqual(roles);
  });
});

describe('personName', () => {
  it('is the 姓名, else the user name', () => {
    expect(personName(user)).toBe('zhangsan');
    expect(personName({ ...user, real_name: '张三' })).toBe('张三');
  });
});

describe('formValuesOf and personInput', () => {
  it('fills the form from a person, no department as empty', () => {
    expect(formValuesOf(user)).toEqual({
      real_name: '',
      gender: 1,
      mobile: '13800000000',
      email: '',
      role: 5,
      other_roles: [9],
      department_id: undefined,
      position_id: 10,
    });
  });

  it('trims the text, sends a blank contact as none and leaves out an empty department or position', () => {
    expect(
      personInput({
        real_name: ' 张三 ',
        gender: 0,
        mobile: ' ',
        role: 5,
        department_id: null,
        position_id: undefined,
      }),
    ).toEqual({ real_name: '张三', gender: 0, mobile: '', email: '', role: 5, other_roles: [] });
    expect(
      personInput({
        real_name: '李四',
        gender: 2,
        email: 'a@b.cn',
        role: 9,
        other_roles: [9, 4],
        department_id: 1,
        position_id: 11,
      }),
    ).toEqual({
      real_name: '李四',
      gender: 2,
      mobile: '',
      email: 'a@b.cn',
      role: 9,
      // The main role is not held twice.
      other_roles: [4],
      department_id: 1,
      position_id: 11,
    });
  });
});
