import type { ReactNode } from 'react';
import { ListTable, type ListTableProps } from './ListTable.tsx';
import { ListToolbar, type ToolbarSearch, type ToolbarStatus } from './ListToolbar.tsx';
import { type ListFilters, useExistingPage } from './pagination.ts';

/**
 * A back-office list under its filter bar, both wired to one `useListFilters`: the search box and
 * the status select set the filters (back to page 1), the table shows `query` paged by them, and
 * when the last row of the last page goes away the list steps back a page. The page writes only
 * the words, its own filters (`filters`, between the search box and the status select), its
 * buttons (`children`, at the bar's end) and the table's columns.
 */
export function FilteredList<T extends { id: number }, S extends number | string = number>({
  listFilters: list,
  search,
  status,
  filters,
  children,
  query,
  ...table
}: Omit<ListTableProps<T>, 'pagination'> & {
  listFilters: ListFilters<S>;
  search: Omit<ToolbarSearch, 'onSearch'>;
  status?: Omit<ToolbarStatus<S>, 'value' | 'onChange'>;
  filters?: ReactNode;
  children?: ReactNode;
}) {
  useExistingPage(query.data?.paging, list.page, list.setPage);
  return (
    <>
      <ListToolbar<S>
        search={{ ...search, onSearch: list.search }}
        filters={filters}
        status={status && { ...status, value: list.status, onChange: list.filterStatus }}
      >
        {children}
      </ListToolbar>
      <ListTable<T> {...table} query={query} pagination={list.pagination} />
    </>
  );
}
