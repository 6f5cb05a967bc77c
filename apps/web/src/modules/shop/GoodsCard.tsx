import { PictureOutlined } from '@ant-design/icons';
import type { ShopGoods } from '@portal/contract';
import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { formatYuan } from '#web/shared/format.ts';
import { goodsHref } from './links.ts';

export { goodsHref };

/** A cover image that loads lazily in a fixed square, or a placeholder when the goods have none. */
export function GoodsCover({ src, alt, eager = false }: { src: string; alt: string; eager?: boolean }) {
  if (!src) {
    return (
      <span className="goods-cover-empty" role="img" aria-label="暂无图片">
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img src={src} alt={alt} width={400} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
  );
}

type CardGoods = Pick<
  ShopGoods,
  'id' | 'name' | 'cover' | 'price' | 'original_price' | 'sales' | 'stock' | 'is_new' | 'is_recommend'
>;

/** One goods of a grid: cover, name, price, sales and stock; the whole card links to the detail. */
export function GoodsCard({ goods }: { goods: CardGoods }) {
  const soldOut = goods.stock <= 0;
  return (
    <Link
      to={goodsHref(goods.id)}
      className="goods-card"
      aria-label={`${goods.name}，${formatYuan(goods.price)}，${soldOut ? '已售罄' : `库存 ${goods.stock}`}`}
    >
      <div className="goods-cover">
        <GoodsCover src={goods.cover} alt={goods.name} />
        <span className="goods-cover-badge">
          {goods.is_new === 1 && <Tag color="green">新品</Tag>}
          {goods.is_recommend === 1 && <Tag color="orange">推荐</Tag>}
          {soldOut && <Tag>已售罄</Tag>}
        </span>
      </div>
      <div className="goods-card-body">
        <div className="goods-card-name" title={goods.name}>
          {goods.name}
        </div>
        <div className="goods-card-price">
          {formatYuan(goods.price)}
          {goods.original_price > goods.price && (
            <span className="goods-card-original">{formatYuan(goods.original_price)}</span>
          )}
        </div>
        <div className="goods-card-meta">
          <span>已售 {goods.sales}</span>
          <span>{soldOut ? '已售罄' : `库存 ${goods.stock}`}</span>
        </div>
      </div>
    </Link>
  );
}

/** The loading state of a goods grid: cards of the same size. */
export function GoodsGridSkeleton({ count }: { count: number }) {
  return (
    <div className="goods-grid" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div className="goods-card" key={i}>
          <div className="goods-cover goods-cover--loading" />
          <div className="goods-card-body">
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Goods in the grid, or nothing. */
export function GoodsGrid({ goods }: { goods: readonly CardGoods[] }) {
  return (
    <div className="goods-grid">
      {goods.map((g) => (
        <GoodsCard key={g.id} goods={g} />
      ))}
    </div>
  );
}
