import { Button, type PaginationProps, Space, Tag, Typography } from 'antd';
import type { Key } from 'react';
import { formatMinute } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { type ListColumns, type ListQuery, ListTable } from '#web/shared/ui/ListTable.tsx';
import { CategoryIcon } from './categoryIcons.tsx';
import { type CategoryNode, splitMatch } from './treeRows.ts';

export interface CategoryTableProps {
  /** The paged tree list, its rows nested (`nestRows`). */
  query: ListQuery<CategoryNode>;
  /** The list's paging (`usePaging().pagination`): of the top-level rows. */
  pagination: (total: number) => PaginationProps;
  /** The search, marked in the names. */
  keyword: string;
  /** The open branches, and what opening or folding one does. */
  expanded: readonly number[];
  onExpand: (open: boolean, row: CategoryNode) => void;
  selected: number[];
  onSelect: ((ids: number[]) => void) | null;
  onEdit: ((row: CategoryNode) => void) | null;
  onDelete: ((row: CategoryNode) => void) | null;
}

/** The name, with the search's match marked (a row shown only as the way to a match has none). */
function Name({ name, keyword }: { name: string; keyword: string }) {
  const parts = splitMatch(name, keyword);
  return (
    <Typography.Text ellipsis={{ tooltip: name }} className="category-name">
      {parts ? (
        <>
          {parts[0]}
          <mark className="category-match">{parts[1]}</mark>
          {parts[2]}
        </>
      ) : (
        name
      )}
    </Typography.Text>
  );
}

function columns(p: CategoryTableProps): ListColumns<CategoryNode> {
  const cols: ListColumns<CategoryNode> = [
    {
      title: '名称',
      dataIndex: 'name',
      minWidth: 180,
      phone: 'title',
      render: (v: string) => <Name name={v} keyword={p.keyword} />,
    },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 56,
      align: 'center',
      phone: 'hidden',
      render: (v: string) => <CategoryIcon name={v} />,
    },
    { title: '排序', dataIndex: 'sort', width: 60, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 68,
      phone: 'title',
      render: (v: number) => (v === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '子分类数', dataIndex: 'children_count', width: 80, align: 'right' },
    { title: '商品数', dataIndex: 'goods_count', width: 68, align: 'right' },
    {
      title: '更新时间',
      dataIndex: 'update_time',
      width: 140,
      phone: 'hidden',
      render: (v: string) => formatMinute(v),
    },
  ];
  const { onEdit, onDelete } = p;
  if (onEdit || onDelete) {
    cols.push(
      actionsColumn((row) => (
        <Space size={0}>
          {onEdit && (
            <Button type="link" size="small" onClick={() => onEdit(row)}>
              编辑
            </Button>
          )}
          {onDelete && (
            <Button type="link" size="small" danger onClick={() => onDelete(row)}>
              删除
            </Button>
          )}
        </Space>
      )),
    );
  }
  return cols;
}

/**
 * The categories as a tree in the table: top-level rows paged 5/10/15/20, each unfolding into its
 * sub-categories (the 展开 button before the name, by mouse or keyboard); 商品数 counts the
 * subtree. Rows can be selected for batch delete, a parent and its children alike.
 */
export function CategoryTable(p: CategoryTableProps) {
  const { onSelect } = p;
  return (
    <ListTable<CategoryNode>
      aria-label="分类列表"
      columns={columns(p)}
      query={p.query}
      empty="暂无分类"
      pagination={p.pagination}
      rowName={(row) => row.name}
      childLabel="子分类"
      expandable={{
        expandedRowKeys: p.expanded as Key[],
        onExpand: p.onExpand,
        indentSize: 20,
      }}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: p.selected,
              onChange: (keys) => onSelect(keys.map(Number)),
              getCheckboxProps: (row) => ({ 'aria-label': `选择 ${row.name}` }),
            }
          : undefined
      }
    />
  );
}
