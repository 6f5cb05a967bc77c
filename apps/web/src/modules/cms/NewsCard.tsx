import { EyeOutlined, PictureOutlined, PlayCircleFilled } from '@ant-design/icons';
import type { NewsSummary } from '@portal/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '#web/shared/format.ts';
import { newsHref } from './links.ts';

/**
 * An article in a list: cover thumbnail (lazy), title, summary, category, date, readings. The play
 * badge only on an article with a video (its page plays it), never as decoration.
 */
export function NewsCard({ news, layout }: { news: NewsSummary; layout: 'row' | 'card' }) {
  const href = newsHref(news.id);
  const showVideo = news.video !== '';
  return (
    <article className={`news-item news-item--${layout}`}>
      <Link to={href} className="news-item-cover" tabIndex={-1} aria-hidden>
        {news.cover ? (
          <img src={news.cover} alt="" width={640} height={360} loading="lazy" decoding="async" />
        ) : (
          <span className="news-item-cover-empty">
            <PictureOutlined aria-hidden />
          </span>
        )}
        {showVideo && (
          <span className="news-item-video">
            <PlayCircleFilled aria-hidden /> 视频
          </span>
        )}
      </Link>
      <div className="news-item-body">
        <h3 className="news-item-title">
          <Link to={href}>{news.title}</Link>
        </h3>
        {news.summary && <p className="news-item-summary">{news.summary}</p>}
        <div className="news-item-meta">
          <Tag bordered={false} color="blue">
            {news.category_name}
          </Tag>
          <time dateTime={news.published_at}>{formatDate(news.published_at)}</time>
          <span>
            <EyeOutlined aria-hidden /> 阅读 {news.views}
          </span>
          {news.author && <span className="news-item-author">{news.author}</span>}
        </div>
      </div>
    </article>
  );
}
