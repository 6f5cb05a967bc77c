import type { CategoryTreeNode } from '@portal/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { categoryOptions } from './categoryOptions.ts';
import { CLEARABLE } from './clearable.tsx';
import { TREE_SWITCHER } from './treeSwitcher.tsx';

/**
 * A list's category filter (`ResourcePage` filters): the tree unfolded, 全部分类 when cleared; the
 * list takes the chosen category with its subtree.
 */
export function CategoryFilter({
  label,
  tree,
  value,
  onChange,
}: {
  label: string;
  tree: readonly CategoryTreeNode[] | undefined;
  value: number | undefined;
  onChange: (value?: number) => void;
}) {
  const treeData = useMemo(() => categoryOptions(tree ?? []), [tree]);
  return (
    <TreeSelect
      switcherIcon={TREE_SWITCHER}
      aria-label={label}
      placeholder="全部分类"
      allowClear={CLEARABLE}
      treeData={treeData}
      value={value}
      onChange={onChange}
      style={{ width: 160 }}
      treeDefaultExpandAll
    />
  );
}
