import { RightOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '#web/shared/format.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { newsHref } from './links.ts';
import { useNewsList } from './useCms.ts';
import './cms.css';

/** The home page's 最新资讯: the five latest articles of 新闻资讯, each linking to its detail. */
export function LatestNews() {
  const news = useNewsList({ page: 1, page_size: 5, category: 'news' });
  const rows = news.data?.results ?? [];
  return (
    <section className="shop-section" aria-labelledby="home-news">
      <div className="shop-section-head">
        <h2 id="home-news">最新资讯</h2>
        <Link to="/news">
          更多资讯 <RightOutlined aria-hidden />
        </Link>
      </div>
      <div className="shop-panel">
        {news.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        ) : rows.length > 0 ? (
          <ul className="latest-news">
            {rows.map((n) => (
              <li key={n.id}>
                <Link to={newsHref(n.id)} className="latest-news-title">
                  {n.title}
                </Link>
                <time className="latest-news-date" dateTime={n.published_at}>
                  {formatDate(n.published_at)}
                </time>
              </li>
            ))}
          </ul>
        ) : (
          <QueryEmpty query={news} description="暂无资讯" simple />
        )}
      </div>
    </section>
  );
}
