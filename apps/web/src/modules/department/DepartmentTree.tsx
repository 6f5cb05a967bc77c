import { DEPARTMENT_LIMITS, type Department, TOP_DEPARTMENT } from '@portal/contract';
import { Button, Empty, Tree, Typography } from 'antd';
import type { BasicDataNode } from 'antd/es/tree';
import { type Key, type ReactNode, type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { ancestorIds, type DepartmentNode, flatten, nestDepartments } from './departmentTree.ts';

/** What the buttons of a department do; null when the caller may not change departments. */
export interface DepartmentActions {
  add: (parentId: number) => void;
  edit: (department: Department) => void;
  remove: (department: Department) => void;
}

interface TreeNode extends BasicDataNode {
  key: number;
  title: ReactNode;
  children: TreeNode[];
}

/**
 * 新增下级, 编辑 and 删除 of one department, each named with it (「编辑 研发部」). `shortcut`: the
 * pointer's copy inside a tree node — its click is its own (not the node's), and it is out of the
 * tab order (the keyboard has the chosen department's bar).
 */
function DepartmentButtons({
  department: d,
  actions,
  shortcut = false,
}: {
  department: DepartmentNode;
  actions: DepartmentActions;
  shortcut?: boolean;
}) {
  const own = (e: SyntheticEvent) => e.stopPropagation();
  const button = (label: string, run: () => void, extra: { danger?: boolean; disabled?: boolean } = {}) => (
    <Button
      type="link"
      size="small"
      {...extra}
      aria-label={`${label} ${d.name}`}
      tabIndex={shortcut ? -1 : undefined}
      onKeyDown={shortcut ? own : undefined}
      onClick={(e: SyntheticEvent) => {
        if (shortcut) own(e);
        run();
      }}
    >
      {label}
    </Button>
  );
  return (
    <>
      {button('新增下级', () => actions.add(d.id), { disabled: d.depth >= DEPARTMENT_LIMITS.depth })}
      {button('编辑', () => actions.edit(d))}
      {button('删除', () => actions.remove(d), { danger: true })}
    </>
  );
}

/** A department in the tree: its name and 人数 (what the tree item is named by), the pointer's buttons. */
function nodeTitle(d: DepartmentNode, actions: DepartmentActions | null): ReactNode {
  return (
    <span className="department-node">
      <span className="department-node-name">{d.name}</span>{' '}
      <span className="department-node-count">{d.user_count} 人</span>
      {actions && (
        <span className="department-node-actions">
          <DepartmentButtons department={d} actions={actions} shortcut />
        </span>
      )}
    </span>
  );
}

function toTreeData(nodes: readonly DepartmentNode[], actions: DepartmentActions | null): TreeNode[] {
  return nodes.map((d) => ({
    key: d.id,
    title: nodeTitle(d, actions),
    children: toTreeData(d.children, actions),
  }));
}

/**
 * The company's department tree under 全单位 (the whole company, whose positions belong to no
 * department), each department with its 人数. Choosing a department (a click; the arrow keys, then
 * Space) shows its positions beside, and its buttons 新增下级, 编辑 and 删除 in a bar above
 * the tree; the department under the pointer shows them too. Every branch starts open; what the
 * user folds stays folded, until a department in it is chosen.
 */
export function DepartmentTree({
  departments,
  selected,
  onSelect,
  actions,
}: {
  departments: readonly Department[];
  /** The department chosen, TOP_DEPARTMENT for 全单位. */
  selected: number;
  onSelect: (id: number) => void;
  actions: DepartmentActions | null;
}) {
  const nested = useMemo(() => nestDepartments(departments), [departments]);
  const all = useMemo(() => flatten(nested), [nested]);
  const chosen = all.find((d) => d.id === selected) ?? null;
  const treeData = useMemo<TreeNode[]>(
    () => [
      {
        key: TOP_DEPARTMENT,
        title: <span className="department-node-name">全单位</span>,
        children: toTreeData(nested, actions),
      },
    ],
    [nested, actions],
  );
  const [folded, setFolded] = useState<ReadonlySet<Key>>(new Set());
  const allKeys = useMemo<Key[]>(() => [TOP_DEPARTMENT, ...all.map((d) => d.id)], [all]);
  const expandedKeys = useMemo(() => allKeys.filter((k) => !folded.has(k)), [allKeys, folded]);
  // The department chosen (one just saved, say) is shown: the branches above it open.
  useEffect(() => {
    const way = selected === TOP_DEPARTMENT ? [] : [TOP_DEPARTMENT, ...ancestorIds(departments, selected)];
    setFolded((f) =>
      way.some((k) => f.has(k)) ? new Set([...f].filter((k) => !way.includes(Number(k)))) : f,
    );
  }, [departments, selected]);

  return (
    <>
      {actions && chosen && (
        <section className="department-chosen" aria-label={`已选部门「${chosen.name}」`}>
          <Typography.Text strong ellipsis={{ tooltip: chosen.name }} className="department-chosen-name">
            {chosen.name}
          </Typography.Text>
          <span className="department-chosen-actions">
            <DepartmentButtons department={chosen} actions={actions} />
          </span>
        </section>
      )}
      <Tree<TreeNode>
        switcherIcon={TREE_SWITCHER}
        className="department-tree"
        aria-label="部门树"
        blockNode
        showLine
        treeData={treeData}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setFolded(new Set(allKeys.filter((k) => !keys.includes(k))))}
        selectedKeys={[selected]}
        onSelect={(keys) => {
          const key = keys[0];
          if (key !== undefined) onSelect(Number(key));
        }}
      />
      {departments.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无部门" />}
    </>
  );
}
