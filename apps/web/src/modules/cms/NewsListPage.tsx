import { KEYWORD_MAX } from '@portal/contract';
import { Breadcrumb, Skeleton } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { searchHref } from '#web/shared/searchQuery.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { PagedFooter } from '#web/shared/ui/PagedFooter.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { SearchBar } from '#web/shared/ui/SearchBar.tsx';
import { CATEGORY_NAMES } from './links.ts';
import { NewsCard } from './NewsCard.tsx';
import { type NewsListState, parseNewsQuery } from './newsQuery.ts';
import { useNewsCategories, useNewsList } from './useCms.ts';
import './cms.css';

const ALL = '';

/**
 * A list of articles with keyword search and paging, its state in the URL. `/news` shows every
 * category with a row of category links (each its own address); a category page (`code`) shows one, documentaries as a grid of posters.
 */
function NewsList({ code }: { code?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseNewsQuery(new URLSearchParams(location.search));
  const category = code ?? state.category;
  const categories = useNewsCategories();
  const news = useNewsList({
    page: state.page,
    page_size: state.page_size,
    category: category || undefined,
    keyword: state.keyword || undefined,
  });
  const known = categories.data?.find((c) => c.code === category);
  const name = known?.name ?? CATEGORY_NAMES[category] ?? (code ? '' : '新闻资讯');
  const title = code ? name : '新闻资讯';
  const documentary = category === 'documentary';
  const results = news.data?.results ?? [];

  /** The address of a change; a filter change goes back to page 1. */
  const hrefOf = (patch: Partial<NewsListState>, keepPage = false) => {
    const next = { ...state, ...patch, ...(keepPage ? {} : { page: 1 }) };
    return searchHref(location.pathname, code ? { ...next, category: '' } : next);
  };
  /** Every change is a new history entry. */
  const go = (patch: Partial<NewsListState>, keepPage = false) => navigate(hrefOf(patch, keepPage));

  const description = code
    ? `${name}：最新文章${documentary ? '与纪录片' : ''}，支持关键字搜索。`
    : '公司新闻、技术服务、商品服务与纪录片，按栏目浏览或搜索关键字。';

  return (
    <ShopLayout title={state.keyword ? `${title} - 搜索“${state.keyword}”` : title} description={description}>
      <Breadcrumb
        className="list-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          ...(code
            ? [{ title: <Link to="/news">新闻资讯</Link> }, { title: name }]
            : [{ title: '新闻资讯' }]),
        ]}
      />
      <div className="news-page shop-panel">
        <div className="news-head">
          <h1 className="news-heading">{title}</h1>
          <SearchBar
            className="news-search"
            value={state.keyword}
            label="搜索文章"
            placeholder="搜索标题或摘要"
            maxLength={KEYWORD_MAX}
            onSearch={(keyword) => go({ keyword })}
          />
        </div>
        {!code && (
          // Links, not tabs: each category is an address, and a row of links scrolls sideways on a
          // phone where antd's tabs put an overflow button inside the tab list.
          <nav className="news-cats" aria-label="新闻栏目">
            {[{ code: ALL, name: '全部' }, ...(categories.data ?? [])].map((c) => (
              <Link
                key={c.code}
                to={hrefOf({ category: c.code })}
                className="news-cat"
                aria-current={(category || ALL) === c.code ? 'page' : undefined}
              >
                {c.name}
              </Link>
            ))}
          </nav>
        )}
        {news.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : results.length > 0 ? (
          <div className={documentary ? 'news-grid' : 'news-rows'} aria-busy={news.isFetching}>
            {results.map((n) => (
              <NewsCard key={n.id} news={n} layout={documentary ? 'card' : 'row'} />
            ))}
          </div>
        ) : (
          <QueryEmpty query={news} description={state.keyword ? '没有找到相关文章' : '暂无文章'} />
        )}
        {news.data && news.data.paging.count > 0 && (
          <PagedFooter
            className="news-pagination"
            page={state.page}
            pageSize={state.page_size}
            total={news.data.paging.count}
            totalText={(t) => `共 ${t} 篇`}
            onChange={(next) => go(next, true)}
          />
        )}
      </div>
    </ShopLayout>
  );
}

/** `/news`: every category, with tabs. */
export function NewsListPage() {
  return <NewsList />;
}

/** `/technology`, `/goodsService`, `/documentary`: one category each (the same list). */
export function TechnologyPage() {
  return <NewsList code="technology" />;
}
export function GoodsServicePage() {
  return <NewsList code="goodsService" />;
}
export function DocumentaryPage() {
  return <NewsList code="documentary" />;
}
