import type { Category } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ancestorsOf, branchIds, nestRows, openBranches, splitMatch } from './treeRows.ts';

const cat = (id: number, parent_id: number | null): Category => ({
  id,
  parent_id,
  parent_name: '',
  name: `c${id}`,
  sort: 0,
  icon: '',
  status: 1,
  level: 1,
  children_count: 0,
  goods_count: 0,
  create_time: '',
  update_time: '',
});

// As the server sends a tree page: 1 > (2 > 3, 4), then 5.
const rows = [cat(1, null), cat(2, 1), cat(3, 2), cat(4, 1), cat(5, null)];

describe('nestRows', () => {
  it('nests each row under its parent, leaves without children', () => {
    const tree = nestRows(rows);
    expect(tree.map((n) => n.id)).toEqual([1, 5]);
    expect(tree[0]?.children?.map((n) => n.id)).toEqual([2, 4]);
    expect(tree[0]?.children?.[0]?.children?.map((n) => n.id)).toEqual([3]);
    expect(tree[0]?.children?.[1]).not.toHaveProperty('children');
    expect(tree[1]).not.toHaveProperty('children');
  });
  it('puts a row whose parent is not on the page at the top (a subtree listed under a node)', () => {
    expect(nestRows([cat(2, 1), cat(3, 2), cat(4, 1)]).map((n) => n.id)).toEqual([2, 4]);
  });
});

describe('branches', () => {
  const tree = nestRows(rows);
  it('finds the rows with rows under them', () => {
    expect(branchIds(tree)).toEqual([1, 2]);
  });
  it('opens what the user opened, or under a filter everything not folded', () => {
    expect(openBranches([1, 2], false, new Set([2, 9]), new Set())).toEqual([2]);
    expect(openBranches([1, 2], true, new Set(), new Set([1]))).toEqual([2]);
    expect(openBranches([1, 2], true, new Set(), new Set())).toEqual([1, 2]);
  });
  it('knows the way up to a row', () => {
    expect(ancestorsOf(rows, 3)).toEqual([3, 2, 1]);
    expect(ancestorsOf(rows, null)).toEqual([]);
    expect(ancestorsOf(rows, 77)).toEqual([77]);
  });
});

describe('splitMatch', () => {
  it('splits a name around the keyword, case ignored', () => {
    expect(splitMatch('Apple手机', 'apple')).toEqual(['', 'Apple', '手机']);
    expect(splitMatch('智能手机', '手机')).toEqual(['智能', '手机', '']);
    expect(splitMatch('智能手机', '电脑')).toBeNull();
    expect(splitMatch('智能手机', '')).toBeNull();
  });
});
