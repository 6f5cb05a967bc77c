import {
  ORDER_STATUS_NAMES,
  type Order,
  type OrderDetail,
  type OrderEvent,
  type OrderItem,
  payAmountLabel,
} from '@portal/contract';
import {
  Alert,
  Descriptions,
  Drawer,
  Image,
  Space,
  type TableColumnsType,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { ReceiptGallery, TransferAccountView } from '#web/modules/payment/index.ts';
import { formatDateTime, formatYuan } from '#web/shared/format.ts';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty, type QueryState } from '#web/shared/ui/QueryEmpty.tsx';
import { eventActionName } from './orderEvents.ts';
import './order-view.css';

/** Tag colours of the order states (1 待付款 … 6 已退款). */
export const ORDER_STATUS_COLORS: Record<number, string> = {
  1: 'orange',
  2: 'blue',
  3: 'cyan',
  4: 'green',
  5: 'default',
  6: 'red',
};

/**
 * A bank-transfer order whose receipt awaits the shop (已上传凭证，等待商家确认): its payment timer
 * is stopped until the shop confirms the payment or cancels the order (docs/shop.md "Payment").
 */
export function ReceiptWaiting({ staff = false }: { staff?: boolean }) {
  return (
    <Typography.Text strong className="order-receipt-waiting">
      {staff
        ? '已上传凭证，等待确认收款（核对到账后请确认收款）'
        : '已上传凭证，等待商家确认；确认前订单不会超时取消'}
    </Typography.Text>
  );
}

/** The back office's mark of an order whose transfer receipt awaits confirmation. */
export function ReceiptWaitingTag() {
  return (
    <Tag color="gold" style={{ marginInlineEnd: 0 }}>
      待确认收款
    </Tag>
  );
}

export function OrderStatusTag({ status }: { status: number }) {
  return (
    <Tag color={ORDER_STATUS_COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {ORDER_STATUS_NAMES[status] ?? `状态${status}`}
    </Tag>
  );
}

/** The goods image of a line, or a grey square when it has none. */
export function GoodsThumb({ src, alt, size = 48 }: { src: string; alt: string; size?: number }) {
  if (!src) return <div className="order-thumb order-thumb--empty" style={{ width: size, height: size }} />;
  return (
    <Image
      src={src}
      alt={alt}
      width={size}
      height={size}
      className="order-thumb"
      preview={false}
      style={{ objectFit: 'contain' }}
    />
  );
}

/** A line's goods with the specification bought ("T恤（红色 / L）"). */
export const itemName = (i: Pick<OrderItem, 'name' | 'sku_text'>) =>
  i.sku_text ? `${i.name}（${i.sku_text}）` : i.name;

/** The lines of an order. */
export function OrderItemsTable({ items }: { items: readonly OrderItem[] }) {
  const columns: TableColumnsType<OrderItem> = [
    {
      title: '商品',
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space>
          <GoodsThumb src={row.cover} alt={name} size={40} />
          <span>
            <Typography.Text>{name}</Typography.Text>
            {row.sku_text && (
              <Typography.Text type="secondary" className="order-item-sku">
                规格：{row.sku_text}
              </Typography.Text>
            )}
          </span>
        </Space>
      ),
    },
    { title: '单价', dataIndex: 'price', align: 'right', width: 100, render: (v: number) => formatYuan(v) },
    { title: '数量', dataIndex: 'quantity', align: 'right', width: 64 },
    { title: '小计', dataIndex: 'amount', align: 'right', width: 110, render: (v: number) => formatYuan(v) },
  ];
  return <DetailTable<OrderItem> aria-label="订单商品" columns={columns} dataSource={[...items]} />;
}

/** 商品金额 − 优惠 = 应付 (unpaid) or 实付 (paid): `payAmountLabel`. */
export function OrderAmounts({ order }: { order: Order }) {
  return (
    <div className="order-amounts">
      <div>
        <span>商品金额</span>
        <span>{formatYuan(order.goods_amount)}</span>
      </div>
      <div>
        <span>优惠{order.coupon_name ? `（${order.coupon_name}）` : ''}</span>
        <span>-{formatYuan(order.discount_amount)}</span>
      </div>
      <div className="order-amounts-pay">
        <span>{payAmountLabel(order.status)}金额</span>
        <span>{formatYuan(order.pay_amount)}</span>
      </div>
    </div>
  );
}

const statusText = (s: number | null) => (s === null ? '' : (ORDER_STATUS_NAMES[s] ?? `状态${s}`));

