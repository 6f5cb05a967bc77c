import {
  canDo,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  type Order,
  type OrderItem,
  payAmountLabel,
} from '@portal/contract';
import { App, Button, Pagination, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { goodsHref } from '#web/modules/catalogue/index.ts';
import { PayOnlineButton, payErrorText } from '#web/modules/payment/index.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatRemaining, secondsUntil, useNow } from '#web/shared/countdown.ts';
import { formatDateTime, formatYuan } from '#web/shared/format.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { useExistingPage, usePaging } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { GoodsThumb, OrderDetailDrawer, OrderStatusTag, ReceiptWaiting } from './OrderParts.tsx';
import { ReviewModal } from './ReviewModal.tsx';
import { useOrder, useOrderAction, useOrderCounts, useOrders } from './useOrders.ts';

/** The state tabs of 我的订单 (已退款 orders show under 全部). */
const STATUS_TABS = [0, 1, 2, 3, 4, 5] as const;

/** 全部 counts every state. */
export function countFor(counts: Record<string, number> | undefined, status: number): number | undefined {
  if (!counts) return undefined;
  if (status === 0) return Object.values(counts).reduce((a, b) => a + b, 0);
  return counts[String(status)] ?? 0;
}

function useMemberActions() {
  const { modal } = App.useApp();
  const act = useOrderAction();
  return {
    cancel: (o: Pick<Order, 'id' | 'order_no'>) =>
      confirmDanger(modal, {
        title: `确定取消订单 ${o.order_no} 吗？`,
        content: '取消后订单不可恢复，使用的优惠券将退回。',
        okText: '取消订单',
        cancelText: '再想想',
        onOk: () =>
          act
            .mutateAsync({ action: 'cancel', id: o.id })
            .then(() => toastSuccess('订单已取消'))
            .catch(() => {}),
      }),
    receive: (o: Pick<Order, 'id' | 'order_no'>) =>
      modal.confirm({
        title: `确认已收到订单 ${o.order_no} 的商品吗？`,
        content: '确认收货后订单完成，可以评价商品。',
        okText: '确认收货',
        cancelText: '取消',
        onOk: () =>
          act
            .mutateAsync({ action: 'receive', id: o.id })
            .then(() => toastSuccess('已确认收货'))
            .catch(() => {}),
      }),
  };
}

type MemberActions = ReturnType<typeof useMemberActions>;

/** 去支付, 取消订单 and 确认收货, each where the order's state allows it (on the card and in the drawer). */
function MemberActionButtons({ order, actions }: { order: Order; actions: MemberActions }) {
  return (
    <>
      {order.status === ORDER_STATUS.AWAITING_PAYMENT && order.payment_method === 'sandbox' && (
        <PayOnlineButton orderId={order.id} />
      )}
      {canDo('cancel', order.status) && (
        <Button danger onClick={() => actions.cancel(order)}>
          取消订单
        </Button>
      )}
      {canDo('receive', order.status) && (
        <Button type="primary" onClick={() => actions.receive(order)}>
          确认收货
        </Button>
      )}
    </>
  );
}

function ReviewButton({
  order,
  item,
  onReview,
}: {
  order: Order;
  item: OrderItem;
  onReview: (i: OrderItem) => void;
}) {
  if (order.status !== ORDER_STATUS.COMPLETED) return null;
  if (item.reviewed) return <Tag>已评价</Tag>;
  return (
    <Button size="small" onClick={() => onReview(item)}>
      评价
    </Button>
  );
}

function Expiry({ order, now }: { order: Order; now: number }) {
  if (order.status !== ORDER_STATUS.AWAITING_PAYMENT || !order.expires_at) return null;
  // A transfer receipt waits for the shop: the timer is stopped until the shop decides.
  if (order.receipt_waiting === 1) return <ReceiptWaiting />;
  const left = secondsUntil(order.expires_at, now);
  return left > 0 ? (
    <Typography.Text type="warning">请在 {formatRemaining(left)} 内付款，超时订单将自动取消</Typography.Text>
  ) : (
    <Typography.Text type="secondary">已超过付款时间，订单即将自动取消</Typography.Text>
  );
}

function OrderCard({
  order,
  now,
  onDetail,
  onReview,
  actions,
}: {
  order: Order;
  now: number;
  onDetail: (id: number) => void;
  onReview: (i: OrderItem) => void;
  actions: MemberActions;
}) {
  const pieces = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <article className="my-order" aria-label={`订单 ${order.order_no}`}>
      <header className="my-order-head">
        <Space wrap size={[12, 0]}>
          <Typography.Text strong>订单号 {order.order_no}</Typography.Text>
          <Typography.Text type="secondary">{formatDateTime(order.create_time)}</Typography.Text>
        </Space>
        <OrderStatusTag status={order.status} />
      </header>
      <ul className="my-order-lines">
        {order.items.map((i) => (
          <li key={i.id}>
            <GoodsThumb src={i.cover} alt={i.name} size={56} />
            <div className="my-order-line-name">
              <Link to={goodsHref(i.goods_id)}>{i.name}</Link>
              {i.sku_text && <div className="my-order-line-meta">规格：{i.sku_text}</div>}
              <div className="my-order-line-meta">
                {formatYuan(i.price)} × {i.quantity}
              </div>
            </div>
            <ReviewButton order={order} item={i} onReview={onReview} />
          </li>
        ))}
      </ul>
      <footer className="my-order-foot">
        <div className="my-order-sum">
          <span>
            共 {pieces} 件，{order.discount_amount > 0 && `优惠 ${formatYuan(order.discount_amount)}，`}
            {payAmountLabel(order.status)}
          </span>
          <Typography.Text strong className="my-order-pay">
            {formatYuan(order.pay_amount)}
          </Typography.Text>
          <Typography.Text type="secondary">{order.payment_name}</Typography.Text>
        </div>
        <Expiry order={order} now={now} />
        <Space wrap className="my-order-actions">
          <Button onClick={() => onDetail(order.id)}>查看详情</Button>
          <MemberActionButtons order={order} actions={actions} />
        </Space>
      </footer>
    </article>
  );
}

