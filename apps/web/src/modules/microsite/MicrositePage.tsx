import {
  BULK_MICROSITE_PATHS,
  ENGLISH_MICROSITE_PATHS,
  type Microsite,
  type NewsSummary,
} from '@portal/contract';
import { Avatar, Button, ConfigProvider, Result, Skeleton } from 'antd';
import enUS from 'antd/locale/en_US';
import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BulkCatalogueSection, bulkSectionTitle } from '#web/modules/bulk-catalogue/index.ts';
import { GoodsCard, GoodsGridSkeleton } from '#web/modules/catalogue/index.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { formatDate } from '#web/shared/format.ts';
import { useDocumentHead } from '#web/shared/shop/useDocumentHead.ts';
import { useServerLang } from '#web/shared/ssr.ts';
import { readableOnWhite } from '#web/shared/ui/contrast.ts';
import { QueryEmpty, type QueryState } from '#web/shared/ui/QueryEmpty.tsx';
import { PALETTE } from '#web/shared/ui/theme.ts';
import { useStickyInset } from '#web/shared/ui/useStickyInset.ts';
import { ContactCard } from './ContactCard.tsx';
import { type MicrositeText, newsLang, textFor } from './i18n.ts';
import { micrositeGoodsHref, micrositeNewsHref, micrositeView } from './links.ts';
import { MicrositeArticle, MicrositeGoods } from './MicrositeDetail.tsx';
import { useMicrosite, useMicrositeGoods, useMicrositeNews } from './useMicrosite.ts';
import '#web/shared/shop/shop.css';
import './microsite.css';

/**
 * While an English microsite is shown the document says so (`<html lang="en">`): in the HTML the
 * server sends, and in the browser while the page is on screen.
 */
function useHtmlLang(lang: string | undefined) {
  useServerLang(lang);
  useEffect(() => {
    if (!lang) return;
    const root = document.documentElement;
    const before = root.lang;
    root.lang = lang;
    return () => {
      root.lang = before;
    };
  }, [lang]);
}

