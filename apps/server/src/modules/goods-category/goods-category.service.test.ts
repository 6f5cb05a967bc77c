import { describe, expect, it } from 'vitest';
import { buildTree } from './goods-category.service.ts';

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
