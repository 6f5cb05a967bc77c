import { Pagination } from 'antd';
import { tablePagination } from './pagination.ts';

/** Paging under a public list page's results (5/10/15/20 per page); a new page size goes back to page 1. */
export function PagedFooter({
  page,
  pageSize,
  total,
  totalText,
  className,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalText: (total: number) => string;
  className: string;
  onChange: (next: { page: number; page_size?: number }) => void;
}) {
  return (
    <Pagination
      className={className}
      {...tablePagination(page, pageSize, total, (p, s) =>
        onChange(s !== pageSize ? { page: 1, page_size: s } : { page: p }),
      )}
      showTotal={totalText}
    />
  );
}