/** The order's history, oldest first: what happened, who did it, when. */
export function OrderEvents({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) return <Typography.Text type="secondary">暂无记录</Typography.Text>;
  return (
    <Timeline
      items={events.map((e, i) => ({
        key: i,
        color: ORDER_STATUS_COLORS[e.to_status] === 'default' ? 'gray' : ORDER_STATUS_COLORS[e.to_status],
        content: (
          <div>
            <Typography.Text strong>
              {e.action ? eventActionName(e.action) : statusText(e.to_status)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {'　'}
              {e.from_status === null
                ? statusText(e.to_status)
                : `${statusText(e.from_status)} → ${statusText(e.to_status)}`}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {formatDateTime(e.create_time)}
                {e.actor_name ? `　${e.actor_name}` : ''}
              </Typography.Text>
            </div>
            {e.note && <div className="order-event-note">{e.note}</div>}
          </div>
        ),
      }))}
    />
  );
}

/** Everything about one order: state, address, payment, shipping, lines, amounts, history. */
export function OrderDetailView({ order, extraInfo }: { order: OrderDetail; extraInfo?: boolean }) {
  const info = [
    { key: 'no', label: '订单号', children: <Typography.Text copyable>{order.order_no}</Typography.Text> },
    { key: 'status', label: '状态', children: <OrderStatusTag status={order.status} /> },
    { key: 'time', label: '下单时间', children: formatDateTime(order.create_time) },
    ...(extraInfo ? [{ key: 'user', label: '会员', children: order.user_name || '—' }] : []),
    ...(order.status === 1 && order.expires_at
      ? [
          {
            key: 'expires',
            label: '付款截止',
            children:
              order.receipt_waiting === 1 ? (
                <ReceiptWaiting staff={extraInfo} />
              ) : (
                formatDateTime(order.expires_at)
              ),
          },
        ]
      : []),
    {
      key: 'consignee',
      label: '收货人',
      children: `${order.consignee_name}　${order.consignee_mobile}`,
    },
    { key: 'address', label: '收货地址', children: order.consignee_address },
    { key: 'payment', label: '支付方式', children: order.payment_name || order.payment_method },
    ...(order.shipping_company || order.tracking_no
      ? [{ key: 'ship', label: '物流', children: `${order.shipping_company}　${order.tracking_no}` }]
      : []),
    ...(order.remark ? [{ key: 'remark', label: '备注', children: order.remark }] : []),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions column={1} size="small" bordered items={info} />
      {order.status === 1 && order.payment_instructions && (
        <div className="order-instructions">
          <Typography.Text strong>付款说明</Typography.Text>
          <div>{order.payment_instructions}</div>
        </div>
      )}
      {order.status === 1 && order.transfer_account && (
        <TransferAccountView
          account={order.transfer_account}
          amount={order.pay_amount}
          orderNo={order.order_no}
        />
      )}
      {order.payment_method === 'bank_transfer' && (
        <ReceiptGallery order={order} viewer={extraInfo ? 'staff' : 'member'} />
      )}
      <OrderItemsTable items={order.items} />
      <OrderAmounts order={order} />
      <div>
        <Typography.Title level={5}>订单记录</Typography.Title>
        <OrderEvents events={order.events} />
      </div>
    </Space>
  );
}

/**
 * An order's detail in a drawer (我的订单, 订单管理): titled with the order number once loaded, a
 * spinner while loading, 订单不存在 (or the failure with a retry) when there is none. `actions`
 * makes the header buttons of the loaded order.
 */
export function OrderDetailDrawer({
  detail,
  open,
  onClose,
  actions,
  extraInfo = false,
  notice,
}: {
  detail: QueryState & { isPending: boolean; data?: OrderDetail | undefined };
  open: boolean;
  onClose: () => void;
  actions: (order: OrderDetail) => ReactNode;
  extraInfo?: boolean;
  /** A message above the order (a payment the provider could not complete). */
  notice?: string | null;
}) {
  const d = detail.data;
  return (
    <Drawer
      title={d ? `订单详情 · ${d.order_no}` : '订单详情'}
      rootClassName="order-drawer"
      open={open}
      onClose={onClose}
      size="min(640px, 100vw)"
      destroyOnHidden
      extra={d ? actions(d) : null}
    >
      {detail.isPending ? (
        <PageSpin />
      ) : d ? (
        <>
          {notice && <Alert type="error" showIcon role="alert" title={notice} style={{ marginBottom: 16 }} />}
          <OrderDetailView order={d} extraInfo={extraInfo} />
        </>
      ) : (
        <QueryEmpty query={detail} description="订单不存在" />
      )}
    </Drawer>
  );
}
