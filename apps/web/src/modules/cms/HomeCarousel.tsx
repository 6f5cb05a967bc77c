import { CaretRightOutlined, LeftOutlined, PauseOutlined, RightOutlined } from '@ant-design/icons';
import type { Advertising } from '@portal/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { advertisingHref, linkKind } from './links.ts';
import { useAdvertisings } from './useCms.ts';
import './cms.css';

const AUTOPLAY_MS = 5000;

/** An advertising's link: in the app, in a new tab for another site, or its own page otherwise. */
export function AdvertisingLink({
  ad,
  className,
  children,
  tabIndex,
}: {
  ad: Pick<Advertising, 'id' | 'title' | 'link'>;
  className?: string;
  children: ReactNode;
  tabIndex?: number;
}) {
  const kind = linkKind(ad.link);
  if (kind === 'external') {
    return (
      <a href={ad.link} className={className} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
        {children}
      </a>
    );
  }
  return (
    <Link
      to={kind === 'internal' ? ad.link : advertisingHref(ad.id)}
      className={className}
      tabIndex={tabIndex}
    >
      {children}
    </Link>
  );
}

/**
 * The home page's advertising carousel: CSS scroll-snap (swipe on touch screens), arrows and dots,
 * moving on every 5 s unless the visitor points at it, focuses it, stops it (暂停轮播, WCAG 2.2.2) or
 * prefers reduced motion. The
 * first banner is the page's largest image, so it loads at once; the others load lazily.
 */
export function HomeCarousel() {
  const ads = useAdvertisings('home');
  const list = ads.data ?? [];
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = list.length;

  const go = useCallback(
    (i: number) => {
      const el = track.current;
      if (!el || count === 0) return;
      const next = (i + count) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    },
    [count],
  );

  useEffect(() => {
    if (count < 2 || paused || stopped) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) go(index + 1);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, stopped, index, go]);

  if (ads.isError || (ads.isSuccess && count === 0)) return null;

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <section
      className="home-carousel"
      aria-roledescription="carousel"
      aria-label="广告"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="home-carousel-track" ref={track} onScroll={onScroll}>
        {count === 0 ? (
          <div
            className="home-carousel-slide home-carousel-placeholder"
            role="status"
            aria-busy="true"
            aria-label="加载中"
          />
        ) : (
          list.map((ad, i) => (
            <div key={ad.id} className="home-carousel-slide">
              <AdvertisingLink ad={ad} className="home-carousel-link" tabIndex={i === index ? 0 : -1}>
                <img
                  src={ad.image}
                  alt={ad.title}
                  width={1200}
                  height={400}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
              </AdvertisingLink>
            </div>
          ))
        )}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="home-carousel-arrow home-carousel-prev"
            aria-label="上一张"
            onClick={() => go(index - 1)}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button
            type="button"
            className="home-carousel-arrow home-carousel-next"
            aria-label="下一张"
            onClick={() => go(index + 1)}
          >
            <RightOutlined aria-hidden />
          </button>
          <button
            type="button"
            className="home-carousel-toggle"
            aria-label={stopped ? '继续轮播' : '暂停轮播'}
            onClick={() => setStopped((s) => !s)}
          >
            {stopped ? <CaretRightOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
          </button>
          <div className="home-carousel-dots">
            {list.map((ad, i) => (
              <button
                key={ad.id}
                type="button"
                className="home-carousel-dot"
                aria-label={`第 ${i + 1} 张：${ad.title}`}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
