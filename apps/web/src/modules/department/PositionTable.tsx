import type { Position } from '@portal/contract';
import { Button, Space } from 'antd';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { type ListColumns, type ListQuery, ListTable } from '#web/shared/ui/ListTable.tsx';

/** The positions are one list, never paged (a company holds at most DEPARTMENT_LIMITS.positions). */
const onePage = (count: number) => () => ({ hideOnSinglePage: true, pageSize: Math.max(count, 1) });

/**
 * The positions of one department (or of the whole company): 职务名称, 排序, 人数 and, for who may
 * change them, 编辑 and 删除. On a phone each is a card (ListTable).
 */
export function PositionTable({
  label,
  positions,
  query,
  empty,
  onEdit,
  onDelete,
}: {
  /** The table's name (「研发部」的职务). */
  label: string;
  positions: Position[];
  /** The organisation's query: loading, failure and retry. */
  query: Pick<ListQuery<Position>, 'isFetching' | 'isError' | 'refetch'>;
  empty: string;
  onEdit: ((position: Position) => void) | null;
  onDelete: ((position: Position) => void) | null;
}) {
  const columns: ListColumns<Position> = [
    { title: '职务名称', dataIndex: 'name', phone: 'title' },
    { title: '排序', dataIndex: 'sort', width: 72, align: 'right' },
    { title: '人数', dataIndex: 'user_count', width: 72, align: 'right' },
  ];
  if (onEdit || onDelete)
    columns.push(
      actionsColumn<Position>((row) => (
        <Space size={0}>
          {onEdit && (
            <Button type="link" size="small" aria-label={`编辑 ${row.name}`} onClick={() => onEdit(row)}>
              编辑
            </Button>
          )}
          {onDelete && (
            <Button
              type="link"
              size="small"
              danger
              aria-label={`删除 ${row.name}`}
              onClick={() => onDelete(row)}
            >
              删除
            </Button>
          )}
        </Space>
      )),
    );
  const count = positions.length;
  return (
    <ListTable<Position>
      aria-label={label}
      columns={columns}
      query={{
        data: {
          results: positions,
          paging: {
            count,
            has_previous: false,
            has_next: false,
            num_pages: 1,
            cur_page: 1,
            page_size: Math.max(count, 1),
          },
        },
        isFetching: query.isFetching,
        isError: query.isError,
        refetch: query.refetch,
      }}
      empty={empty}
      pagination={onePage(count)}
    />
  );
}
