import { type Consignee, consigneeText, formatBuyNowItems, type OrderCreateResult } from '@portal/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Radio, Result, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { purchasable, shopLineOf, useCart } from '#web/modules/cart/index.ts';
import { goodsDetailQuery, goodsHref, shopKeys } from '#web/modules/catalogue/index.ts';
import { ConsigneeBook, useConsignees } from '#web/modules/consignee/index.ts';
import { couponKeys, useCouponBest, useCouponCheck } from '#web/modules/coupon/index.ts';
import { deadlineText, TransferAccountView, usePaymentMethods } from '#web/modules/payment/index.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { cartKeys } from '#web/shared/cart/cartState.ts';
import { useNow } from '#web/shared/countdown.ts';
import { formatYuan } from '#web/shared/format.ts';
import { queryId } from '#web/shared/query.ts';
import { RequireLogin } from '#web/shared/RequireLogin.tsx';
import { scrollPageTop } from '#web/shared/scrollPageTop.ts';
import { PHONE_MEDIA } from '#web/shared/shop/phone.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useStickyInset } from '#web/shared/ui/useStickyInset.ts';
import { type CouponChoice, CouponPicker } from './CouponPicker.tsx';
import { GoodsThumb } from './OrderParts.tsx';
import { OrderPlaced } from './OrderPlaced.tsx';
import {
  type BuyNow,
  buyNowProblem,
  buyNowUnit,
  changedLines,
  parseBuyNow,
  type SettleLine,
  settleTotals,
} from './settle.ts';
import { useCreateOrder } from './useOrders.ts';
import './checkout.css';

const REMARK_MAX = 200;

interface LinesState {
  lines: SettleLine[];
  loading: boolean;
  /** The lines could not be loaded (with a retry). */
  query: { isError: boolean; refetch: () => unknown };
  /** Why the order cannot be placed as it is (goods gone, stock short). */
  problem: string | null;
  /** Selected cart lines that cannot be bought and are left out. */
  blocked: number;
  refetch: () => void;
}

/**
 * The buy-now lines of the query with their goods (one detail query per goods, shared with the goods
 * page's cache). The cart is not read.
 */
function useBuyNowLines(buyNow: BuyNow | null): LinesState {
  const { ready, companyId } = useShopCompany();
  const wanted = buyNow?.lines ?? [];
  const details = useQueries({
    queries: wanted.map((l) => goodsDetailQuery(companyId, l.goods_id, ready)),
  });
  const lines: SettleLine[] = [];
  const problems: string[] = buyNow?.error ? [buyNow.error] : [];
  wanted.forEach((l, i) => {
    const d = details[i];
    const g = d?.data;
    if (d?.error && isApiError(d.error)) problems.push(d.error.m);
    if (!g) return;
    const unit = buyNowUnit(l, g);
    const problem = buyNowProblem(l, unit);
    if (problem) problems.push(problem);
    lines.push({
      key: `b${g.id}:${l.sku_id ?? 0}`,
      cart_id: null,
      goods_id: g.id,
      sku_id: l.sku_id ?? null,
      sku_text: unit.sku_text,
      name: g.name,
      cover: g.cover,
      price: unit.price,
      seen_price: l.price ?? unit.price,
      quantity: l.quantity,
    });
  });
  const failed = details.filter((d) => d.isError && !isApiError(d.error));
  const refetch = () => {
    for (const d of details) void d.refetch();
  };
  return {
    lines,
    loading: details.some((d) => d.isPending),
    query: { isError: failed.length > 0, refetch },
    problem: problems[0] ?? null,
    blocked: 0,
    refetch,
  };
}

/** The lines to buy: the selected cart lines, or the buy-now lines of the query. */
function useSettleLines(buyNow: BuyNow | null): LinesState {
  const cart = useCart();
  const bought = useBuyNowLines(buyNow);
  if (buyNow) return bought;

  const lines = cart.lines
    .filter((l) => l.selected && purchasable(l) && l.id !== null)
    .map((l) => ({
      key: l.key,
      cart_id: l.id,
      ...shopLineOf(l),
      seen_price: l.price_at_add,
    }));
  return {
    lines,
    loading: cart.isLoading,
    query: { isError: cart.isError, refetch: cart.refetch },
    problem: null,
    blocked: cart.totals.blocked,
    refetch: cart.refetch,
  };
}

/**
 * `/settle`: address, coupon, payment, remark, totals, 提交订单 — then the order placed, at
 * `/settle?placed=<order id>` (loaded from the server, the member's own orders only), so a reload
 * shows it again.
 */
export function SettlePage() {
  const [params] = useSearchParams();
  const placedId = queryId(params.get('placed'));
  return (
    <RequireLogin>
      <ShopLayout title="确认订单" description="确认收货地址、优惠券与支付方式后提交订单。" phoneBar="own">
        {placedId === undefined ? <Settle /> : <OrderPlaced orderId={placedId} />}
      </ShopLayout>
    </RequireLogin>
  );
}

