import type { OrderCreateResult } from '@portal/contract';
import { Alert, Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PayOnlineButton, ReceiptGallery, TransferAccountView } from '#web/modules/payment/index.ts';
import { formatDateTime, formatYuan } from '#web/shared/format.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useFocusOnMount } from '#web/shared/ui/useFocusOnMount.ts';
import { orderHref } from './links.ts';
import { orderKeys, useOrder } from './useOrders.ts';

/** What `/settle` puts in the history entry of the order it placed (price changes are in the reply only). */
const placedOf = (state: unknown, orderId: number): OrderCreateResult | undefined => {
  const placed = (state as { placed?: OrderCreateResult } | null)?.placed;
  return placed?.order.id === orderId ? placed : undefined;
};

/**
 * After 提交订单 (`/settle?placed=<id>`): the price changes (if any), the order number, the amount
 * and how to pay — the member's order loaded by its id, so a reload shows it again. It takes focus
 * when it appears.
 */
export function OrderPlaced({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const result = placedOf(useLocation().state, orderId);
  const changes = result?.price_changes ?? [];
  // The order as it is now (a receipt uploaded here, a payment made): the placed one until it loads.
  const query = useOrder(orderId);
  const order = query.data ?? result?.order;
  const focusHere = useFocusOnMount<HTMLElement>();
  if (!order)
    return (
      <Card>
        {query.isError ? (
          <QueryEmpty query={query} description="" />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Card>
    );
  const awaiting = order.status === 1;
  return (
    // Takes focus when it replaces the form, so the result is read out and Tab goes on from it.
    <Card ref={focusHere} className="placed" aria-label="订单提交成功" role="region">
      {changes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title="商品价格已变动，已按当前价格下单"
          description={
            <ul className="placed-changes">
              {changes.map((c) => (
                <li key={c.goods_id}>
                  {c.name}：{formatYuan(c.old_price)} → {formatYuan(c.new_price)}
                </li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Result
        status="success"
        title="订单提交成功"
        subTitle={`订单号：${order.order_no}`}
        extra={[
          ...(awaiting && order.payment_method === 'sandbox'
            ? [<PayOnlineButton key="pay" orderId={order.id} />]
            : []),
          <Button
            key="order"
            type={awaiting && order.payment_method === 'sandbox' ? 'default' : 'primary'}
            onClick={() => navigate(orderHref(order.id))}
          >
            查看订单
          </Button>,
          <Button key="shop" onClick={() => navigate('/product')}>
            继续购物
          </Button>,
        ]}
      />
      <div className="placed-info">
        <Descriptions
          column={1}
          size="small"
          bordered
          styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
          items={[
            { key: 'no', label: '订单号', children: order.order_no },
            {
              key: 'amount',
              label: '应付金额',
              children: <span className="placed-amount">{formatYuan(order.pay_amount)}</span>,
            },
            ...(order.discount_amount > 0
              ? [{ key: 'discount', label: '已优惠', children: formatYuan(order.discount_amount) }]
              : []),
            { key: 'method', label: '支付方式', children: order.payment_name || order.payment_method },
            ...(order.expires_at
              ? [{ key: 'expires', label: '付款截止', children: formatDateTime(order.expires_at) }]
              : []),
            { key: 'instructions', label: '付款说明', children: order.payment_instructions || '—' },
          ]}
        />
        {awaiting && order.transfer_account && (
          <TransferAccountView
            account={order.transfer_account}
            amount={order.pay_amount}
            orderNo={order.order_no}
          />
        )}
        {order.payment_method === 'bank_transfer' && (
          <ReceiptGallery order={order} viewer="member" queryKey={orderKeys.all} />
        )}
      </div>
    </Card>
  );
}
