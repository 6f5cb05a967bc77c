import { HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { hasAction, type Review, type ShopGoodsDetail, type ShopGoodsSku } from '@portal/contract';
import { Alert, Breadcrumb, Button, Descriptions, List, Rate, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, type Ref, Suspense, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useAddToCart, useCartCount } from '#web/shared/cart/cartState.ts';
import { formatDateTime, formatYuan } from '#web/shared/format.ts';
import { queryId } from '#web/shared/query.ts';
import { loginPath, useLoggedIn } from '#web/shared/session.ts';
import { cartBadge, cartLinkLabel, PHONE_MEDIA } from '#web/shared/shop/phone.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { ShopNotFound } from '#web/shared/shop/ShopNotFound.tsx';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';
import { usePaging } from '#web/shared/ui/pagination.ts';
import { QuantityStepper } from '#web/shared/ui/QuantityStepper.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { PALETTE } from '#web/shared/ui/theme.ts';
import { useStickyInset } from '#web/shared/ui/useStickyInset.ts';
import { usePermission } from '#web/shared/usePermission.ts';
import { GoodsCover } from './GoodsCard.tsx';
import { maxQuantity, settleHref } from './links.ts';
import { listQueryString } from './listQuery.ts';
import {
  chosenSku,
  initialChoice,
  missingNames,
  type SkuChoice,
  specRows,
  toggleValue,
} from './skuChoice.ts';
import { useGoodsDetail, useGoodsReviews, useToggleLove } from './useShopGoods.ts';

function Gallery({ goods }: { goods: ShopGoodsDetail }) {
  const images = goods.images.length > 0 ? goods.images : goods.cover ? [goods.cover] : [];
  const [active, setActive] = useState(0);
  const main = images[Math.min(active, images.length - 1)] ?? '';
  return (
    <div className="gallery">
      <div className="goods-cover gallery-main">
        <GoodsCover src={main} alt={goods.name} eager />
      </div>
      {images.length > 1 && (
        <ul className="gallery-thumbs" aria-label="商品图片">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={`gallery-thumb${i === active ? ' gallery-thumb--active' : ''}`}
                aria-label={`查看第 ${i + 1} 张图片`}
                aria-pressed={i === active}
                onClick={() => setActive(i)}
                onMouseEnter={() => setActive(i)}
              >
                <img src={src} alt="" width={64} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The specification chooser: one labelled group of toggle buttons per spec name (aria-pressed);
 * a value no specification in stock has with the other rows' choices is disabled and says so.
 */
function SkuChooser({
  skus,
  choice,
  onChoose,
  error,
  errorId,
  boxRef,
}: {
  skus: readonly ShopGoodsSku[];
  choice: SkuChoice;
  onChoose: (name: string, value: string) => void;
  error: string | null;
  errorId: string;
  boxRef: Ref<HTMLDivElement>;
}) {
  return (
    <div className="sku-chooser" ref={boxRef}>
      {specRows(skus, choice).map((row) => (
        <fieldset
          className="sku-row"
          key={row.name}
          data-chosen={choice[row.name] === undefined ? undefined : ''}
          aria-describedby={error ? errorId : undefined}
        >
          <legend className="buy-box-label">{row.name}</legend>
          <div className="sku-values">
            {row.values.map(({ value, available }) => {
              const pressed = choice[row.name] === value;
              return (
                <button
                  key={value}
                  type="button"
                  className={`sku-value${pressed ? ' sku-value--chosen' : ''}`}
                  aria-pressed={pressed}
                  disabled={!available && !pressed}
                  onClick={() => onChoose(row.name, value)}
                >
                  {value}
                  {!available && <span className="sr-only">（无货）</span>}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      {error && (
        <p className="sku-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * `foreign`: the goods belong to another company than the one this visitor shops in (opened from
 * that company's microsite). Carts and orders stay within one company, so it is shown, not sold.
 */
function BuyBox({ goods, foreign }: { goods: ShopGoodsDetail; foreign: boolean }) {
  // A goods with specifications is sold as one of them: its price and stock follow the choice.
  const withSkus = goods.sku_count > 0;
  const [choice, setChoice] = useState<SkuChoice>(() => initialChoice(goods.skus));
  const [skuError, setSkuError] = useState<string | null>(null);
  const errorId = useId();
  const chooserRef = useRef<HTMLDivElement>(null);
  const sku = withSkus ? chosenSku(goods.skus, choice) : undefined;
  const price = sku?.price ?? goods.price;
  const stock = withSkus ? (sku?.stock ?? goods.skus.reduce((n, k) => n + k.stock, 0)) : goods.stock;
  const fromPrice = withSkus && !sku && goods.skus.some((k) => k.price !== goods.price);
  const max = maxQuantity(stock, goods.max_per_order);
  const soldOut = max === 0;
  const [quantity, setQuantity] = useState(1);
  const q = Math.min(Math.max(1, quantity), Math.max(1, max));
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const cart = useAddToCart();
  const count = useCartCount();
  const love = useToggleLove();
  const bar = useStickyInset('bottom', PHONE_MEDIA);

  const choose = (name: string, value: string) => {
    setChoice((c) => toggleValue(goods.skus, c, name, value));
    setSkuError(null);
  };
  /** Without a complete choice, says what to choose and answers false. */
  const chosen = () => {
    if (!withSkus || sku) return true;
    const missing = missingNames(goods.skus, choice);
    setSkuError(missing.length > 0 ? `请选择${missing.join('、')}` : '请选择商品规格');
    // On a phone the buttons are in the bar at the bottom: bring the chooser to the shopper, on
    // the first value they can choose in the first row not chosen yet.
    const row = chooserRef.current?.querySelector('fieldset:not([data-chosen])');
    const first = row?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    row?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
    return false;
  };
  const addToCart = async () => {
    if (!chosen()) return;
    const item = { id: goods.id, price, stock, ...(sku && { sku_id: sku.id, sku_text: sku.spec_text }) };
    if (await cart.add(item, q)) {
      toastSuccess('已加入购物车');
    }
  };
  const buyNow = () => {
    if (!chosen()) return;
    const target = settleHref(goods.id, q, price, sku?.id);
    navigate(loggedIn ? target : loginPath(target));
  };
  const toggleLove = () => {
    if (!loggedIn) navigate(loginPath(here));
    else love.mutate(goods.id);
  };

  return (
    <div className="buy-box">
      <Typography.Title level={1} className="buy-box-name">
        {goods.name}
      </Typography.Title>
      {goods.subtitle && <Typography.Paragraph type="secondary">{goods.subtitle}</Typography.Paragraph>}

      <div className="buy-box-price">
        <span className="buy-box-price-label">价格</span>
        <span className="buy-box-price-now">
          {formatYuan(price)}
          {fromPrice && <span className="buy-box-price-from"> 起</span>}
        </span>
        {goods.original_price > goods.price && (
          <span className="buy-box-price-old">
            <span className="sr-only">原价</span>
            <del>{formatYuan(goods.original_price)}</del>
          </span>
        )}
        {goods.unit && <span className="buy-box-unit">/ {goods.unit}</span>}
      </div>

      <Space wrap size="large" className="buy-box-stats">
        <span>
          <Rate disabled allowHalf value={goods.rating / 10} style={{ fontSize: 14 }} />{' '}
          <Typography.Text type="secondary">
            {goods.review_count > 0
              ? `${(goods.rating / 10).toFixed(1)} 分 · ${goods.review_count} 条评价`
              : '暂无评价'}
          </Typography.Text>
        </span>
        <Typography.Text type="secondary">已售 {goods.sales}</Typography.Text>
        <Typography.Text type="secondary">{goods.love_count} 人收藏</Typography.Text>
      </Space>

      {withSkus && goods.skus.length > 0 && (
        <SkuChooser
          skus={goods.skus}
          choice={choice}
          onChoose={choose}
          error={skuError}
          errorId={errorId}
          boxRef={chooserRef}
        />
      )}

      <div className="buy-box-row">
        <span className="buy-box-label" id="quantity-label">
          数量
        </span>
        <QuantityStepper
          max={Math.max(1, max)}
          value={q}
          label="数量"
          labelledBy="quantity-label"
          onChange={(v) => setQuantity(v ?? 1)}
          disabled={soldOut || foreign}
        />
        {soldOut ? (
          <Tag color="default">已售罄</Tag>
        ) : (
          <Typography.Text type="secondary">库存 {stock} 件</Typography.Text>
        )}
        {goods.max_per_order > 0 && (
          <Typography.Text type="secondary">每单限购 {goods.max_per_order} 件</Typography.Text>
        )}
      </div>

      {foreign ? (
        <Alert
          type="info"
          showIcon
          title="本商品由其他企业销售，不能在本站下单"
          description="请通过该企业微站上的联系方式咨询购买。"
          action={<Button onClick={() => navigate(-1)}>返回</Button>}
        />
      ) : (
        <div className="buy-box-actions">
          {/* On a phone this is the fixed bar at the bottom (phone.css), with a way to the cart. */}
          <div className="buy-bar" ref={bar}>
            <Link to="/cart" className="buy-bar-cart" aria-label={cartLinkLabel(count)}>
              <span className="shop-cart-icon" data-count={cartBadge(count)}>
                <ShoppingCartOutlined aria-hidden />
              </span>
              <span>购物车</span>
            </Link>
            <Button
              size="large"
              icon={<ShoppingCartOutlined aria-hidden />}
              onClick={addToCart}
              loading={cart.pending}
              disabled={soldOut}
            >
              加入购物车
            </Button>
            <Button size="large" type="primary" danger onClick={buyNow} disabled={soldOut}>
              {soldOut ? '已售罄' : '立即购买'}
            </Button>
          </div>
          <Button
            size="large"
            type="text"
            icon={
              goods.loved ? (
                <HeartFilled aria-hidden style={{ color: PALETTE.price }} />
              ) : (
                <HeartOutlined aria-hidden />
              )
            }
            onClick={toggleLove}
            loading={love.isPending}
            aria-pressed={goods.loved}
          >
            {goods.loved ? '已收藏' : '收藏'}
          </Button>
        </div>
      )}
    </div>
  );
}

const ReviewReplyModal = lazy(() =>
  import('./ReviewReplyModal.tsx').then((m) => ({ default: m.ReviewReplyModal })),
);

function ReviewItem({ review, onReply }: { review: Review; onReply: ((r: Review) => void) | null }) {
  return (
    <List.Item
      actions={
        onReply && !review.reply
          ? [
              <Button key="reply" type="link" size="small" onClick={() => onReply(review)}>
                回复
              </Button>,
            ]
          : undefined
      }
    >
      <div className="review">
        <div className="review-head">
          <Typography.Text strong>{review.user_name || '匿名用户'}</Typography.Text>
          <Rate disabled value={review.rating} style={{ fontSize: 12 }} />
          <Typography.Text type="secondary" className="review-time">
            {formatDateTime(review.create_time)}
          </Typography.Text>
        </div>
        <Typography.Paragraph className="review-content">{review.content}</Typography.Paragraph>
        {review.reply && (
          <div className="review-reply">
            <Typography.Text type="secondary">商家回复：</Typography.Text>
            {review.reply}
          </div>
        )}
      </div>
    </List.Item>
  );
}

function Reviews({
  goodsId,
  count,
  ofCompany,
}: {
  goodsId: number;
  count: number;
  ofCompany?: number | undefined;
}) {
  const { page, pageSize, pagination } = usePaging(5);
  const reviews = useGoodsReviews(goodsId, page, pageSize, ofCompany);
  const total = reviews.data?.paging.count ?? count;
  // Staff of the shop answer reviews here (not on another company's goods). Unlike useCan, unknown
  // permissions (a visitor, not loaded yet) show nothing.
  const { perm } = usePermission();
  const canReply = perm !== null && hasAction(perm, 'order', 'reply_review') && ofCompany === undefined;
  const [replying, setReplying] = useState<Review | null>(null);
  return (
    <section className="shop-panel detail-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">商品评价（{total}）</h2>
      <List<Review>
        loading={reviews.isFetching && !reviews.isError}
        dataSource={reviews.data?.results ?? []}
        rowKey="id"
        renderItem={(r) => <ReviewItem review={r} onReply={canReply ? setReplying : null} />}
        locale={{ emptyText: <QueryEmpty query={reviews} description="暂无评价" simple /> }}
        pagination={total > 0 ? { ...pagination(total), align: 'center' } : false}
      />
      {replying && (
        <Suspense fallback={null}>
          <ReviewReplyModal review={replying} onClose={() => setReplying(null)} />
        </Suspense>
      )}
    </section>
  );
}

function Details({ goods }: { goods: ShopGoodsDetail }) {
  return (
    <section className="shop-panel detail-section" aria-labelledby="details-title">
      <h2 id="details-title">商品详情</h2>
      {goods.specs.length > 0 && (
        <Descriptions
          bordered
          size="small"
          column={1}
          title="规格参数"
          items={goods.specs.map((s, i) => ({ key: `${i}-${s.name}`, label: s.name, children: s.value }))}
          className="detail-specs"
          styles={{ label: { width: 140 } }}
        />
      )}
      {goods.description ? (
        <RichText html={goods.description} className="detail-description" />
      ) : (
        goods.specs.length === 0 && <Typography.Text type="secondary">暂无详细介绍</Typography.Text>
      )}
    </section>
  );
}

/**
 * `/goodsDetail?id=N`: gallery, price, stock, quantity, cart and buy-now, like, specifications,
 * reviews. `&company_id=C` shows a goods of company C (links from C's microsite).
 */
export function GoodsDetailPage() {
  const [params] = useSearchParams();
  const id = queryId(params.get('id')) ?? null;
  const ofCompany = queryId(params.get('company_id'));
  const shopCompany = useShopCompany().companyId;
  const foreign = ofCompany !== undefined && ofCompany !== shopCompany;
  const detail = useGoodsDetail(id, ofCompany);
  const goods = detail.data;

  if (id === null || (detail.isError && isApiError(detail.error))) {
    return (
      <ShopNotFound
        headTitle="商品不存在"
        description="商品已下架或不存在。"
        title="商品已下架或不存在"
        subTitle="去看看其他商品吧。"
        backTo="/product"
        backText="浏览全部商品"
      />
    );
  }

  return (
    <ShopLayout
      // The buy bar takes the phone's bottom; goods sold elsewhere have none, so the tabs stay.
      phoneBar={foreign ? 'tabs' : 'own'}
      title={goods?.name ?? '商品详情'}
      description={
        goods
          ? `${goods.name}${goods.subtitle ? `，${goods.subtitle}` : ''}，${formatYuan(goods.price)}`
          : '商品详情'
      }
    >
      <Breadcrumb
        className="list-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/product">全部商品</Link> },
          // Another company's category is not in this site's list.
          ...(goods?.category_id && goods.category_name && !foreign
            ? [
                {
                  title: (
                    <Link to={`/product${listQueryString({ category_id: goods.category_id })}`}>
                      {goods.category_name}
                    </Link>
                  ),
                },
              ]
            : []),
          ...(goods ? [{ title: goods.name }] : []),
        ]}
      />
      {goods ? (
        <>
          <div className="detail-top shop-panel">
            <Gallery key={goods.id} goods={goods} />
            <BuyBox key={goods.id} goods={goods} foreign={foreign} />
          </div>
          <Details goods={goods} />
          <Reviews key={goods.id} goodsId={goods.id} count={goods.review_count} ofCompany={ofCompany} />
        </>
      ) : detail.isError ? (
        <div className="shop-panel">
          <QueryEmpty query={detail} description="" />
        </div>
      ) : (
        <div className="detail-top shop-panel">
          <div className="gallery">
            <div className="goods-cover gallery-main goods-cover--loading" />
          </div>
          <div className="buy-box">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        </div>
      )}
    </ShopLayout>
  );
}
