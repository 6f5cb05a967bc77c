import { PAGE_SIZE_OPTIONS } from '@portal/contract';
import { Input, Pagination } from 'antd';
import type { ReactNode } from 'react';
import { ShopLayout } from '#web/modules/shop/ShopLayout.tsx';
import './finder.css';

/** A finder page: the shop frame (`title`, `description` for the head) with a hero heading and intro. */
export function FinderPage({
  title,
  description,
  heading = title,
  intro,
  children,
}: {
  title: string;
  description: string;
  heading?: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <ShopLayout title={title} description={description}>
      <div className="finder-hero">
        <h1>{heading}</h1>
        <p>{intro}</p>
      </div>
      {children}
    </ShopLayout>
  );
}

/**
 * The large search box of a search page; it starts from `value` (the text in the address) and
 * shows it again when the address changes. `onSearch` gets the trimmed text.
 */
export function FinderSearch({
  value,
  label,
  placeholder,
  maxLength,
  button,
  onSearch,
}: {
  value: string;
  label: string;
  placeholder: string;
  maxLength: number;
  button: string;
  onSearch: (value: string) => void;
}) {
  return (
    <search className="finder-search">
      <Input.Search
        key={value}
        defaultValue={value}
        placeholder={placeholder}
        aria-label={label}
        maxLength={maxLength}
        allowClear
        enterButton={button}
        size="large"
        onSearch={(v) => onSearch(v.trim())}
      />
    </search>
  );
}

/** Paging under a search page's results; a new page size goes back to page 1. */
export function FinderPagination({
  page,
  pageSize,
  total,
  totalText,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalText: (total: number) => string;
  onChange: (next: { page: number; page_size?: number }) => void;
}) {
  return (
    <Pagination
      className="finder-pagination"
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger
      pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
      showTotal={totalText}
      onChange={(p, s) => onChange(s !== pageSize ? { page: 1, page_size: s } : { page: p })}
    />
  );
}