/** Empty or failed, in the site's language. */
function Empty({ query, text, what }: { query: QueryState; text: MicrositeText; what: string }) {
  return (
    <div className="ms-empty">
      <QueryEmpty query={query} description={what} failed={text.loadFailed} retry={text.retry} simple />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="ms-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ms-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Products({ site, path, text }: { site: Microsite; path: string; text: MicrositeText }) {
  const goods = useMicrositeGoods(site.company.id);
  const list = goods.data?.results ?? [];
  return (
    <Section id="products" title={text.products}>
      {goods.isPending ? (
        <GoodsGridSkeleton count={4} label={text.loading} />
      ) : list.length > 0 ? (
        <div className="goods-grid">
          {list.map((g) => (
            <GoodsCard key={g.id} goods={g} href={micrositeGoodsHref(path, g.id)} text={text} />
          ))}
        </div>
      ) : (
        <Empty query={goods} text={text} what={text.noGoods} />
      )}
    </Section>
  );
}

function NewsList({ site, path, text }: { site: Microsite; path: string; text: MicrositeText }) {
  const news = useMicrositeNews(site.company.id, newsLang(site.locale));
  const list: NewsSummary[] = news.data?.results ?? [];
  return (
    <Section id="news" title={text.news}>
      {news.isPending ? (
        <div className="ms-panel" role="status" aria-busy="true" aria-label={text.loading}>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      ) : list.length > 0 ? (
        <ul className="ms-panel ms-news">
          {list.map((n) => (
            <li key={n.id}>
              <Link to={micrositeNewsHref(path, n.id)} className="ms-news-title">
                {n.title}
              </Link>
              <time dateTime={n.published_at} className="ms-news-date">
                {formatDate(n.published_at)}
              </time>
              {n.summary && <p className="ms-news-summary">{n.summary}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <Empty query={news} text={text} what={text.noNews} />
      )}
    </Section>
  );
}

/** The site's home: banner, about, products, news, contact. */
function Home({
  site,
  path,
  text,
  english,
}: {
  site: Microsite;
  path: string;
  text: MicrositeText;
  english: boolean;
}) {
  const company = site.company;
  return (
    <>
      <div className="ms-banner">
        {site.banner && (
          <img
            src={site.banner}
            alt=""
            width={1200}
            height={360}
            className="ms-banner-img"
            fetchPriority="high"
          />
        )}
        <div className="ms-banner-text">
          <h1>{site.title}</h1>
          {site.slogan && <p>{site.slogan}</p>}
        </div>
      </div>

      <div className="ms-main">
        <Section id="about" title={text.about}>
          <div className={`ms-panel ms-intro${english ? '' : ' ms-intro--indent'}`}>
            {site.intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {site.highlights.length > 0 && (
            <>
              <h3 className="ms-sub-title">{text.highlights}</h3>
              <ul className="ms-highlights">
                {site.highlights.map((h) => (
                  <li key={h.title} className="ms-highlight">
                    <strong>{h.title}</strong>
                    <span>{h.text}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>

        {BULK_MICROSITE_PATHS.includes(path) ? (
          <BulkCatalogueSection companyId={site.company.id} lang={english ? 'en' : 'zh'} />
        ) : (
          <Products site={site} path={path} text={text} />
        )}
        <NewsList site={site} path={path} text={text} />

        <Section id="contact" title={text.contact}>
          <ContactCard contact={site.contact} icp={company.ICP} icpUrl={company.icpUrl} text={text} />
        </Section>
      </div>
    </>
  );
}

function Site({ site, path, search }: { site: Microsite; path: string; search: string }) {
  const view = micrositeView(search);
  const text = textFor(site.locale);
  const english = site.locale === 'en';
  const company = site.company;
  const name = english ? company.en_name || site.title : company.company_name;
  // The company's colour as chosen (borders), and darkened where it is text or lies under white text.
  const style = {
    '--ms-theme': site.theme_color,
    '--ms-theme-ink': readableOnWhite(site.theme_color, PALETTE.primary),
  } as CSSProperties;
  useDocumentHead(`${site.title} - ${name}`, site.slogan || site.intro[0] || name);
  const header = useStickyInset('top');

  const nav = [
    ['#about', text.about],
    [
      '#products',
      BULK_MICROSITE_PATHS.includes(path) ? bulkSectionTitle(english ? 'en' : 'zh') : text.products,
    ],
    ['#news', text.news],
    ['#contact', text.contact],
  ] as const;
  // On an article or a goods the section links lead back to the site's home at that section.
  const sectionHref = (hash: string) => (view.kind === 'home' ? hash : `${path}${hash}`);

  return (
    <div className="ms" style={style} lang={english ? 'en' : 'zh-CN'}>
      <header className="ms-header" ref={header}>
        <div className="ms-header-inner">
          <a href="#top" className="ms-brand">
            {company.logos.main ? (
              <img src={company.logos.main} alt="" width={32} height={32} className="ms-logo" />
            ) : (
              <Avatar shape="square" size={32} className="ms-logo-avatar" aria-hidden>
                {site.title.slice(0, 1)}
              </Avatar>
            )}
            <span className="ms-brand-name">{name}</span>
          </a>
          <nav className="ms-nav" aria-label={text.menu}>
            {nav.map(([href, label]) =>
              view.kind === 'home' ? (
                <a key={href} href={href}>
                  {label}
                </a>
              ) : (
                <Link key={href} to={sectionHref(href)}>
                  {label}
                </Link>
              ),
            )}
            <Link to="/" className="ms-nav-home">
              {text.portalHome}
            </Link>
          </nav>
        </div>
      </header>

      <main id="top">
        {view.kind === 'news' ? (
          <div className="ms-main">
            <MicrositeArticle key={view.id} site={site} path={path} id={view.id} text={text} />
          </div>
        ) : view.kind === 'goods' ? (
          <div className="ms-main">
            <MicrositeGoods key={view.id} site={site} path={path} id={view.id} text={text} />
          </div>
        ) : (
          <Home site={site} path={path} text={text} english={english} />
        )}
      </main>

      <footer className="ms-footer">
        <span>
          © {new Date().getFullYear()} {english ? company.en_name || name : company.icpCompany || name}
        </span>
        {company.ICP && (
          <a href={company.icpUrl || undefined} target="_blank" rel="noreferrer noopener">
            {company.ICP}
          </a>
        )}
      </footer>
    </div>
  );
}

/**
 * The one template of every company microsite (`/qf`, `/dzc`, `/dzcen` …): the path in the address
 * bar picks the `microsites` row; its company's goods and news fill the page. English sites use
 * English interface words and antd's English locale.
 */
export function MicrositePage() {
  const { pathname, search } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const site = useMicrosite(path);
  const navigate = useNavigate();
  const locale =
    site.data?.locale ?? ((ENGLISH_MICROSITE_PATHS as readonly string[]).includes(path) ? 'en' : 'zh-CN');
  const text = textFor(locale);
  useHtmlLang(site.data?.locale === 'en' ? 'en' : undefined);

  let body: ReactNode;
  if (site.data) body = <Site site={site.data} path={path} search={search} />;
  else if (site.isError) {
    const missing = isApiError(site.error);
    body = (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? text.notFound : text.loadFailed}
        subTitle={missing ? text.notFoundText : undefined}
        extra={
          missing ? (
            <Button type="primary" onClick={() => navigate('/')}>
              {text.backHome}
            </Button>
          ) : (
            <Button onClick={() => void site.refetch()}>{text.retry}</Button>
          )
        }
      />
    );
  } else {
    body = (
      <div className="ms-main" role="status" aria-busy="true" aria-label={text.loading}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  return locale === 'en' ? <ConfigProvider locale={enUS}>{body}</ConfigProvider> : body;
}