function Section({
  title,
  children,
  extra,
}: {
  title: string;
  children: React.ReactNode;
  extra?: React.ReactNode;
}) {
  return (
    <Card title={title} extra={extra} className="settle-section" size="small">
      {children}
    </Card>
  );
}

function Settle() {
  const [params] = useSearchParams();
  const buyNow = useMemo(() => parseBuyNow(params), [params]);
  const qc = useQueryClient();
  const source = useSettleLines(buyNow);
  const consignees = useConsignees();
  const payments = usePaymentMethods();
  const create = useCreateOrder();
  const now = useNow(true, 60_000);
  const submitBar = useStickyInset('bottom', PHONE_MEDIA);

  /** The user's choices; until they choose (or when the chosen address is deleted), the defaults. */
  const [pickedConsignee, setConsigneeId] = useState<number | null>(null);
  /** The member's coupon choice; until they choose, the best that applies (`/coupon/best`). */
  const [pickedCoupon, setCoupon] = useState<CouponChoice | null>(null);
  const [pickedMethod, setMethod] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  // The default address is chosen first; a deleted choice falls back to it.
  const addresses = consignees.data;
  const chosen: Consignee | undefined =
    addresses?.find((c) => c.id === pickedConsignee) ??
    addresses?.find((c) => c.is_default === 1) ??
    addresses?.[0];
  const consigneeId = chosen?.id ?? null;

  const methods = payments.data;
  const method = (methods?.find((m) => m.method === pickedMethod) ?? methods?.[0])?.method ?? null;

  const base = settleTotals(source.lines);
  const best = useCouponBest(source.lines.length > 0 ? base.goodsAmount : null);
  const bestCoupon = best.data?.coupon;
  const coupon: CouponChoice =
    pickedCoupon ?? (bestCoupon ? { kind: 'id', id: bestCoupon.id } : { kind: 'none' });
  const checkParams =
    coupon.kind === 'none' || source.lines.length === 0
      ? null
      : coupon.kind === 'id'
        ? { coupon_id: coupon.id, amount: base.goodsAmount }
        : { code: coupon.code, amount: base.goodsAmount };
  const check = useCouponCheck(checkParams);
  const couponOk = coupon.kind === 'none' || (check.data !== undefined && !check.isError);
  const totals = settleTotals(source.lines, coupon.kind === 'none' ? 0 : (check.data?.discount ?? 0));
  const changed = changedLines(source.lines);
  const chosenMethod = methods?.find((m) => m.method === method);

  if (source.loading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (source.lines.length === 0) {
    return (
      <Card>
        {source.query.isError ? (
          <QueryEmpty query={source.query} description="" />
        ) : buyNow && source.problem ? (
          <Result status="warning" title={source.problem} extra={<Link to="/product">去逛逛其他商品</Link>} />
        ) : (
          <Empty description={source.blocked > 0 ? '所选商品已下架或库存不足，无法结算' : '没有要结算的商品'}>
            <Space>
              <Link to="/cart">返回购物车</Link>
              <Link to="/product">去逛逛</Link>
            </Space>
          </Empty>
        )}
      </Card>
    );
  }

  const blockers = [
    !chosen && '请选择收货地址',
    !method && '请选择支付方式',
    source.problem,
    coupon.kind !== 'none' && !couponOk && !check.isFetching && '所选优惠券不可用，请更换或不使用优惠券',
  ].filter(Boolean) as string[];

  const submit = () => {
    if (!chosen || !method || blockers.length > 0) return;
    setError(null);
    create.mutate(
      {
        ...(buyNow
          ? {
              items: formatBuyNowItems(
                source.lines.map((l) => ({
                  goods_id: l.goods_id,
                  sku_id: l.sku_id ?? undefined,
                  quantity: l.quantity,
                  price: l.seen_price,
                })),
              ),
            }
          : { cart_ids: source.lines.flatMap((l) => (l.cart_id === null ? [] : [l.cart_id])) }),
        consignee_id: chosen.id,
        coupon_id: coupon.kind === 'none' ? undefined : check.data?.coupon.id,
        payment_method: method,
        remark: remark.trim() || undefined,
      },
      {
        onSuccess: (r: OrderCreateResult) => {
          // The order placed, by its id in the address (a reload shows it again); what only the
          // reply knows (price changes) rides in the history entry.
          navigate({ search: `?placed=${r.order.id}` }, { replace: true, state: { placed: r } });
          void qc.invalidateQueries({ queryKey: cartKeys.all });
          void qc.invalidateQueries({ queryKey: couponKeys.all });
          void qc.invalidateQueries({ queryKey: shopKeys.all });
          scrollPageTop();
        },
        onError: (e) => {
          setError(isApiError(e) ? e.m || '下单失败，请稍后重试' : '网络异常，订单未提交，请稍后重试');
          // Stock, goods or coupon changed meanwhile: show the current state.
          source.refetch();
          void qc.invalidateQueries({ queryKey: couponKeys.all });
        },
      },
    );
  };

  return (
    <div className="settle">
      <Typography.Title level={3} className="settle-title">
        确认订单
      </Typography.Title>
      <div className="settle-grid">
        <div className="settle-main">
          <Section title="收货地址">
            <ConsigneeBook selected={consigneeId} onSelect={(c) => setConsigneeId(c.id)} />
          </Section>

          <Section
            title={`商品清单（共 ${totals.quantity} 件）`}
            extra={!buyNow && <Link to="/cart">返回购物车修改</Link>}
          >
            {source.blocked > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={`购物车中有 ${source.blocked} 件所选商品已下架或库存不足，本次不结算`}
              />
            )}
            {changed.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title="商品价格已变动，将按当前价格下单"
                description={changed
                  .map((l) => `${l.name}：${formatYuan(l.seen_price)} → ${formatYuan(l.price)}`)
                  .join('；')}
              />
            )}
            {source.problem && (
              <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={source.problem} />
            )}
            <ul className="settle-lines" aria-label="商品清单">
              {source.lines.map((l) => (
                <li key={l.key} className="settle-line">
                  <GoodsThumb src={l.cover} alt={l.name} size={56} />
                  <div className="settle-line-name">
                    <Link to={goodsHref(l.goods_id)}>{l.name}</Link>
                    {l.sku_text && <div className="settle-line-sku">规格：{l.sku_text}</div>}
                    <div className="settle-line-price">
                      {formatYuan(l.price)}
                      {l.seen_price !== l.price && <del>{formatYuan(l.seen_price)}</del>} × {l.quantity}
                    </div>
                  </div>
                  <div className="settle-line-amount">{formatYuan(l.price * l.quantity)}</div>
                </li>
              ))}
            </ul>
          </Section>

          <Section title="优惠券">
            <CouponPicker
              amount={base.goodsAmount}
              choice={coupon}
              onChange={setCoupon}
              check={{ isFetching: check.isFetching, error: check.error, data: check.data }}
              now={now}
              bestId={bestCoupon?.id}
            />
          </Section>

          <Section title="支付方式">
            {payments.isPending ? (
              <Skeleton active title={false} paragraph={{ rows: 1 }} />
            ) : !methods || methods.length === 0 ? (
              <QueryEmpty query={payments} description="暂无可用的支付方式" simple />
            ) : (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Radio.Group
                  aria-label="支付方式"
                  value={method}
                  onChange={(e) => setMethod(e.target.value as string)}
                  options={methods.map((m) => ({ value: m.method, label: m.name }))}
                />
                {chosenMethod && (
                  <div className="settle-instructions">
                    {chosenMethod.account && <TransferAccountView account={chosenMethod.account} />}
                    <div>{chosenMethod.instructions}</div>
                    {chosenMethod.method !== 'cod' && (
                      <Typography.Text strong className="payment-deadline">
                        {`请在下单后 ${deadlineText(chosenMethod.pay_minutes)}内完成付款，逾期订单将自动取消`}
                      </Typography.Text>
                    )}
                  </div>
                )}
              </Space>
            )}
          </Section>

          <Section title="订单备注">
            <Input.TextArea
              className="settle-remark"
              aria-label="订单备注"
              placeholder="选填：对本次订单的说明（如送货时间）"
              value={remark}
              maxLength={REMARK_MAX}
              showCount
              rows={2}
              onChange={(e) => setRemark(e.target.value)}
            />
          </Section>
        </div>

        <aside className="settle-side" aria-label="订单金额">
          <Card size="small" title="订单金额">
            <dl className="settle-totals">
              <dt>商品金额</dt>
              <dd>{formatYuan(totals.goodsAmount)}</dd>
              <dt>优惠</dt>
              <dd>-{formatYuan(totals.discount)}</dd>
              <dt className="settle-payable">应付金额</dt>
              <dd className="settle-payable">{formatYuan(totals.payable)}</dd>
            </dl>
            {chosen && (
              <div className="settle-ship-to">
                <Typography.Text type="secondary">寄送至：</Typography.Text>
                {consigneeText(chosen)}
                <br />
                <Typography.Text type="secondary">收货人：</Typography.Text>
                {chosen.name} {chosen.mobile}
              </div>
            )}
            {/* On a phone this is the fixed bar at the bottom: 应付金额 and 提交订单 (checkout.css). */}
            <div className="settle-submit" ref={submitBar}>
              {error && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={error}
                  className="settle-submit-error"
                  closable={{ onClose: () => setError(null) }}
                />
              )}
              {blockers.length > 0 && !create.isPending && (
                <Typography.Text type="secondary" className="settle-blocker">
                  {blockers[0]}
                </Typography.Text>
              )}
              <div className="settle-submit-payable">
                应付金额 <b>{formatYuan(totals.payable)}</b>
              </div>
              <Button
                type="primary"
                size="large"
                block
                danger
                loading={create.isPending}
                disabled={
                  blockers.length > 0 ||
                  (coupon.kind !== 'none' && check.isFetching) ||
                  (pickedCoupon === null && best.isFetching)
                }
                onClick={submit}
              >
                提交订单
              </Button>
            </div>
          </Card>
        </aside>
      </div>
    </div>
  );
}
