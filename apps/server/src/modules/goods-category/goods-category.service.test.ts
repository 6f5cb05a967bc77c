import { describe, expect, it } from 'vitest';
import { buildTree, shownForest } from './goods-category.service.ts';

const row = (id: number, parent_id: number | null, level: number) => ({
  id,
  parent_id,
  path: '',
  level,
  name: `c${id}`,
  sort: 0,
  icon: '',
  status: 1,
  created_at: '',
  updated_at: '',
});

describe('buildTree', () => {
  it('nests rows under their parents in row order and drops orphans', () => {
    const tree = buildTree([row(1, null, 1), row(2, 1, 2), row(3, 2, 3), row(4, null, 1), row(5, 99, 2)]);
    expect(tree.map((n) => n.id)).toEqual([1, 4]);
    expect(tree[0]?.children[0]?.children[0]?.id).toBe(3);
    expect(JSON.stringify(tree)).not.toContain('"id":5');
  });
});

describe('shownForest', () => {
  // 1 > (2 > 3, 4), 5 > 6; in display order.
  const rows = [row(1, null, 1), row(2, 1, 2), row(3, 2, 3), row(4, 1, 2), row(5, null, 1), row(6, 5, 2)];
  const ids = (list: { id: number }[] | undefined) => (list ?? []).map((r) => r.id);

  it('without a filter shows the whole tree under the scope', () => {
    const all = shownForest(rows, null, () => true);
    expect(ids(all.tops)).toEqual([1, 5]);
    expect(ids(all.childrenOf.get(1))).toEqual([2, 4]);
    expect(ids(all.childrenOf.get(2))).toEqual([3]);
    expect(ids(all.childrenOf.get(5))).toEqual([6]);

    const under1 = shownForest(rows, 1, () => true);
    expect(ids(under1.tops)).toEqual([2, 4]);
    expect(ids(under1.childrenOf.get(2))).toEqual([3]);
    expect(under1.childrenOf.has(5)).toBe(false);
  });

  it('shows a match with its ancestors up to the scope, and nothing outside the scope', () => {
    const deep = shownForest(rows, null, (r) => r.id === 3);
    expect(ids(deep.tops)).toEqual([1]);
    expect(ids(deep.childrenOf.get(1))).toEqual([2]);
    expect(ids(deep.childrenOf.get(2))).toEqual([3]);

    expect(ids(shownForest(rows, 2, (r) => r.id === 3).tops)).toEqual([3]);
    expect(ids(shownForest(rows, 5, (r) => r.id === 3).tops)).toEqual([]);
    // A parent that matches keeps only its matching children.
    const two = shownForest(rows, null, (r) => r.id === 1 || r.id === 6);
    expect(ids(two.tops)).toEqual([1, 5]);
    expect(two.childrenOf.has(1)).toBe(false);
    expect(ids(two.childrenOf.get(5))).toEqual([6]);
  });
});
