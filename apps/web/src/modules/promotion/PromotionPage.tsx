import {
  CarOutlined,
  HomeOutlined,
  MinusOutlined,
  PlusOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  PROMOTION_MILEAGE_RANGE,
  PROMOTION_PRICE_RANGE,
  PROMOTION_TICKET_MAX,
  type PromotionCar,
  type PromotionDetail,
  type PromotionTicket,
} from '@portal/contract';
import { Button, ConfigProvider, Empty, InputNumber, Result, Skeleton, Slider, Spin, Tag, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { goodsHref } from '#web/modules/catalogue/index.ts';
import { buyNowHref } from '#web/modules/order/index.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { formatMonthDay, formatYuan } from '#web/shared/format.ts';
import { queryId } from '#web/shared/query.ts';
import { loginPath, useLoggedIn, useUserInfo } from '#web/shared/session.ts';
import { CompanyFooter } from '#web/shared/shop/CompanyFooter.tsx';
import { useDocumentHead } from '#web/shared/shop/useDocumentHead.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useStickyInset } from '#web/shared/ui/useStickyInset.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import {
  carFilter,
  chosenTickets,
  clampCount,
  isDefaultFilter,
  isStuck,
  mileageMarks,
  parseTicketsParam,
  priceMarks,
  type Range,
  type TicketCounts,
  ticketMax,
  ticketsParam,
  ticketTotals,
  yuanLabel,
} from './promotion.ts';
import { useCurrentPromotions, useDebounced, usePromotionDetail } from './usePromotion.ts';
import './promotion.css';

const PRICE = PROMOTION_PRICE_RANGE;
const MILEAGE = PROMOTION_MILEAGE_RANGE;
const DEBOUNCE_MS = 300;

/** The car theme's own colours: dark with neon pink and cyan (not the shop's blue). */
const PROMO_THEME = {
  // Not the shop's theme underneath: its colours are for white pages.
  inherit: false,
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#ff2e88',
    colorInfo: '#00e5ff',
    colorBgContainer: '#161a36',
    colorBgElevated: '#1d2245',
    // The shop's theme (shared/ui/theme.ts) sets dark greys and blues for white pages; on this dark
    // page text and links need light ones (4.5:1 on #161a36).
    colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
    colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    colorLink: '#00e5ff',
    colorLinkHover: '#7df3ff',
    borderRadius: 10,
  },
  components: {
    Slider: {
      railBg: 'rgba(255, 255, 255, 0.2)',
      railHoverBg: 'rgba(255, 255, 255, 0.3)',
      trackBg: '#ff2e88',
      trackHoverBg: '#ff5ca3',
      handleColor: '#ff2e88',
      handleActiveColor: '#00e5ff',
      dotActiveBorderColor: '#ff2e88',
    },
  },
} as const;

/**
 * Whether the header is stuck: after 10 px of scroll on a phone, 150 px on a desktop (spec §9). The
 * page scrolls in the window or, with the full-height layout of the root, in its `.page` container.
 */
function useStuckHeader(anchor: React.RefObject<HTMLElement | null>): boolean {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const container = anchor.current?.closest('.page') ?? null;
    let frame = 0;
    const check = () => {
      frame = 0;
      setStuck(isStuck(Math.max(window.scrollY, container?.scrollTop ?? 0), window.innerWidth));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    container?.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      container?.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [anchor]);
  return stuck;
}

