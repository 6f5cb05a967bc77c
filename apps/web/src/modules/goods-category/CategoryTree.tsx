import { ApartmentOutlined } from '@ant-design/icons';
import type { CategoryTreeNode } from '@portal/contract';
import { Button, Card, Drawer, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { useCategoryTree } from './useCategories.ts';

export const ALL_KEY = 'all';

function toTreeData(nodes: readonly CategoryTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title:
      n.status === 1 ? (
        n.name
      ) : (
        <>
          {n.name}
          <Typography.Text type="secondary">（停用）</Typography.Text>
        </>
      ),
    children: toTreeData(n.children),
  }));
}

interface TreeProps {
  selected: CategoryTreeNode | null;
  onSelect: (node: CategoryTreeNode | null) => void;
}

/** The category tree under 全部分类. Selecting a node lists its subtree in the table. */
function CategoryTreeView({ selected, onSelect }: TreeProps) {
  const tree = useCategoryTree();
  const byId = useMemo(() => {
    const map = new Map<number, CategoryTreeNode>();
    const walk = (ns: readonly CategoryTreeNode[]) => {
      for (const n of ns) {
        map.set(n.id, n);
        walk(n.children);
      }
    };
    walk(tree.data ?? []);
    return map;
  }, [tree.data]);
  useEffect(() => {
    // The selected category was deleted or moved out of reach: fall back to 全部分类.
    if (selected && tree.data && !byId.has(selected.id)) onSelect(null);
  }, [selected, tree.data, byId, onSelect]);
  // Every branch starts open, including ones added later; what the user folds stays folded.
  const [folded, setFolded] = useState<ReadonlySet<Key>>(new Set());
  const allKeys = useMemo<Key[]>(() => [ALL_KEY, ...byId.keys()], [byId]);
  const expandedKeys = useMemo(() => allKeys.filter((k) => !folded.has(k)), [allKeys, folded]);
  const treeData = useMemo<TreeDataNode[]>(
    () => [{ key: ALL_KEY, title: '全部分类', children: toTreeData(tree.data ?? []) }],
    [tree.data],
  );

  if (tree.isPending)
    return (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
      </div>
    );
  return (
    <>
      <Tree
        switcherIcon={TREE_SWITCHER}
        aria-label="分类树"
        blockNode
        showLine
        expandedKeys={expandedKeys}
        onExpand={(keys) => setFolded(new Set(allKeys.filter((k) => !keys.includes(k))))}
        treeData={treeData}
        selectedKeys={[selected?.id ?? ALL_KEY]}
        onSelect={(keys) => {
          const key = keys[0];
          if (key === undefined) return;
          onSelect(key === ALL_KEY ? null : (byId.get(Number(key)) ?? null));
        }}
      />
      {!tree.data?.length && <QueryEmpty query={tree} description="暂无分类" simple />}
    </>
  );
}

/**
 * The category tree beside the table; on a narrow screen (`folded`) it folds into a button that
 * names the branch shown and opens the tree in a drawer, which closes once a branch is chosen.
 */
export function CategoryTree({ selected, onSelect, folded }: TreeProps & { folded: boolean }) {
  const [open, setOpen] = useState(false);
  if (!folded)
    return (
      <Card title="分类树" size="small" className="category-tree" styles={{ body: { padding: 12 } }}>
        <CategoryTreeView selected={selected} onSelect={onSelect} />
      </Card>
    );
  return (
    <>
      <Button
        block
        className="category-tree-toggle"
        icon={<ApartmentOutlined aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        分类树：{selected?.name ?? '全部分类'}
      </Button>
      <Drawer
        title="分类树"
        placement="left"
        size="min(320px, 88vw)"
        open={open}
        onClose={() => setOpen(false)}
        // Mounted while closed too: it falls back to 全部分类 when the chosen branch goes away.
        forceRender
        styles={{ body: { padding: 12 } }}
      >
        <CategoryTreeView
          selected={selected}
          onSelect={(n) => {
            onSelect(n);
            setOpen(false);
          }}
        />
      </Drawer>
    </>
  );
}
