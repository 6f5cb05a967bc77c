import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/**
 * One block of an area home (今日经营, 生产计划进度, 库存预警, 新访客): a card with its heading, a
 * skeleton while its query loads, its failure with 重试, and `children(data)` once it has answered.
 */
export function HomeBlock<T>({
  id,
  title,
  query,
  rows = 2,
  children,
}: {
  /** Names the heading (`<id>-heading`), which names the region. */
  id: string;
  title: string;
  query: UseQueryResult<T>;
  /** The skeleton's lines. */
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const heading = `${id}-heading`;
  return (
    <Card className="area-home-panel">
      <section aria-labelledby={heading}>
        <h2 id={heading} className="area-home-heading">
          {title}
        </h2>
        {query.isSuccess ? (
          children(query.data)
        ) : query.isError ? (
          <p role="alert">
            {title}加载失败。
            <Button type="link" size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          </p>
        ) : (
          <Skeleton active paragraph={{ rows }} />
        )}
      </section>
    </Card>
  );
}
