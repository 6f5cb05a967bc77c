import type { Department, Position } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  type DepartmentOption,
  departmentOptions,
  flatten,
  nestDepartments,
  parentOptions,
  positionsOf,
  subtreeIds,
} from './departmentTree.ts';

const dept = (id: number, parent_id: number): Department => ({
  id,
  name: `d${id}`,
  parent_id,
  sort: 0,
  user_count: 0,
});

// 1 > (2 > 3, 4), 5; as the server sends them (by sort, not parents first).
const departments = [dept(1, 0), dept(3, 2), dept(2, 1), dept(4, 1), dept(5, 0)];

/** An option tree as `value[children…]` text, a disabled option marked with `!`. */
const shape = (options: readonly DepartmentOption[]): string =>
  options
    .map((o) => `${o.value}${o.disabled ? '!' : ''}${o.children.length ? `[${shape(o.children)}]` : ''}`)
    .join(',');

/** A chain 1 > 2 > … > n, one department per level. */
const chain = (n: number) => Array.from({ length: n }, (_, i) => dept(i + 1, i));

describe('nestDepartments', () => {
  it('nests each department under its parent, sibling order kept, with its level', () => {
    const tree = nestDepartments(departments);
    expect(tree.map((n) => n.id)).toEqual([1, 5]);
    expect(tree[0]?.children.map((n) => n.id)).toEqual([2, 4]);
    expect(tree[0]?.children[0]?.children.map((n) => [n.id, n.depth])).toEqual([[3, 3]]);
    expect(flatten(tree).map((n) => n.id)).toEqual([1, 2, 3, 4, 5]);
  });
  it('puts a department whose parent is missing at the top, and survives a loop', () => {
    expect(nestDepartments([dept(7, 99), dept(8, 7)]).map((n) => n.id)).toEqual([7]);
    expect(flatten(nestDepartments([dept(1, 1), dept(2, 3), dept(3, 2)])).map((n) => n.id)).toEqual([1]);
    expect(nestDepartments([])).toEqual([]);
  });
});

describe('subtreeIds', () => {
  it('is the department and everything under it', () => {
    expect([...subtreeIds(departments, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(departments, 2)].sort()).toEqual([2, 3]);
    expect([...subtreeIds(departments, 5)]).toEqual([5]);
  });
});

describe('ancestorIds', () => {
  it('walks up to the top, nearest first', () => {
    expect(ancestorIds(departments, 3)).toEqual([2, 1]);
    expect(ancestorIds(departments, 1)).toEqual([]);
    expect(ancestorIds(departments, 99)).toEqual([]);
    expect(ancestorIds([dept(1, 2), dept(2, 1)], 1)).toEqual([2, 1]);
  });
});

describe('parentOptions', () => {
  it('offers 顶级部门 (0) over the whole tree for a new department', () => {
    const options = parentOptions(departments);
    expect(options[0]?.title).toBe('顶级部门');
    expect(shape(options)).toBe('0[1[2[3],4],5]');
  });
  it('leaves out the department edited and everything under it', () => {
    expect(shape(parentOptions(departments, 2))).toBe('0[1[4],5]');
    expect(shape(parentOptions(departments, 1))).toBe('0[5]');
  });
  it('disables a parent where the department would go deeper than six levels', () => {
    // A new department can go under level 5 but not under level 6.
    expect(shape(parentOptions(chain(6)))).toBe('0[1[2[3[4[5[6!]]]]]]');
    // Department 7 (with 8 under it, two levels) fits under level 4 at most.
    const moved = [...chain(6), dept(7, 0), dept(8, 7)];
    expect(shape(parentOptions(moved, 7))).toBe('0[1[2[3[4[5![6!]]]]]]');
  });
});

describe('departmentOptions', () => {
  it('offers 全单位 (0) over every department', () => {
    const options = departmentOptions(departments);
    expect(options[0]?.title).toBe('全单位');
    expect(shape(options)).toBe('0[1[2[3],4],5]');
  });
});

describe('positionsOf', () => {
  const position = (id: number, department_id: number): Position => ({
    id,
    name: `p${id}`,
    department_id,
    sort: 0,
    user_count: 0,
  });
  it('keeps the positions of one department, 0 for the whole company', () => {
    const all = [position(1, 0), position(2, 3), position(3, 0)];
    expect(positionsOf(all, 0).map((p) => p.id)).toEqual([1, 3]);
    expect(positionsOf(all, 3).map((p) => p.id)).toEqual([2]);
    expect(positionsOf(all, 4)).toEqual([]);
  });
});
