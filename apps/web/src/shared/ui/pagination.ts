import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type Paging } from '@portal/contract';
import type { PaginationProps } from 'antd';
import { useEffect, useState } from 'react';

/** Paging for every list: 5/10/15/20 per page (spec §2), Chinese total text. */
export function tablePagination(
  page: number,
  pageSize: number,
  total: number,
  onChange: (page: number, pageSize: number) => void,
): PaginationProps {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (t) => `共 ${t} 条`,
    onChange,
  };
}

/**
 * A list's page and page size. `pagination(total)` is the antd paging (a new page size starts at
 * page 1). Pair it with `useExistingPage(reply.paging, page, setPage)` so the list steps back to the
 * last page that exists when the last row of the last page went away.
 */
export function usePaging(initialSize = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    page,
    pageSize,
    setPage,
    pagination: (total: number) =>
      tablePagination(page, pageSize, total, (p, s) => {
        setPage(s === pageSize ? p : 1);
        setPageSize(s);
      }),
  };
}

/**
 * A back-office list's search keyword and status filter on top of `usePaging`: a new search or
 * status starts again at page 1 (the keyword is trimmed; '' means no search). `params` is the
 * list call's page, page size, keyword (none when '') and status.
 */
export function useListFilters<S = number>(initialSize = DEFAULT_PAGE_SIZE) {
  const paging = usePaging(initialSize);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<S | undefined>();
  return {
    ...paging,
    keyword,
    status,
    params: { page: paging.page, page_size: paging.pageSize, keyword: keyword || undefined, status },
    /** A keyword or a status is chosen (the list says 没有符合条件的… rather than 暂无…). */
    filtered: keyword !== '' || status !== undefined,
    search: (value: string) => {
      setKeyword(value.trim());
      paging.setPage(1);
    },
    filterStatus: (value?: S) => {
      setStatus(value);
      paging.setPage(1);
    },
  };
}

/** What `useListFilters` gives: the filters a `FilteredList` is wired to. */
export type ListFilters<S = number> = ReturnType<typeof useListFilters<S>>;

/** The last row of the last page was deleted: step back to the page that still exists. */
export function useExistingPage(paging: Paging | undefined, page: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (paging && page > paging.num_pages) setPage(paging.num_pages);
  }, [paging, page, setPage]);
}
