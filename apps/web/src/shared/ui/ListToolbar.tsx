import { Input, Select, Space } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { CLEARABLE } from './clearable.tsx';

/** The bar's search box. */
export interface ToolbarSearch {
  label: string;
  placeholder: string;
  style: CSSProperties;
  /** The characters the server takes (the call's keyword limit): typing stops there. */
  maxLength: number;
  onSearch: (value: string) => void;
}

/** The bar's status select. */
export interface ToolbarStatus<S> {
  label: string;
  options: { value: S; label: string }[];
  value: S | undefined;
  onChange: (value?: S) => void;
  /** What the cleared select says (全部状态 unless given: 全部类型 for a kind). */
  placeholder?: string;
}

/**
 * A back-office list's filters: a search box (搜索 button, clearable), the list's own filters and a
 * status select (全部状态 when cleared, or its own placeholder), wrapped on narrow screens, then
 * `children` (the list's buttons). Pair it with `useListFilters`. The bar's layout is
 * `list-toolbar` (global.css), the one style of every back-office list's bar.
 */
export function ListToolbar<S extends number | string>({
  search,
  filters,
  status,
  children,
}: {
  children?: ReactNode;
  /** The list's own filters (a category tree), between the search box and the status select. */
  filters?: ReactNode;
  search: ToolbarSearch;
  /** No status select when not given (a list without a status, or with it among `filters`). */
  status?: ToolbarStatus<S> | undefined;
}) {
  return (
    <div className="list-toolbar">
      <Space wrap className="list-toolbar-filters">
        <Input.Search
          aria-label={search.label}
          placeholder={search.placeholder}
          allowClear={CLEARABLE}
          enterButton="搜索"
          maxLength={search.maxLength}
          style={{ maxWidth: '100%', ...search.style }}
          onSearch={search.onSearch}
        />
        {filters}
        {status && (
          <Select
            aria-label={status.label}
            placeholder={status.placeholder ?? '全部状态'}
            allowClear={CLEARABLE}
            style={{ width: 130 }}
            options={status.options}
            value={status.value}
            onChange={status.onChange}
          />
        )}
      </Space>
      {children}
    </div>
  );
}
