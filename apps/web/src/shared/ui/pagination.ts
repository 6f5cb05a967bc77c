import { PAGE_SIZE_OPTIONS } from '@portal/contract';
import type { TablePaginationConfig } from 'antd';

/** Paging for every list: 5/10/15/20 per page (spec §2), Chinese total text. */
export function tablePagination(
  page: number,
  pageSize: number,
  total: number,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
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
