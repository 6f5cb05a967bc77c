import type { Category } from '@portal/contract';
import { Button, type PaginationProps, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { formatMinute } from '#web/shared/format.ts';
import { type ListQuery, ListTable } from '#web/shared/ui/ListTable.tsx';
import { CategoryIcon } from './categoryIcons.tsx';

export interface CategoryTableProps {
  /** The paged list query. */
  query: ListQuery<Category>;
  /** The list's paging (`usePaging().pagination`). */
  pagination: (total: number) => PaginationProps;
  selected: number[];
  onSelect: ((ids: number[]) => void) | null;
  onEdit: ((row: Category) => void) | null;
  onDelete: ((row: Category) => void) | null;
}

function columns(p: CategoryTableProps): TableColumnsType<Category> {
  const cols: TableColumnsType<Category> = [
    {
      title: '名称',
      dataIndex: 'name',
      minWidth: 140,
      render: (v: string, row) => (
        <div className="category-name">
          <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>
          {row.parent_name && (
            <Typography.Text type="secondary" ellipsis className="category-parent">
              上级：{row.parent_name}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 56,
      align: 'center',
      render: (v: string) => <CategoryIcon name={v} />,
    },
    { title: '排序', dataIndex: 'sort', width: 60, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 68,
      render: (v: number) => (v === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '子分类数', dataIndex: 'children_count', width: 80, align: 'right' },
    { title: '商品数', dataIndex: 'goods_count', width: 68, align: 'right' },
    {
      title: '更新时间',
      dataIndex: 'update_time',
      width: 140,
      render: (v: string) => formatMinute(v),
    },
  ];
  const { onEdit, onDelete } = p;
  if (onEdit || onDelete) {
    cols.push({
      title: '操作',
      key: 'actions',
      width: 104,
      render: (_: unknown, row) => (
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
      ),
    });
  }
  return cols;
}

/** Right: the category list with paging 5/10/15/20 and row selection for batch delete. */
export function CategoryTable(p: CategoryTableProps) {
  const { onSelect } = p;
  return (
    <ListTable<Category>
      aria-label="分类列表"
      data-testid="category-table"
      columns={columns(p)}
      query={p.query}
      empty="暂无分类"
      pagination={p.pagination}
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
