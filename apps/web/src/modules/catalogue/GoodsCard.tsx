import { PictureOutlined } from '@ant-design/icons';
import type { ShopGoods } from '@portal/contract';
import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { formatYuan } from '#web/shared/format.ts';
import { goodsHref } from './links.ts';

/**
 * A cover image that loads lazily in a fixed square, or a placeholder (named `label`) when the
 * goods have none.
 */
export function GoodsCover({
  src,
  alt,
  eager = false,
  label = '暂无图片',
}: {
  src: string;
  alt: string;
  eager?: boolean;
  label?: string;
}) {
  if (!src) {
    return (
      // A decorative cover (alt "") has a decorative stand-in; otherwise it says there is no picture.
      <span
        className="goods-cover-empty"
        {...(alt ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      >
        <PictureOutlined aria-hidden />
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

/** The words of a goods card; a microsite in another language passes its own. */
export interface GoodsCardText {
  isNew: string;
  recommended: string;
  soldOut: string;
  sold: string;
  stock: string;
  noImage: string;
}

const CARD_TEXT: GoodsCardText = {
  isNew: '新品',
  recommended: '推荐',
  soldOut: '已售罄',
  sold: '已售',
  stock: '库存',
  noImage: '暂无图片',
};

/**
 * One goods of a grid: cover, name, price, sales and stock; the whole card links to the detail
 * (or to `href`, a microsite's goods of another company).
 */
export function GoodsCard({
  goods,
  href,
  text = CARD_TEXT,
}: {
  goods: CardGoods;
  href?: string;
  text?: GoodsCardText;
}) {
  const soldOut = goods.stock <= 0;
  const stock = soldOut ? text.soldOut : `${text.stock} ${goods.stock}`;
  return (
    // Named by what it shows, the goods' name first (WCAG 2.5.3); the picture repeats the name, so
    // it is decoration here, and the badges drawn over it come last in the reading order.
    <Link to={href ?? goodsHref(goods.id)} className="goods-card">
      <div className="goods-cover">
        <GoodsCover src={goods.cover} alt="" />
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
          <span>
            {text.sold} {goods.sales}
          </span>
          <span>{stock}</span>
        </div>
      </div>
      <span className="goods-cover-badge">
        {goods.is_new === 1 && <Tag color="green">{text.isNew}</Tag>}
        {goods.is_recommend === 1 && <Tag color="orange">{text.recommended}</Tag>}
        {soldOut && <Tag>{text.soldOut}</Tag>}
      </span>
    </Link>
  );
}

/** The loading state of a goods grid: cards of the same size (`label` names it, 加载中 by default). */
export function GoodsGridSkeleton({ count, label = '加载中' }: { count: number; label?: string }) {
  return (
    <div className="goods-grid" role="status" aria-busy="true" aria-label={label}>
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
