import type { RolePermissionRole } from '@portal/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '#web/shared/testing/mount.tsx';
import { ModuleActions } from './ModuleActions.tsx';
import { canGrant, type PermissionModuleItem } from './rolePermission.ts';

const GOODS: PermissionModuleItem = {
  module: 'goods',
  name: '商品',
  actions: [
    { codename: 'view_goods_category', name: '查看商品分类' },
    { codename: 'add_goods_category', name: '新增商品分类' },
    { codename: 'change_public_brand', name: '管理公共品牌' },
    { codename: 'view_goods_brand', name: '查看品牌' },
  ],
};
const ROLE: RolePermissionRole = {
  role: 12,
  role_name: '商城管理员',
  codenames: ['view_goods_category', 'add_goods_category', 'change_public_brand'],
  defaults: ['view_goods_category', 'add_goods_category'],
};
const GRANTABLE = new Set<string>();

function render(selected: ReadonlySet<string>, onChange = vi.fn()) {
  const host = mount(
    <ModuleActions
      module={GOODS}
      role={ROLE}
      selected={selected}
      saved={new Set(ROLE.codenames)}
      defaults={new Set(ROLE.defaults)}
      canTick={(c) => canGrant(c, ROLE, GRANTABLE)}
      grantable={GRANTABLE}
      onChange={onChange}
    />,
  );
  const box = (name: string) => {
    const label = [...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
    const input = label?.querySelector('input');
    if (!input) throw new Error(`no box ${name}`);
    return input;
  };
  return { host, box, onChange };
}

describe('ModuleActions', () => {
  it('names the group after the module and shows the counts', () => {
    const { host } = render(new Set(ROLE.codenames));
    const group = host.querySelector('[role="group"]');
    const title = document.getElementById(group?.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('商品');
    expect(host.textContent).toContain('3/4');
    expect(host.textContent).toContain('已调整 1');
  });

  it('disables an action the caller cannot give, saying why, and warns of one that would be lost', () => {
    const { host, box } = render(new Set(ROLE.codenames));
    expect(box('查看品牌').disabled).toBe(true);
    expect(box('查看商品分类').disabled).toBe(false);
    const described = (name: string) =>
      document.getElementById(box(name).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    expect(described('查看品牌')).toContain('你没有此操作，不能授予');
    expect(described('管理公共品牌')).toContain('取消后不能再授予');
    expect(described('管理公共品牌')).toContain('已调整');
    expect(box('查看商品分类').getAttribute('aria-describedby')).toBeNull();
    expect(host.textContent).toContain('add_goods_category');
  });

  it('ticks 全选 when every usable action is, half-ticks it otherwise, and unticks the module from it', () => {
    const full = render(new Set(ROLE.codenames));
    const all = full.host.querySelector<HTMLInputElement>('input[aria-label="全选 商品"]');
    expect(all?.checked).toBe(true);
    act(() => all?.click());
    expect([...(full.onChange.mock.calls[0]?.[0] ?? [])]).toEqual([]);

    const some = render(new Set(['view_goods_category']));
    const half = some.host.querySelector<HTMLInputElement>('input[aria-label="全选 商品"]');
    expect(half?.checked).toBe(false);
    expect(half?.indeterminate).toBe(true);
  });

  it('reports one action unticked', () => {
    const { box, onChange } = render(new Set(ROLE.codenames));
    act(() => box('新增商品分类').click());
    expect([...(onChange.mock.calls[0]?.[0] ?? [])]).toEqual(['view_goods_category', 'change_public_brand']);
  });
});
