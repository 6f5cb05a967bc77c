import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import type { NewsDetail } from '@portal/contract';
import { richTextPlain } from '@portal/contract/constants';
import { Breadcrumb, Skeleton, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '#web/shared/api/client.ts';
import { formatDate } from '#web/shared/format.ts';
import { queryId } from '#web/shared/query.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { ShopNotFound } from '#web/shared/shop/ShopNotFound.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { categoryHref, newsHref } from './links.ts';
import { useNewsDetail } from './useCms.ts';
import './cms.css';

function Article({ news, ofCompany }: { news: NewsDetail; ofCompany: number | undefined }) {
  const list = categoryHref(news.category);
  return (
    <article className="article shop-panel" aria-labelledby="article-title">
      <header className="article-head">
        <h1 id="article-title" className="article-title">
          {news.title}
        </h1>
        <div className="article-meta">
          <Link to={list}>
            <Tag bordered={false} color="blue">
              {news.category_name}
            </Tag>
          </Link>
          <time dateTime={news.published_at}>{formatDate(news.published_at)}</time>
          {news.author && <span>{news.author}</span>}
          <span>
            <EyeOutlined aria-hidden /> 阅读 {news.views}
          </span>
        </div>
      </header>
      {news.video ? (
        // biome-ignore lint/a11y/useMediaCaption: articles carry no caption files; the text below tells the story
        <video
          className="article-media"
          src={news.video}
          poster={news.cover || undefined}
          controls
          preload="none"
          width={640}
          height={360}
          aria-label={`视频：${news.title}`}
        />
      ) : (
        news.cover && (
          <img
            className="article-media"
            src={news.cover}
            alt={news.title}
            width={640}
            height={360}
            loading="eager"
            fetchPriority="high"
          />
        )
      )}
      {news.summary && <p className="article-summary">{news.summary}</p>}
      <RichText html={news.body} className="article-body" />
      <nav className="article-nav" aria-label="上一篇和下一篇">
        <div>
          上一篇：
          {news.prev_id ? (
            <Link to={newsHref(news.prev_id, ofCompany)}>{news.prev_title}</Link>
          ) : (
            <span>没有了</span>
          )}
        </div>
        <div>
          下一篇：
          {news.next_id ? (
            <Link to={newsHref(news.next_id, ofCompany)}>{news.next_title}</Link>
          ) : (
            <span>没有了</span>
          )}
        </div>
      </nav>
      <div className="article-back">
        <Link to={list}>
          <ArrowLeftOutlined aria-hidden /> 返回{news.category_name}列表
        </Link>
      </div>
    </article>
  );
}

/** `/detail?id=N`: one article — title, meta, cover or video, the rich-text body, previous and next. */
export function NewsDetailPage() {
  const [params] = useSearchParams();
  const id = queryId(params.get('id')) ?? null;
  const ofCompany = queryId(params.get('company_id'));
  const detail = useNewsDetail(id, ofCompany);
  const news = detail.data;

  if (id === null || (detail.isError && isApiError(detail.error))) {
    return (
      <ShopNotFound
        headTitle="文章不存在"
        description="文章不存在或已下线。"
        title="文章不存在或已下线"
        subTitle="去看看其他资讯吧。"
        backTo="/news"
        backText="返回新闻列表"
      />
    );
  }

  return (
    <ShopLayout
      title={news?.title ?? '新闻详情'}
      description={news ? news.summary || richTextPlain(news.body, 120) || news.title : '新闻详情'}
    >
      <Breadcrumb
        className="list-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/news">新闻资讯</Link> },
          ...(news && news.category !== 'news'
            ? [{ title: <Link to={categoryHref(news.category)}>{news.category_name}</Link> }]
            : []),
          ...(news ? [{ title: news.title }] : []),
        ]}
      />
      {news ? (
        <Article key={news.id} news={news} ofCompany={ofCompany} />
      ) : detail.isError ? (
        <div className="shop-panel">
          <QueryEmpty query={detail} description="" />
        </div>
      ) : (
        <div className="article shop-panel">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      )}
    </ShopLayout>
  );
}
