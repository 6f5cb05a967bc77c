import type { OrderCreateResult } from '@portal/contract';
import { Alert, Button, Card, Descriptions, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PayOnlineButton, ReceiptGallery, TransferAccountView } from '#web/modules/payment/index.ts';
import { formatDateTime, formatYuan } from '#web/shared/format.ts';
import { useFocusOnMount } from '#web/shared/ui/useFocusOnMount.ts';
import { orderHref } from './links.ts';
import { orderKeys, useOrder } from './useOrders.ts';

/**
 * After 提交订单: the price changes (if any), the order number, the amount and how to pay. It takes
 * focus when it appears.
 */
export function OrderPlaced({ result }: { result: OrderCreateResult }) {
  const navigate = useNavigate();
  const { price_changes: changes } = result;
  // The order as it is now (a receipt uploaded here, a payment made): the placed one until it loads.
  const live = useOrder(result.order.id).data;
  const order = live ?? result.order;
  const awaiting = order.status === 1;
  const focusHere = useFocusOnMount<HTMLElement>();
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
