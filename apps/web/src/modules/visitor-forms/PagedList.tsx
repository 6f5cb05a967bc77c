import type { Page } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { List } from 'antd';
import type { ReactNode } from 'react';
import { useExistingPage, usePaging } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';

/**
 * A public page's section with a paged list (the board's messages, the answered questions):
 * `useList` loads a page, `title` gets the total, an empty or failed answer shows `empty` or the
 * failure with a retry.
 */
export function PagedList<T extends { id: number }>({
  id,
  title,
  pageSize: initialSize,
  useList,
  empty,
  renderItem,
}: {
  id: string;
  title: (total: number) => ReactNode;
  pageSize?: number;
  useList: (page: number, pageSize: number) => UseQueryResult<Page<T>>;
  empty: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { page, pageSize, setPage, pagination } = usePaging(initialSize);
  const list = useList(page, pageSize);
  const total = list.data?.paging.count ?? 0;
  useExistingPage(list.data?.paging, page, setPage);

  return (
    <section className="shop-section" aria-labelledby={id}>
      <div className="shop-section-head">
        <h2 id={id}>{title(total)}</h2>
      </div>
      <div className="shop-panel">
        <List
          loading={list.isFetching && !list.isError}
          rowKey="id"
          dataSource={list.data?.results ?? []}
          locale={{ emptyText: <QueryEmpty query={list} description={empty} simple /> }}
          pagination={total > 0 ? { ...pagination(total), align: 'center' } : false}
          renderItem={(item) => <List.Item>{renderItem(item)}</List.Item>}
        />
      </div>
    </section>
  );
}
