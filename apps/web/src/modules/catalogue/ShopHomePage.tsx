import { AppstoreOutlined } from '@ant-design/icons';
import type { CategoryTreeNode } from '@portal/contract';
import { Button, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ObservationCard } from '#web/modules/business/index.ts';
import { HomeCarousel, LatestNews } from '#web/modules/cms/index.ts';
import { CATEGORY_ICONS } from '#web/modules/goods-category/index.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useCompany } from '#web/shared/useCompany.ts';
import { GoodsSection } from './GoodsSection.tsx';
import { listQueryString } from './listQuery.ts';
import { useShopCategories, useShopGoods } from './useShopGoods.ts';

const isUrl = (s: string) => /^(https?:)?\/\//.test(s) || s.startsWith('/');

function CategoryTile({ node }: { node: CategoryTreeNode }) {
  const Icon = CATEGORY_ICONS[node.icon] ?? AppstoreOutlined;
  return (
    <Link to={`/product${listQueryString({ category_id: node.id })}`} className="category-tile">
      <span className="category-tile-icon" aria-hidden>
        {isUrl(node.icon) ? <img src={node.icon} alt="" width={32} height={32} loading="lazy" /> : <Icon />}
      </span>
      <span className="category-tile-name">{node.name}</span>
    </Link>
  );
}

function Categories() {
  const categories = useShopCategories();
  const top = categories.data ?? [];
  return (
    <section className="shop-section" aria-labelledby="home-categories">
      <div className="shop-section-head">
        <h2 id="home-categories">商品分类</h2>
        <Link to="/product">全部商品</Link>
      </div>
      <div className="shop-panel">
        {categories.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : top.length > 0 ? (
          <nav className="category-tiles" aria-label="商品分类">
            {top.map((n) => (
              <CategoryTile key={n.id} node={n} />
            ))}
          </nav>
        ) : (
          <QueryEmpty query={categories} description="暂无分类" simple />
        )}
      </div>
    </section>
  );
}

/** `/` and `/home`: the front page — advertising carousel, categories, recommended goods, latest news, 业务观摩, new arrivals. */
export function ShopHomePage() {
  const company = useCompany();
  const navigate = useNavigate();
  const name = company.data?.company_name || '企业门户';
  const recommended = useShopGoods({ page: 1, page_size: 10, is_recommend: 1 });
  const newest = useShopGoods({ page: 1, page_size: 10, sort: 'new' });

  return (
    <ShopLayout title="首页" description={`${name}网上商城：活动、商品分类、推荐商品、最新资讯与新品上架。`}>
      <HomeCarousel />
      <section className="shop-welcome" aria-labelledby="home-title">
        <h1 id="home-title">欢迎光临{name}</h1>
        <Button size="large" onClick={() => navigate('/product')}>
          浏览全部商品
        </Button>
      </section>
      <Categories />
      <GoodsSection
        id="home-recommended"
        title="推荐商品"
        more={`/product${listQueryString({ recommend: true })}`}
        query={recommended}
      />
      <LatestNews />
      <ObservationCard />
      <GoodsSection
        id="home-new"
        title="新品上架"
        more={`/product${listQueryString({ sort: 'new' })}`}
        query={newest}
      />
    </ShopLayout>
  );
}
