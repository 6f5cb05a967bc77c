import { orderNoteBody, orderRefundBody, orderShipBody } from '@portal/contract';
import { Descriptions, Form, Input, Skeleton } from 'antd';
import { ReceiptGallery, TransferAccountView } from '#web/modules/payment/index.ts';
import { formatYuan } from '#web/shared/format.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useManagedOrder, useStaffAction } from './useOrderAdmin.ts';

/** The order a dialog acts on. */
export interface OrderTarget {
  id: number;
  order_no: string;
}

const SHIP_FIELDS = ['shipping_company', 'tracking_no'] as const;
const { shipping_company, tracking_no } = orderShipBody.shape;

/** 发货: 物流公司 + 运单号. */
export function ShipModal({ order, onClose }: { order: OrderTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<{ shipping_company: string; tracking_no: string }>();
  const act = useStaffAction();
  const submit = (v: { shipping_company: string; tracking_no: string }) => {
    if (!order) return;
    act.mutate(
      {
        action: 'ship',
        id: order.id,
        shipping_company: v.shipping_company.trim(),
        tracking_no: v.tracking_no.trim(),
      },
      savedWithToast(form, SHIP_FIELDS, '已发货', () => onClose()),
    );
  };
  return (
    <FormModal
      form={form}
      name="ship"
      label="发货"
      onFinish={submit}
      formProps={{ clearOnDestroy: true }}
      title={`发货 · ${order?.order_no ?? ''}`}
      open={order !== null}
      onCancel={onClose}
      okText="确认发货"
      ok={{ loading: act.isPending }}
    >
      <Form.Item label="物流公司" name="shipping_company" required rules={[zodRule(shipping_company)]}>
        <Input placeholder="如：顺丰速运" maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item label="运单号" name="tracking_no" required rules={[zodRule(tracking_no)]}>
        <Input placeholder="请输入运单号" maxLength={50} />
      </Form.Item>
    </FormModal>
  );
}

/** 退款: the reason is required and kept in the order's history. */
export function RefundModal({ order, onClose }: { order: OrderTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const act = useStaffAction();
  const submit = (v: { note: string }) => {
    if (!order) return;
    act.mutate(
      { action: 'refund', id: order.id, note: v.note.trim() },
      savedWithToast(form, ['note'], '已退款', () => onClose()),
    );
  };
  return (
    <FormModal
      form={form}
      name="refund"
      label="退款"
      onFinish={submit}
      formProps={{ clearOnDestroy: true }}
      title={`退款 · ${order?.order_no ?? ''}`}
      open={order !== null}
      onCancel={onClose}
      okText="确认退款"
      ok={{ loading: act.isPending, danger: true }}
    >
      <p>退款后库存将退回，已使用的优惠券不退还。此操作不可撤销。</p>
      <Form.Item label="退款原因" name="note" required rules={[zodRule(orderRefundBody.shape.note)]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="请输入退款原因" autoFocus />
      </Form.Item>
    </FormModal>
  );
}

/**
 * 确认收款: the amount, the method and — for a transfer — the receipts the member uploaded and the
 * account it should have reached, so staff compare them with the bank before confirming.
 */
export function ConfirmPaymentModal({ order, onClose }: { order: OrderTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<{ note?: string }>();
  const act = useStaffAction();
  const detail = useManagedOrder(order?.id ?? null);
  const d = detail.data;
  const submit = (v: { note?: string }) => {
    if (!order) return;
    act.mutate(
      { action: 'pay', id: order.id, note: v.note?.trim() || undefined },
      savedWithToast(form, ['note'], '已确认收款', () => onClose()),
    );
  };
  return (
    <FormModal
      form={form}
      name="confirm-payment"
      label="确认收款"
      onFinish={submit}
      formProps={{ clearOnDestroy: true }}
      title={`确认收款 · ${order?.order_no ?? ''}`}
      open={order !== null}
      onCancel={onClose}
      okText="确认收款"
      ok={{ loading: act.isPending, disabled: !d }}
      width={600}
    >
      {!d ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="confirm-payment">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'amount', label: '应收金额', children: <strong>{formatYuan(d.pay_amount)}</strong> },
              { key: 'method', label: '支付方式', children: d.payment_name },
              { key: 'user', label: '会员', children: `${d.user_name || '—'}　${d.consignee_mobile}` },
            ]}
          />
          {d.payment_method === 'bank_transfer' && (
            <>
              {d.transfer_account && (
                <TransferAccountView account={d.transfer_account} orderNo={d.order_no} />
              )}
              <ReceiptGallery order={d} viewer="staff" />
            </>
          )}
          <p>请核对银行到账后再确认；确认后订单进入待发货。</p>
        </div>
      )}
      <Form.Item label="备注" name="note" rules={[zodRule(orderNoteBody.shape.note)]}>
        <Input placeholder="选填：如银行流水号" maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