/** `/promotion`: the car promotion theme — cars filtered by price and range, and event tickets. */
export function PromotionPage() {
  const company = useCompany();
  const [params] = useSearchParams();
  const askedId = queryId(params.get('id'));
  const list = useCurrentPromotions(askedId === undefined);
  const id = askedId ?? list.data?.results[0]?.id;

  const [price, setPrice] = useState<Range>([...PRICE.defaults]);
  const [mileage, setMileage] = useState<Range>([...MILEAGE.defaults]);
  const filter = useDebounced(
    useMemo(() => carFilter(price, mileage), [price, mileage]),
    DEBOUNCE_MS,
  );
  const detail = usePromotionDetail(id, filter);
  const p = detail.data;

  const companyName = company.data?.company_name || '企业门户';
  useDocumentHead(
    `${p?.title ?? '汽车促销'} - ${companyName}`,
    p
      ? `${p.title}：${p.intro.slice(0, 60)} 按价格与续航筛选新能源车源，在线购买活动门票。`
      : `${companyName}汽车促销活动：按价格与续航筛选新能源车源，在线购买活动门票。`,
  );

  let body: React.ReactNode;
  if (askedId === undefined && list.isPending) body = <PageSkeleton />;
  else if (askedId === undefined && id === undefined) {
    body = list.isError ? (
      <div className="promo-state">
        <QueryEmpty query={list} description="" />
      </div>
    ) : (
      <Result
        className="promo-state"
        icon={<CarOutlined aria-hidden />}
        title="暂无进行中的汽车促销活动"
        extra={<Link to="/">去商城逛逛</Link>}
      />
    );
  } else if (!p && detail.isPending) body = <PageSkeleton />;
  else if (!p) {
    body = isApiError(detail.error) ? (
      <Result
        className="promo-state"
        status="warning"
        title={detail.error.m}
        extra={<Link to="/promotion">查看进行中的活动</Link>}
      />
    ) : (
      <div className="promo-state">
        <QueryEmpty query={detail} description="" />
      </div>
    );
  } else {
    body = (
      <>
        <Hero promotion={p} />
        <CarSection
          promotion={p}
          loading={detail.isFetching}
          price={price}
          mileage={mileage}
          onPrice={setPrice}
          onMileage={setMileage}
          onReset={() => {
            setPrice([...PRICE.defaults]);
            setMileage([...MILEAGE.defaults]);
          }}
        />
        <TicketSection promotion={p} />
      </>
    );
  }

  return (
    <div className="promo">
      <ConfigProvider theme={PROMO_THEME}>
        <PromoHeader title={p?.title ?? '汽车促销'} companyName={companyName} />
        <main className="promo-main">{body}</main>
      </ConfigProvider>
      {/* The company footer keeps the site's light look. */}
      <div className="promo-footer">
        <CompanyFooter company={company.data} />
      </div>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="promo-state">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

function PromoHeader({ title, companyName }: { title: string; companyName: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const stuck = useStuckHeader(slot);
  const header = useStickyInset('top');
  const user = useUserInfo();
  return (
    // The slot keeps the header's height in the flow, so the page does not jump when it sticks.
    <div className="promo-header-slot" ref={slot}>
      <header
        ref={header}
        className={`promo-header${stuck ? ' is-stuck' : ''}`}
        data-stuck={stuck ? 'true' : 'false'}
      >
        <div className="promo-header-inner">
          <Link to="/" className="promo-brand" title={`${companyName}首页`}>
            <ThunderboltOutlined aria-hidden className="promo-brand-icon" />
            <span className="promo-brand-name">{title}</span>
          </Link>
          <nav className="promo-nav" aria-label="活动导航">
            <a href="#cars">选车</a>
            <a href="#tickets">购票</a>
            <Link to="/" className="promo-nav-home">
              <HomeOutlined aria-hidden /> <span className="promo-nav-text">商城</span>
            </Link>
            <Link to={user ? '/Workbench' : loginPath('/promotion')} className="promo-nav-user">
              <UserOutlined aria-hidden />{' '}
              <span className="promo-nav-text">{user ? user.real_name || user.username : '登录'}</span>
            </Link>
          </nav>
        </div>
      </header>
    </div>
  );
}

function Hero({ promotion }: { promotion: PromotionDetail }) {
  return (
    <section className="promo-hero" aria-labelledby="promo-title">
      {promotion.banner && (
        // The banner is the first thing seen: loaded at once, not lazily.
        <img
          className="promo-hero-banner"
          src={promotion.banner}
          alt=""
          width={1200}
          height={420}
          fetchPriority="high"
        />
      )}
      <div className="promo-hero-text">
        <Tag color="#d6006e" variant="solid" className="promo-hero-tag">
          限时活动 {formatMonthDay(promotion.starts_at)} – {formatMonthDay(promotion.ends_at)}
        </Tag>
        <h1 id="promo-title" className="promo-hero-title">
          {promotion.title}
        </h1>
        <p className="promo-hero-intro">{promotion.intro}</p>
        <div className="promo-hero-actions">
          <Button type="primary" size="large" href="#cars">
            立即选车
          </Button>
          <Button size="large" href="#tickets">
            购买门票
          </Button>
        </div>
      </div>
    </section>
  );
}

function CarSection({
  promotion,
  loading,
  price,
  mileage,
  onPrice,
  onMileage,
  onReset,
}: {
  promotion: PromotionDetail;
  loading: boolean;
  price: Range;
  mileage: Range;
  onPrice: (v: Range) => void;
  onMileage: (v: Range) => void;
  onReset: () => void;
}) {
  const pMarks = useMemo(priceMarks, []);
  const mMarks = useMemo(mileageMarks, []);
  const cars = promotion.cars;
  return (
    <section id="cars" className="promo-section" aria-labelledby="cars-title">
      <h2 id="cars-title" className="promo-section-title">
        精选车源
      </h2>
      <fieldset className="promo-filters" aria-label="筛选车型">
        <div className="promo-filter">
          <div className="promo-filter-head">
            <span>价格</span>
            <output className="promo-filter-value" aria-live="polite">
              {yuanLabel(price[0])} – {yuanLabel(price[1])}
            </output>
          </div>
          <Slider
            range
            min={PRICE.min}
            max={PRICE.max}
            step={PRICE.step}
            marks={pMarks}
            value={price}
            onChange={(v) => onPrice(v as Range)}
            tooltip={{ formatter: (v) => (v === undefined ? '' : yuanLabel(v)) }}
            ariaLabelForHandle={['最低价格', '最高价格']}
            ariaValueTextFormatterForHandle={(v) => (v === undefined ? '' : `${v}元`)}
          />
        </div>
        <div className="promo-filter">
          <div className="promo-filter-head">
            <span>续航里程</span>
            <output className="promo-filter-value" aria-live="polite">
              {mileage[0]} – {mileage[1]} km
            </output>
          </div>
          <Slider
            range
            min={MILEAGE.min}
            max={MILEAGE.max}
            step={MILEAGE.step}
            marks={mMarks}
            value={mileage}
            onChange={(v) => onMileage(v as Range)}
            tooltip={{ formatter: (v) => `${v} km` }}
            ariaLabelForHandle={['最短续航', '最长续航']}
            ariaValueTextFormatterForHandle={(v) => `${v}公里`}
          />
        </div>
        <div className="promo-filter-foot">
          <span className="promo-count" aria-live="polite">
            {cars.length} 辆符合条件（共 {promotion.car_total} 辆）
          </span>
          <Button size="small" onClick={onReset} disabled={isDefaultFilter(price, mileage)}>
            重置筛选
          </Button>
        </div>
      </fieldset>

      <Spin spinning={loading} delay={200}>
        {cars.length === 0 ? (
          <Empty
            className="promo-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="没有符合条件的车型，试试放宽价格或续航范围"
          >
            <Button type="primary" onClick={onReset}>
              重置筛选
            </Button>
          </Empty>
        ) : (
          <ul className="promo-cars" aria-label="车型列表">
            {cars.map((c) => (
              <CarCard key={c.goods_id} car={c} />
            ))}
          </ul>
        )}
      </Spin>
    </section>
  );
}

function CarCard({ car }: { car: PromotionCar }) {
  return (
    <li className="promo-car">
      <Link to={goodsHref(car.goods_id)} className="promo-car-link">
        <img
          className="promo-car-img"
          src={car.cover}
          alt={car.name}
          loading="lazy"
          width={400}
          height={260}
        />
        <div className="promo-car-body">
          <h3 className="promo-car-name">{car.name}</h3>
          <p className="promo-car-sub">{car.subtitle}</p>
          <div className="promo-car-meta">
            <Tag color="cyan">续航 {car.mileage} km</Tag>
            <span className="promo-car-stock">{car.stock > 0 ? `在售 ${car.stock} 辆` : '已售罄'}</span>
          </div>
          <div className="promo-car-price">
            <strong>{formatYuan(car.price)}</strong>
            {car.original_price > car.price && <del>{formatYuan(car.original_price)}</del>}
          </div>
        </div>
      </Link>
    </li>
  );
}

function TicketSection({ promotion }: { promotion: PromotionDetail }) {
  const tickets = promotion.tickets;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const fromLogin = params.get('tickets');
  const [counts, setCounts] = useState<TicketCounts>(() => parseTicketsParam(fromLogin));
  const ref = useRef<HTMLElement>(null);
  const ticketBar = useStickyInset('bottom');

  // Back from the login with a choice: show the tickets again.
  useEffect(() => {
    if (fromLogin) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [fromLogin]);

  const bounded = useMemo(() => {
    const out: TicketCounts = {};
    for (const t of tickets) out[t.goods_id] = Math.min(counts[t.goods_id] ?? 0, ticketMax(t));
    return out;
  }, [tickets, counts]);
  const totals = ticketTotals(tickets, bounded);

  if (tickets.length === 0) return null;

  const setCount = (t: PromotionTicket, value: unknown) =>
    setCounts((c) => ({ ...c, [t.goods_id]: clampCount(value, ticketMax(t)) }));

  const submit = () => {
    if (totals.quantity === 0) return;
    if (!loggedIn) {
      const here = new URLSearchParams();
      if (params.get('id')) here.set('id', String(promotion.id));
      here.set('tickets', ticketsParam(bounded));
      navigate(loginPath(`/promotion?${here.toString()}`));
      return;
    }
    // A buy-now of the chosen tickets with the prices shown here: the member's cart is not touched.
    navigate(buyNowHref(chosenTickets(tickets, bounded)));
  };

  return (
    <section id="tickets" ref={ref} className="promo-section" aria-labelledby="tickets-title">
      <h2 id="tickets-title" className="promo-section-title">
        活动门票
      </h2>
      <p className="promo-ticket-note">
        每种门票每单最多 {PROMOTION_TICKET_MAX}{' '}
        张；购票后在“确认订单”页选择联系地址与支付方式，门票随订单发放。
      </p>
      <ul className="promo-tickets" aria-label="门票">
        {tickets.map((t) => {
          const max = ticketMax(t);
          const n = bounded[t.goods_id] ?? 0;
          return (
            <li key={t.goods_id} className="promo-ticket">
              <img className="promo-ticket-img" src={t.cover} alt="" loading="lazy" width={120} height={70} />
              <div className="promo-ticket-body">
                <h3 className="promo-ticket-name">{t.name}</h3>
                <p className="promo-ticket-sub">{t.subtitle}</p>
                <div className="promo-ticket-price">
                  {formatYuan(t.price)}
                  <span className="promo-ticket-unit">/{t.unit}</span>
                  {max === 0 && <Tag className="promo-ticket-out">已售罄</Tag>}
                </div>
              </div>
              <fieldset className="promo-counter" aria-label={`${t.name}数量`}>
                <Button
                  shape="circle"
                  icon={<MinusOutlined aria-hidden />}
                  aria-label={`减少${t.name}`}
                  disabled={n <= 0}
                  onClick={() => setCount(t, n - 1)}
                />
                <InputNumber
                  className="promo-counter-input"
                  aria-label={`${t.name}数量`}
                  min={0}
                  max={max}
                  precision={0}
                  controls={false}
                  inputMode="numeric"
                  value={n}
                  disabled={max === 0}
                  onChange={(v) => setCount(t, v ?? 0)}
                />
                <Button
                  shape="circle"
                  icon={<PlusOutlined aria-hidden />}
                  aria-label={`增加${t.name}`}
                  disabled={n >= max}
                  onClick={() => setCount(t, n + 1)}
                />
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="promo-ticket-bar" ref={ticketBar}>
        <div className="promo-ticket-total" aria-live="polite">
          共 <strong>{totals.quantity}</strong> 张，合计{' '}
          <strong className="promo-amount">{formatYuan(totals.amount)}</strong>
        </div>
        <Button
          type="primary"
          size="large"
          className="promo-buy"
          disabled={totals.quantity === 0}
          onClick={submit}
        >
          购票
        </Button>
      </div>
    </section>
  );
}
