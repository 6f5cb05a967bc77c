import type { Paging } from '@portal/contract';
import { type PaginationProps, Table, type TableProps } from 'antd';
import { ListCards } from './ListCards.tsx';
import { type ListColumns, tableColumn } from './listCards.ts';
import { QueryEmpty } from './QueryEmpty.tsx';
import { useKeyboardScroll } from './useKeyboardScroll.ts';
import { useNarrow } from './useNarrow.ts';
import './list-table.css';

export type { ListColumn, ListColumns, PhoneRole } from './listCards.ts';

/** What ListTable needs of a paged list query. */
export interface ListQuery<T> {
  data?: { results: T[]; paging: Paging } | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A tree row's 展开 button named after the row (antd's says only 展开行), with its state; a leaf
 * keeps the button's room so the names line up.
 */
function namedExpandIcon<T>(
  rowName: (row: T) => string,
  childLabel: string,
): NonNullable<TableProps<T>['expandable']>['expandIcon'] {
  return ({ expanded, expandable, onExpand, record }) =>
    expandable ? (
      <button
        type="button"
        className={`ant-table-row-expand-icon ant-table-row-expand-icon-${expanded ? 'expanded' : 'collapsed'}`}
        aria-label={`${expanded ? '收起' : '展开'}${childLabel}：${rowName(record)}`}
        aria-expanded={expanded}
        onClick={(e) => {
          onExpand(record, e);
          e.stopPropagation();
        }}
      />
    ) : (
      <span className="ant-table-row-expand-icon ant-table-row-expand-icon-spaced" aria-hidden />
    );
}

/** What ListTable takes: antd's table props but the rows, paging and empty text, which it makes. */
export type ListTableProps<T extends { id: number }> = Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'locale' | 'pagination' | 'rowKey' | 'columns'
> & {
  query: ListQuery<T>;
  empty: string;
  'aria-label'?: string;
  columns: ListColumns<T>;
  pagination: (total: number) => PaginationProps;
  /** A row's name, for its checkbox and its 展开 button on a card. */
  rowName?: (row: T) => string;
  /** What a tree row's children are called on a card's 展开 button (子分类). */
  childLabel?: string;
};

/**
 * A back-office list fed by a paged query: rows keyed by `id`, 加载中 while fetching, `empty` (or
 * 加载失败 with a retry) when there are no rows, and paged by `pagination(total)` (from
 * `usePaging`). Focus that loses its row stays on the list.
 *
 * On a wide screen it is a small table that scrolls sideways when it must. On a narrow one
 * (`useNarrow`, below 768 px) each row is a card, laid out by the columns' `phone` hints
 * (listCards.ts: the head, labelled fields, the actions as buttons), with the same selection,
 * tree rows (`children`, folded under their parent) and paging — so a phone reads every list
 * without scrolling sideways.
 */
export function ListTable<T extends { id: number }>({
  query,
  empty,
  pagination,
  columns,
  rowName,
  childLabel = '子项',
  ...props
}: ListTableProps<T>) {
  const narrow = useNarrow();
  const box = useKeyboardScroll(props['aria-label']);
  const rows = query.data?.results ?? [];
  const emptyText = <QueryEmpty query={query} description={empty} />;
  const paging = pagination(query.data?.paging.count ?? 0);
  const expandable =
    props.expandable && rowName && !props.expandable.expandIcon
      ? { ...props.expandable, expandIcon: namedExpandIcon(rowName, childLabel) }
      : props.expandable;
  const rowSelection = props.rowSelection && {
    // antd names the header checkbox "Select all", in English.
    getTitleCheckboxProps: () => ({ 'aria-label': '全选本页' }),
    ...props.rowSelection,
  };
  return (
    // Where focus goes when the focused row leaves (a delete): see focusRescue.ts.
    <div data-focus-home ref={box}>
      {narrow ? (
        <ListCards<T>
          rows={rows}
          columns={columns}
          label={props['aria-label']}
          loading={query.isFetching}
          empty={emptyText}
          pagination={paging}
          rowSelection={rowSelection}
          expandable={expandable}
          rowName={rowName}
          childLabel={childLabel}
        />
      ) : (
        <Table<T>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          {...props}
          columns={columns.map(tableColumn)}
          expandable={expandable}
          rowSelection={rowSelection}
          dataSource={rows}
          loading={query.isFetching}
          locale={{ emptyText }}
          pagination={paging}
        />
      )}
    </div>
  );
}
