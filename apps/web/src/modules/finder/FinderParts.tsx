import type { ReactNode } from 'react';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { PagedFooter } from '#web/shared/ui/PagedFooter.tsx';
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

/** The cards of a result page; dimmed while the next page loads (the previous one stays shown). */
export function FinderGrid({
  query,
  children,
}: {
  query: { isPlaceholderData: boolean; isFetching: boolean };
  children: ReactNode;
}) {
  return (
    <div
      className={`finder-grid${query.isPlaceholderData ? ' finder-stale' : ''}`}
      aria-busy={query.isFetching}
    >
      {children}
    </div>
  );
}

/** The paging under a result page, once there are results; `totalText` counts them. */
export function FinderPaging({
  total,
  page,
  pageSize,
  totalText,
  onChange,
}: {
  total: number | undefined;
  page: number;
  pageSize: number;
  totalText: (total: number) => string;
  onChange: (next: { page: number; page_size?: number }) => void;
}) {
  if (!total) return null;
  return (
    <PagedFooter
      className="finder-pagination"
      page={page}
      pageSize={pageSize}
      total={total}
      totalText={totalText}
      onChange={onChange}
    />
  );
}
