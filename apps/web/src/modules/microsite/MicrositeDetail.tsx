import type { Microsite } from '@portal/contract';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGoodsDetail } from '#web/modules/catalogue/index.ts';
import { useNewsDetail } from '#web/modules/cms/index.ts';
import { formatDate, formatYuan } from '#web/shared/format.ts';
import { QueryEmpty, type QueryState } from '#web/shared/ui/QueryEmpty.tsx';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { useFocusOnMount } from '#web/shared/ui/useFocusOnMount.ts';
import type { MicrositeText } from './i18n.ts';
import { micrositeNewsHref } from './links.ts';

interface DetailProps {
  site: Microsite;
  path: string;
  id: number;
  text: MicrositeText;
}

/** The link back to the section the detail came from. */
function Back({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="ms-back">
      ← {label}
    </Link>
  );
}

/** While the detail loads, or when it is missing or failed: the way back and what happened. */
function NotShown({
  query,
  back,
  missing,
  text,
}: {
  query: QueryState & { isPending: boolean };
  back: ReactNode;
  missing: string;
  text: MicrositeText;
}) {
  if (query.isPending)
    return (
      <div className="ms-panel" role="status" aria-busy="true" aria-label={text.loading}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  return (
    <div className="ms-detail">
      {back}
      <div className="ms-empty">
        <QueryEmpty query={query} description={missing} failed={text.loadFailed} retry={text.retry} />
      </div>
    </div>
  );
}

/** An article of the microsite's company, in the site's frame (`?news=`). */
export function MicrositeArticle({ site, path, id, text }: DetailProps) {
  const news = useNewsDetail(id, site.company.id);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const n = news.data;
  const back = <Back to={`${path}#news`} label={text.backToNews} />;
  if (news.isPending || !n)
    return <NotShown query={news} back={back} missing={text.articleMissing} text={text} />;
  return (
    <article className="ms-detail ms-panel" aria-labelledby="ms-detail-title">
      {back}
      <h1 id="ms-detail-title" ref={heading} tabIndex={-1} className="ms-detail-title">
        {n.title}
      </h1>
      <p className="ms-detail-meta">
        {text.published} <time dateTime={n.published_at}>{formatDate(n.published_at)}</time>
        {n.author ? ` · ${n.author}` : ''}
      </p>
      {n.video ? (
        // biome-ignore lint/a11y/useMediaCaption: the company's own videos come without caption files
        <video
          className="ms-detail-media"
          src={n.video}
          controls
          preload="metadata"
          poster={n.cover || undefined}
        />
      ) : (
        n.cover && <img className="ms-detail-media" src={n.cover} alt="" width={800} height={450} />
      )}
      <RichText html={n.body} className="ms-detail-body" />
      <nav className="ms-detail-pager" aria-label={`${text.previous} / ${text.next}`}>
        {n.prev_id !== null && (
          <Link to={micrositeNewsHref(path, n.prev_id)}>
            {text.previous}: {n.prev_title}
          </Link>
        )}
        {n.next_id !== null && (
          <Link to={micrositeNewsHref(path, n.next_id)}>
            {text.next}: {n.next_title}
          </Link>
        )}
      </nav>
    </article>
  );
}

/** A goods of the microsite's company, in the site's frame (`?goods=`), with the way to order it: the company's contact. */
export function MicrositeGoods({ site, path, id, text }: DetailProps) {
  const goods = useGoodsDetail(id, site.company.id);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const g = goods.data;
  const back = <Back to={`${path}#products`} label={text.backToProducts} />;
  if (goods.isPending || !g)
    return <NotShown query={goods} back={back} missing={text.goodsMissing} text={text} />;
  const image = g.images[0] || g.cover;
  return (
    <article className="ms-detail ms-panel" aria-labelledby="ms-detail-title">
      {back}
      <div className="ms-goods">
        {image ? (
          <img className="ms-goods-image" src={image} alt={g.name} width={480} height={480} />
        ) : (
          <div className="ms-goods-image ms-goods-image--empty">{text.noImage}</div>
        )}
        <div className="ms-goods-info">
          <h1 id="ms-detail-title" ref={heading} tabIndex={-1} className="ms-detail-title">
            {g.name}
          </h1>
          {g.subtitle && <p className="ms-detail-meta">{g.subtitle}</p>}
          <p className="ms-goods-price">
            <span>{text.price}</span> <strong>{formatYuan(g.price)}</strong>
          </p>
          <p className="ms-detail-meta">
            {g.stock > 0 ? `${text.stock} ${g.stock}` : text.soldOut} · {text.sold} {g.sales}
          </p>
          {g.specs.length > 0 && (
            <>
              <h2 className="ms-sub-title">{text.specs}</h2>
              <dl className="ms-goods-specs">
                {g.specs.map((s) => (
                  <div key={s.name}>
                    <dt>{s.name}</dt>
                    <dd>{s.value}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          <Link to={`${path}#contact`} className="ms-enquire">
            {text.enquire}
          </Link>
        </div>
      </div>
      {g.description && (
        <>
          <h2 className="ms-sub-title">{text.details}</h2>
          <RichText html={g.description} className="ms-detail-body" />
        </>
      )}
    </article>
  );
}
