import { describe, expect, it } from 'vitest';
import { hasAction, hasModule, moduleOf } from './permissions.ts';
import { landingArea } from './roles.ts';

const perm = { goods: [{ codename: 'view_goods_category', name: '查看商品分类' }], empty: [] };

describe('permission functions (spec §6)', () => {
  it('action: allowed when nothing is loaded', () => {
    expect(hasAction(null, 'goods', 'add_goods_category')).toBe(true);
    expect(hasAction(undefined, 'goods', 'add_goods_category')).toBe(true);
  });
  it('action: needs the module and the codename once loaded', () => {
    expect(hasAction(perm, 'goods', 'view_goods_category')).toBe(true);
    expect(hasAction(perm, 'goods', 'add_goods_category')).toBe(false);
    expect(hasAction(perm, 'car', 'view_goods_category')).toBe(false);
    expect(hasAction({}, 'goods', 'view_goods_category')).toBe(false);
  });
  it('module: allowed only when the key exists', () => {
    expect(hasModule(perm, 'goods')).toBe(true);
    expect(hasModule(perm, 'empty')).toBe(true);
    expect(hasModule(perm, 'car')).toBe(false);
    expect(hasModule(null, 'goods')).toBe(false);
    expect(hasModule(perm, 'toString')).toBe(false);
  });
  it('knows the module of a codename', () => {
    expect(moduleOf('delete_goods_category')).toBe('goods');
    expect(moduleOf('nope')).toBeUndefined();
  });
});

describe('landing area by role number (spec §2)', () => {
  it.each([
    [[1, 2, 3, 6, 7, 8], 'manager'],
    [[10], 'car'],
    [[11], 'tool'],
    [[4], 'instructor'],
    [[5], 'business'],
    [[12, 13, 14, 18, 20, 21], 'crm'],
    [[9, 15, 99, 0], 'student'],
  ] as const)('%j → /%s/', (roles, area) => {
    for (const r of roles) expect(landingArea(r)).toBe(area);
  });
});
