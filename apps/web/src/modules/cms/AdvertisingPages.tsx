import { RightOutlined } from '@ant-design/icons';
import type { AdvertisingDetail } from '@portal/contract';
import { Breadcrumb, Button, Skeleton } from 'antd';
import type { MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '#web/shared/api/client.ts';
import { queryId } from '#web/shared/query.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { ShopNotFound } from '#web/shared/shop/ShopNotFound.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { advertisingHref, linkKind, paragraphs } from './links.ts';
import { useAdvertising, useAdvertisings } from './useCms.ts';
import './cms.css';

/** `/advertisings`: every advertising on show now, each with its own page. */
export function AdvertisingsPage() {
  const ads = useAdvertisings();
  const list = ads.data ?? [];
  return (
    <ShopLayout title="活动广告" description="正在进行的活动与广告：商品特惠、主题活动与会员福利。">
      <Breadcrumb
        className="list-breadcrumb"
        items={[{ title: <Link to="/">首页</Link> }, { title: '活动广告' }]}
      />
      <div className="shop-panel">
        <h1 className="news-heading">活动广告</h1>
        {ads.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : list.length > 0 ? (
          <ul className="ad-list">
            {list.map((ad, i) => (
              <li key={ad.id} className="ad-card">
                <Link to={advertisingHref(ad.id)} className="ad-card-image" tabIndex={-1} aria-hidden>
                  <img
                    src={ad.image}
                    alt=""
                    width={1200}
                    height={400}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                </Link>
                <div className="ad-card-body">
                  <h2 className="ad-card-title">
                    <Link to={advertisingHref(ad.id)}>{ad.title}</Link>
                  </h2>
                  {ad.summary && <p className="ad-card-summary">{ad.summary}</p>}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <QueryEmpty query={ads} description="暂无活动" />
        )}
      </div>
    </ShopLayout>
  );
}

function AdvertisingBody({ ad }: { ad: AdvertisingDetail }) {
  const kind = linkKind(ad.link);
  const navigate = useNavigate();
  return (
    <article className="article shop-panel" aria-labelledby="ad-title">
      <h1 id="ad-title" className="article-title">
        {ad.title}
      </h1>
      {ad.image && (
        <img
          className="article-media article-media--banner"
          src={ad.image}
          alt={ad.title}
          width={1200}
          height={400}
          loading="eager"
          fetchPriority="high"
        />
      )}
      {ad.summary && <p className="article-summary">{ad.summary}</p>}
      <div className="article-body">
        {paragraphs(ad.body).map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text have no other identity
          <p key={i}>{p}</p>
        ))}
      </div>
      {kind !== 'none' && (
        <Button
          type="primary"
          size="large"
          className="ad-go"
          href={ad.link}
          {...(kind === 'external'
            ? { target: '_blank', rel: 'noopener noreferrer' }
            : {
                onClick: (e: MouseEvent) => {
                  e.preventDefault();
                  navigate(ad.link);
                },
              })}
        >
          立即前往 <RightOutlined aria-hidden />
        </Button>
      )}
      <div className="article-back">
        <Link to="/advertisings">查看全部活动</Link>
      </div>
    </article>
  );
}

/** `/advertising/:Pid`: one advertising with its text and the link it leads to. */
export function AdvertisingPage() {
  const { Pid } = useParams();
  const id = queryId(Pid) ?? null;
  const detail = useAdvertising(id);
  const ad = detail.data;

  if (id === null || (detail.isError && isApiError(detail.error))) {
    return (
      <ShopNotFound
        headTitle="广告不存在"
        description="广告不存在或已下线。"
        title="广告不存在或已下线"
        backTo="/advertisings"
        backText="查看全部活动"
      />
    );
  }
  return (
    <ShopLayout title={ad?.title ?? '活动详情'} description={ad ? ad.summary || ad.title : '活动详情'}>
      <Breadcrumb
        className="list-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/advertisings">活动广告</Link> },
          ...(ad ? [{ title: ad.title }] : []),
        ]}
      />
      {ad ? (
        <AdvertisingBody ad={ad} />
      ) : detail.isError ? (
        <div className="shop-panel">
          <QueryEmpty query={detail} description="" />
        </div>
      ) : (
        <div className="article shop-panel">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      )}
    </ShopLayout>
  );
}
