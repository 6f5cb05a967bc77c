import type { Paging } from '@portal/contract';
import { type PaginationProps, Table, type TableProps } from 'antd';
import { QueryEmpty } from './QueryEmpty.tsx';
import { useKeyboardScroll } from './useKeyboardScroll.ts';

/** What ListTable needs of a paged list query. */
export interface ListQuery<T> {
  data?: { results: T[]; paging: Paging } | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A back-office list table fed by a paged query: small, scrolls sideways on narrow screens, rows
 * keyed by `id`, 加载中 while fetching, `empty` (or 加载失败 with a retry) when there are no rows,
 * and paged by `pagination(total)` (from `usePaging`). Focus that loses its row stays on the list.
 */
export function ListTable<T extends { id: number }>({
  query,
  empty,
  pagination,
  ...props
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale' | 'pagination' | 'rowKey'> & {
  query: ListQuery<T>;
  empty: string;
  'aria-label'?: string;
  pagination: (total: number) => PaginationProps;
}) {
  const box = useKeyboardScroll(props['aria-label']);
  return (
    // Where focus goes when the focused row leaves (a delete): see focusRescue.ts.
    <div data-focus-home ref={box}>
      <Table<T>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        {...props}
        rowSelection={
          props.rowSelection && {
            // antd names the header checkbox "Select all", in English.
            getTitleCheckboxProps: () => ({ 'aria-label': '全选本页' }),
            ...props.rowSelection,
          }
        }
        dataSource={query.data?.results ?? []}
        loading={query.isFetching}
        locale={{ emptyText: <QueryEmpty query={query} description={empty} /> }}
        pagination={pagination(query.data?.paging.count ?? 0)}
      />
    </div>
  );
}
