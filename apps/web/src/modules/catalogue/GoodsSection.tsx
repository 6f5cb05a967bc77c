import { RightOutlined } from '@ant-design/icons';
import type { Page, ShopGoods } from '@portal/contract';
import { Link } from 'react-router';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { GoodsGrid, GoodsGridSkeleton } from './GoodsCard.tsx';

interface GoodsQuery {
  data: Page<ShopGoods> | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A titled row of goods on the home page, with a link to the full list. */
export function GoodsSection({
  id,
  title,
  more,
  query,
  skeleton = 5,
}: {
  id: string;
  title: string;
  more: string;
  query: GoodsQuery;
  skeleton?: number;
}) {
  const goods = query.data?.results ?? [];
  return (
    <section className="shop-section" aria-labelledby={id}>
      <div className="shop-section-head">
        <h2 id={id}>{title}</h2>
        <Link to={more}>
          查看更多 <RightOutlined aria-hidden />
        </Link>
      </div>
      {query.isPending && !query.isError ? (
        <GoodsGridSkeleton count={skeleton} />
      ) : goods.length > 0 ? (
        <GoodsGrid goods={goods} />
      ) : (
        <div className="shop-panel">
          <QueryEmpty query={query} description="暂无商品" />
        </div>
      )}
    </section>
  );
}