/** 我的订单: state tabs with counts, orders with their actions, the detail drawer with the history. */
export function MyOrders({
  openId,
  onOpen,
  payError,
}: {
  openId: number | null;
  onOpen: (id: number | null) => void;
  /** The refusal's code when the payment provider sent the shopper back unpaid. */
  payError?: string | null;
}) {
  const [status, setStatus] = useState(0);
  const { page, pageSize, setPage, pagination } = usePaging();
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);
  const list = useOrders({ page, page_size: pageSize, status: status || undefined });
  const counts = useOrderCounts();
  const detail = useOrder(openId);
  const actions = useMemberActions();
  const rows = list.data?.results ?? [];
  const now = useNow(rows.some((o) => o.status === ORDER_STATUS.AWAITING_PAYMENT));

  const paging = list.data?.paging;
  useExistingPage(paging, page, setPage);

  const tabItems = STATUS_TABS.map((s) => {
    const n = countFor(counts.data, s);
    return {
      key: String(s),
      label: (
        <span>
          {s === 0 ? '全部' : ORDER_STATUS_NAMES[s]}
          {n !== undefined && n > 0 && <span className="my-order-count">{n}</span>}
        </span>
      ),
    };
  });

  return (
    <div>
      <Tabs
        activeKey={String(status)}
        items={tabItems}
        onChange={(k) => {
          setStatus(Number(k));
          setPage(1);
        }}
        aria-label="订单状态"
      />
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : rows.length === 0 ? (
        <QueryEmpty
          query={list}
          description={status === 0 ? '还没有订单，去商城逛逛吧' : `暂无${ORDER_STATUS_NAMES[status]}的订单`}
        />
      ) : (
        <div className="my-orders" aria-busy={list.isFetching}>
          {rows.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              now={now}
              onDetail={onOpen}
              onReview={setReviewing}
              actions={actions}
            />
          ))}
          <Pagination className="my-pagination" {...pagination(paging?.count ?? 0)} />
        </div>
      )}
      {rows.length === 0 && !list.isPending && !list.isError && (
        <div style={{ textAlign: 'center' }}>
          <Link to="/product">去商城逛逛</Link>
        </div>
      )}

      <OrderDetailDrawer
        detail={detail}
        open={openId !== null}
        onClose={() => onOpen(null)}
        notice={payErrorText(payError ?? null)}
        actions={(d) => (
          <Space>
            <MemberActionButtons order={d} actions={actions} />
          </Space>
        )}
      />
      <ReviewModal item={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
