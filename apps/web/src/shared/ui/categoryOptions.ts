import type { CategoryTreeNode } from '@portal/contract';

export interface CategoryOption {
  value: number;
  key: number;
  title: string;
  children: CategoryOption[];
}

/** A category tree as antd Tree / TreeSelect data: the id as value and key, the name as title. */
export function categoryOptions(nodes: readonly CategoryTreeNode[]): CategoryOption[] {
  return nodes.map((n) => ({ value: n.id, key: n.id, title: n.name, children: categoryOptions(n.children) }));
}
