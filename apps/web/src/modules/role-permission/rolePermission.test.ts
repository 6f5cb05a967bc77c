import type { RolePermissionRole } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  allCodenames,
  canGrant,
  differences,
  differsFromDefault,
  lostOnceRemoved,
  moduleState,
  orderedCodenames,
  type PermissionModuleItem,
  sameSet,
  toggleAction,
  toggleModule,
} from './rolePermission.ts';

const GOODS: PermissionModuleItem = {
  module: 'goods',
  name: '商品',
  actions: [
    { codename: 'view_goods_category', name: '查看商品分类' },
    { codename: 'add_goods_category', name: '新增商品分类' },
    { codename: 'change_public_brand', name: '管理公共品牌' },
  ],
};
const ORGANIZATION: PermissionModuleItem = {
  module: 'organization',
  name: '部门、职务与人员',
  actions: [
    { codename: 'view_user', name: '查看人员' },
    { codename: 'add_user', name: '新增人员' },
  ],
};
const MODULES = [GOODS, ORGANIZATION];

// 商城管理员 as a company manager sees it: defaults the two goods category actions; the company
// took add_goods_category away and gave change_public_brand (someone who held it did).
const SHOP: RolePermissionRole = {
  role: 12,
  role_name: '商城管理员',
  codenames: ['view_goods_category', 'change_public_brand'],
  defaults: ['view_goods_category', 'add_goods_category'],
};
// The company manager holds the organization's actions only.
const GRANTABLE = new Set(['view_user', 'add_user']);
const set = (...c: string[]) => new Set(c);
const tickable = (c: string) => canGrant(c, SHOP, GRANTABLE);

describe('sameSet', () => {
  it('compares the codenames, not their order', () => {
    expect(sameSet(set('a', 'b'), set('b', 'a'))).toBe(true);
    expect(sameSet(set('a'), set('a', 'b'))).toBe(false);
    expect(sameSet(set('a', 'c'), set('a', 'b'))).toBe(false);
    expect(sameSet(set(), set())).toBe(true);
  });
});

describe('canGrant', () => {
  it('allows what the caller holds, what the role has and its defaults', () => {
    expect(canGrant('add_user', SHOP, GRANTABLE)).toBe(true);
    expect(canGrant('change_public_brand', SHOP, GRANTABLE)).toBe(true);
    expect(canGrant('add_goods_category', SHOP, GRANTABLE)).toBe(true);
  });
  it('refuses an action the role lacks, the caller does not hold and is no default', () => {
    const bare = { ...SHOP, codenames: [] };
    expect(canGrant('change_public_brand', bare, GRANTABLE)).toBe(false);
  });
});

describe('lostOnceRemoved', () => {
  it('is an action the caller lacks that is not a default', () => {
    expect(lostOnceRemoved('change_public_brand', SHOP, GRANTABLE)).toBe(true);
    expect(lostOnceRemoved('view_goods_category', SHOP, GRANTABLE)).toBe(false);
    expect(lostOnceRemoved('view_user', SHOP, GRANTABLE)).toBe(false);
  });
});

describe('differences and differsFromDefault', () => {
  const defaults = set(...SHOP.defaults);
  const now = set(...SHOP.codenames);
  it('marks an action ticked but not a default, and a default unticked', () => {
    expect(differsFromDefault('change_public_brand', now, defaults)).toBe(true);
    expect(differsFromDefault('add_goods_category', now, defaults)).toBe(true);
    expect(differsFromDefault('view_goods_category', now, defaults)).toBe(false);
    expect(differsFromDefault('view_user', now, defaults)).toBe(false);
  });
  it('lists the codenames that differ, in the matrix order', () => {
    expect(differences(MODULES, now, defaults)).toEqual(['add_goods_category', 'change_public_brand']);
    expect(differences(MODULES, now, now)).toEqual([]);
  });
});

describe('orderedCodenames', () => {
  it('sends the set in the matrix order, without unknown codenames', () => {
    expect(orderedCodenames(MODULES, set('add_user', 'view_goods_category', 'nope'))).toEqual([
      'view_goods_category',
      'add_user',
    ]);
    expect(orderedCodenames(MODULES, set())).toEqual([]);
    expect(allCodenames(MODULES)).toHaveLength(5);
  });
});

describe('toggleAction', () => {
  it('ticks and unticks one action without changing the set given', () => {
    const before = set('a');
    expect([...toggleAction(before, 'b', true)]).toEqual(['a', 'b']);
    expect([...toggleAction(before, 'a', false)]).toEqual([]);
    expect([...before]).toEqual(['a']);
  });
});

describe('moduleState', () => {
  const defaults = set(...SHOP.defaults);
  it('is half-ticked when some are ticked, and counts the adjusted actions', () => {
    expect(moduleState(GOODS, set(...SHOP.codenames), defaults, tickable)).toEqual({
      checked: 2,
      total: 3,
      all: false,
      indeterminate: true,
      disabled: false,
      adjusted: 2,
    });
  });
  it('is ticked when every action that may be ticked is, though one the caller lacks is not', () => {
    const bare = { ...SHOP, codenames: ['view_goods_category'] };
    const can = (c: string) => canGrant(c, bare, GRANTABLE);
    const state = moduleState(GOODS, set('view_goods_category', 'add_goods_category'), defaults, can);
    expect(state).toMatchObject({
      checked: 2,
      all: true,
      indeterminate: false,
      disabled: false,
      adjusted: 0,
    });
  });
  it('is unticked with nothing ticked, and unusable when nothing may be ticked', () => {
    expect(moduleState(ORGANIZATION, set(), defaults, tickable)).toMatchObject({
      checked: 0,
      all: false,
      indeterminate: false,
      disabled: false,
    });
    expect(moduleState(ORGANIZATION, set(), defaults, () => false)).toMatchObject({
      all: false,
      indeterminate: false,
      disabled: true,
    });
  });
  it('lets an action the caller may not tick be unticked from 全选', () => {
    expect(moduleState(GOODS, set('change_public_brand'), defaults, () => false)).toMatchObject({
      all: true,
      disabled: false,
    });
  });
});

describe('toggleModule', () => {
  it('ticks every action that may be ticked, leaving the others and other modules alone', () => {
    const bare = { ...SHOP, codenames: [] };
    const can = (c: string) => canGrant(c, bare, GRANTABLE);
    const next = toggleModule(GOODS, set('view_user'), can);
    expect(orderedCodenames(MODULES, next)).toEqual([
      'view_goods_category',
      'add_goods_category',
      'view_user',
    ]);
  });
  it('completes a half-ticked module', () => {
    const next = toggleModule(GOODS, set('view_goods_category'), tickable);
    expect(orderedCodenames(MODULES, next)).toEqual([
      'view_goods_category',
      'add_goods_category',
      'change_public_brand',
    ]);
  });
  it('unticks the whole module once every usable action is ticked', () => {
    const full = set('view_goods_category', 'add_goods_category', 'change_public_brand', 'add_user');
    expect([...toggleModule(GOODS, full, tickable)]).toEqual(['add_user']);
  });
});
