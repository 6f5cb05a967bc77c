import type { CategoryTreeNode } from '@portal/contract';
import { Button, Empty, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { GoodsGrid, GoodsGridSkeleton } from './GoodsCard.tsx';
import { type ListState, listQueryString, suggestCategories } from './listQuery.ts';
import { useShopGoods } from './useShopGoods.ts';

/**
 * What a list that found nothing offers instead of a dead end: how to widen the search, the
 * categories that come closest to the keyword, and the goods that sell best.
 */
export function EmptyResults({
  state,
  tree,
  onWiden,
}: {
  state: ListState;
  tree: readonly CategoryTreeNode[];
  /** Drops every condition but the keyword. */
  onWiden: () => void;
}) {
  const popular = useShopGoods({ page: 1, page_size: 8, sort: 'sales' });
  const narrowed =
    state.category_id !== undefined || state.price_from !== '' || state.price_to !== '' || state.in_stock;
  const categories = suggestCategories(tree, state.keyword);
  const popularGoods = popular.data?.results ?? [];
  return (
    <div className="empty-results">
      <div className="shop-panel">
        <Empty
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>
                {state.keyword ? `没有找到与“${state.keyword}”相关的商品` : '没有找到符合条件的商品'}
              </Typography.Text>
              <Typography.Text type="secondary">
                换个关键词试试：用更短的词、检查错别字，或输入拼音首字母（如“手机”输入 sj）。
              </Typography.Text>
            </Space>
          }
        >
          {narrowed && state.keyword && (
            <Button type="primary" onClick={onWiden}>
              在全部商品中搜索“{state.keyword}”
            </Button>
          )}
        </Empty>
      </div>
      {categories.length > 0 && (
        <section className="shop-panel empty-results-section" aria-labelledby="empty-results-categories">
          <h2 id="empty-results-categories" className="empty-results-title">
            {state.keyword ? '看看这些分类' : '全部分类'}
          </h2>
          <ul className="empty-results-categories">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/product${listQueryString({ category_id: c.id })}`} title={c.path.join(' / ')}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="empty-results-section" aria-labelledby="empty-results-popular">
        <h2 id="empty-results-popular" className="empty-results-title">
          热销商品
        </h2>
        {popular.isPending ? (
          <GoodsGridSkeleton count={4} label="热销商品加载中" />
        ) : popularGoods.length > 0 ? (
          <GoodsGrid goods={popularGoods} />
        ) : null}
      </section>
    </div>
  );
}
