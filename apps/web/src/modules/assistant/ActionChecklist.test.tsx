import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '#web/shared/testing/mount.tsx';
import { ActionChecklist } from './ActionChecklist.tsx';
import { actionGroups } from './assistants.ts';

const GROUPS = actionGroups([
  { codename: 'view_goods_category', name: '查看商品分类', module: 'goods' },
  { codename: 'view_department', name: '查看部门和职务', module: 'organization' },
  { codename: 'view_user', name: '查看人员', module: 'organization' },
]);

function render(value: string[], onChange = vi.fn()) {
  const host = mount(<ActionChecklist id="codenames" groups={GROUPS} value={value} onChange={onChange} />);
  const box = (name: string) => {
    const label = [...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
    const input = label?.querySelector('input');
    if (!input) throw new Error(`no box ${name}`);
    return input;
  };
  const all = (module: string) => {
    const input = host.querySelector<HTMLInputElement>(`input[aria-label="全选 ${module}"]`);
    if (!input) throw new Error(`no 全选 of ${module}`);
    return input;
  };
  return { host, box, all, onChange };
}

describe('ActionChecklist', () => {
  it('names each module’s group after it and shows what is ticked', () => {
    const { host, box } = render(['view_user']);
    const names = [...host.querySelectorAll('fieldset')].map(
      (f) => document.getElementById(f.getAttribute('aria-labelledby') ?? '')?.textContent,
    );
    expect(names).toEqual(['商品', '部门、职务与人员']);
    expect(host.textContent).toContain('已选 1 / 3 项');
    expect(host.textContent).toContain('1/2');
    expect(box('查看人员').checked).toBe(true);
    expect(box('查看部门和职务').checked).toBe(false);
    expect(host.querySelector('#codenames')).not.toBeNull();
  });

  it('half-ticks a module’s 全选 when some of it is ticked, and ticks all of it from there', () => {
    const { all, onChange } = render(['view_user']);
    expect(all('部门、职务与人员').indeterminate).toBe(true);
    expect(all('商品').checked).toBe(false);
    act(() => all('部门、职务与人员').click());
    expect(onChange).toHaveBeenLastCalledWith(['view_department', 'view_user']);
  });

  it('unticks the whole module from a ticked 全选, and reports one action ticked in order', () => {
    const { all, box, onChange } = render(['view_department', 'view_user']);
    expect(all('部门、职务与人员').checked).toBe(true);
    act(() => all('部门、职务与人员').click());
    expect(onChange).toHaveBeenLastCalledWith([]);
    act(() => box('查看商品分类').click());
    expect(onChange).toHaveBeenLastCalledWith(['view_goods_category', 'view_department', 'view_user']);
  });
});
