import type { Assistant } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  actionGroups,
  addedNames,
  assistantRoleName,
  effectiveActions,
  type Grantable,
  moduleState,
  orderedCodenames,
  personName,
  pickerOption,
  slotsLeft,
  toggleAction,
  toggleModule,
} from './assistants.ts';

const GRANTABLE: Grantable[] = [
  { codename: 'view_goods_category', name: '查看商品分类', module: 'goods' },
  { codename: 'add_goods_category', name: '新增商品分类', module: 'goods' },
  { codename: 'view_department', name: '查看部门和职务', module: 'organization' },
  { codename: 'view_user', name: '查看人员', module: 'organization' },
  { codename: 'add_user', name: '新增人员', module: 'organization' },
];
const GROUPS = actionGroups(GRANTABLE);
const [GOODS, ORGANIZATION] = GROUPS as [(typeof GROUPS)[number], (typeof GROUPS)[number]];

const assistant = (user_id: number, real_name: string, username = `u${user_id}`): Assistant => ({
  user_id,
  username,
  real_name,
  role: 7,
  codenames: [],
  create_time: '2024-01-01T00:00:00Z',
});

describe('names', () => {
  it('names a person by their 姓名, else their user name', () => {
    expect(personName({ real_name: '张三', username: 'zhangsan' })).toBe('张三');
    expect(personName({ real_name: '', username: 'zhangsan' })).toBe('zhangsan');
  });

  it('names the role the caller’s assistants hold, none for a role without assistants', () => {
    expect(assistantRoleName(2)).toBe('集群管理员助理');
    expect(assistantRoleName(3)).toBe('单位管理员助理');
    expect(assistantRoleName(4)).toBe('指导者助理');
    expect(assistantRoleName(1)).toBe('');
    expect(assistantRoleName(7)).toBe('');
    expect(assistantRoleName(undefined)).toBe('');
  });

  it('names the assistants just added, in the order of the list', () => {
    const list = [assistant(1, '甲'), assistant(2, '', 'yi'), assistant(3, '丙')];
    expect(addedNames(list, [3, 2])).toBe('yi、丙');
    expect(addedNames(list, [9])).toBe('');
  });
});

describe('the picker', () => {
  it('offers a free person by name and user name', () => {
    expect(pickerOption({ user_id: 5, username: 'li', real_name: '李四', serving: '' })).toEqual({
      value: 5,
      label: '李四（li）',
      disabled: false,
    });
  });

  it('shows someone serving another principal as 已是某某的助理, not to be chosen', () => {
    expect(pickerOption({ user_id: 6, username: 'wang', real_name: '', serving: '单位管理员' })).toEqual({
      value: 6,
      label: 'wang（wang） · 已是单位管理员的助理',
      disabled: true,
    });
  });

  it('counts the room left for assistants (20 at most)', () => {
    expect(slotsLeft(0)).toBe(20);
    expect(slotsLeft(19)).toBe(1);
    expect(slotsLeft(20)).toBe(0);
    expect(slotsLeft(25)).toBe(0);
  });
});

describe('actionGroups', () => {
  it('groups the actions by module, named in Chinese, in the order given', () => {
    expect(GROUPS.map((g) => [g.module, g.name, g.actions.length])).toEqual([
      ['goods', '商品', 2],
      ['organization', '部门、职务与人员', 3],
    ]);
    expect(ORGANIZATION.actions[0]).toEqual({ codename: 'view_department', name: '查看部门和职务' });
  });

  it('keeps a module it does not know under its own name', () => {
    expect(actionGroups([{ codename: 'x', name: 'X', module: 'mystery' }])[0]?.name).toBe('mystery');
    expect(actionGroups([])).toEqual([]);
  });
});

describe('effectiveActions', () => {
  it('keeps only what the caller may still give, in its order', () => {
    expect(
      effectiveActions(['view_user', 'gone_action', 'view_goods_category'], GRANTABLE).map((g) => g.codename),
    ).toEqual(['view_goods_category', 'view_user']);
    expect(effectiveActions([], GRANTABLE)).toEqual([]);
  });
});

describe('ticking actions', () => {
  it('ticks and unticks one action', () => {
    const on = toggleAction(new Set(), 'view_user', true);
    expect([...on]).toEqual(['view_user']);
    expect([...toggleAction(on, 'view_user', false)]).toEqual([]);
  });

  it('tells what a module’s 全选 shows', () => {
    expect(moduleState(ORGANIZATION, new Set())).toEqual({
      checked: 0,
      total: 3,
      all: false,
      indeterminate: false,
    });
    expect(moduleState(ORGANIZATION, new Set(['view_user', 'view_goods_category']))).toEqual({
      checked: 1,
      total: 3,
      all: false,
      indeterminate: true,
    });
    expect(moduleState(GOODS, new Set(['view_goods_category', 'add_goods_category'])).all).toBe(true);
  });

  it('全选 ticks the whole module, and unticks it when all were; other modules stay', () => {
    const some = new Set(['view_user', 'view_goods_category']);
    const all = toggleModule(ORGANIZATION, some);
    expect(orderedCodenames(GROUPS, all)).toEqual([
      'view_goods_category',
      'view_department',
      'view_user',
      'add_user',
    ]);
    expect(orderedCodenames(GROUPS, toggleModule(ORGANIZATION, all))).toEqual(['view_goods_category']);
  });

  it('sends the ticked set in the groups’ order, without what no group offers', () => {
    expect(orderedCodenames(GROUPS, new Set(['add_user', 'gone_action', 'view_goods_category']))).toEqual([
      'view_goods_category',
      'add_user',
    ]);
  });
});
