import { hasAction, KEYWORD_MAX, ORDER_STATUS_NAMES, type Order } from '@portal/contract';
import { App, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute, formatYuan } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { usePermission } from '#web/shared/usePermission.ts';
import { itemName, OrderDetailDrawer, OrderStatusTag } from './OrderParts.tsx';
import { type StaffAction, staffActionName, staffActions } from './orderActions.ts';
import { ConfirmPaymentModal, type OrderTarget, RefundModal, ShipModal } from './StaffActionModals.tsx';
import { useManagedOrder, useManagedOrders, useStaffAction } from './useOrderAdmin.ts';
import './order.css';

const STATUS_OPTIONS = optionsOf(ORDER_STATUS_NAMES);

/** One place for the actions, so the row and the drawer behave the same. */
function useRunAction(open: {
  pay: (o: OrderTarget) => void;
  ship: (o: OrderTarget) => void;
  refund: (o: OrderTarget) => void;
}) {
  const { modal } = App.useApp();
  const act = useStaffAction();
  return (action: StaffAction, order: OrderTarget & { pay_amount: number }) => {
    if (action === 'pay') return open.pay(order);
    if (action === 'ship') return open.ship(order);
    if (action === 'refund') return open.refund(order);
    const run = (done: string) => () =>
      act
        .mutateAsync({ action, id: order.id })
        .then(() => toastSuccess(done))
        .catch(() => {});
    return confirmDanger(modal, {
      title: `确定取消订单 ${order.order_no} 吗？`,
      content: '取消后库存和优惠券将退回，此操作不可撤销。',
      okText: '取消订单',
      cancelText: '再想想',
      onOk: run('订单已取消'),
    });
  };
}

function ActionButtons({
  order,
  actions,
  run,
  size,
}: {
  order: Order;
  actions: StaffAction[];
  run: (a: StaffAction, o: Order) => void;
  size?: 'small';
}) {
  return actions.map((a) => (
    <Button
      key={a}
      type={size ? 'link' : a === 'pay' || a === 'ship' ? 'primary' : 'default'}
      danger={a === 'cancel' || a === 'refund'}
      size={size}
      onClick={() => run(a, order)}
    >
      {staffActionName(a)}
    </Button>
  ));
}

/** 订单列表 (/crm/order_manager, in the 订单管理 group): search, filter, detail with history, state changes by permission. */
export function OrderManagerPage() {
  const { perm } = usePermission();
  const can = (codename: string) => hasAction(perm, 'order', codename);

  const filters = useListFilters();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [shipping, setShipping] = useState<OrderTarget | null>(null);
  const [refunding, setRefunding] = useState<OrderTarget | null>(null);
  const [confirming, setConfirming] = useState<OrderTarget | null>(null);

  const list = useManagedOrders(filters.params);
  const detail = useManagedOrder(detailId);
  const run = useRunAction({ pay: setConfirming, ship: setShipping, refund: setRefunding });

  const columns: ListColumns<Order> = [
    {
      title: '订单号 / 下单时间',
      dataIndex: 'order_no',
      phone: 'title',
      render: (v: string, row) => (
        <div>
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            onClick={() => setDetailId(row.id)}
          >
            {v}
          </Button>
          <div>
            <Typography.Text type="secondary">{formatMinute(row.create_time)}</Typography.Text>
          </div>
        </div>
      ),
    },
    { title: '会员', dataIndex: 'user_name', render: (v: string) => v || '—' },
    {
      title: '收货人',
      key: 'consignee',
      render: (_: unknown, row) => (
        <div>
          <div>{row.consignee_name}</div>
          <Typography.Text type="secondary">{row.consignee_mobile}</Typography.Text>
        </div>
      ),
    },
    {
      title: '商品',
      key: 'items',
      render: (_: unknown, row) => {
        const first = row.items[0];
        const count = row.items.reduce((n, i) => n + i.quantity, 0);
        return (
          <Typography.Text
            ellipsis={{ tooltip: row.items.map((i) => `${itemName(i)} × ${i.quantity}`).join('，') }}
            style={{ maxWidth: 200 }}
          >
            {first
              ? `${itemName(first)}${row.items.length > 1 ? ` 等${row.items.length}种` : ''}，共${count}件`
              : '—'}
          </Typography.Text>
        );
      },
    },
    {
      title: '实付金额',
      dataIndex: 'pay_amount',
      align: 'right',
      render: (v: number, row) => (
        <div>
          <div className="order-cell-amount">{formatYuan(v)}</div>
          <Typography.Text type="secondary">{row.payment_name || row.payment_method}</Typography.Text>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number) => <OrderStatusTag status={v} />,
    },
    actionsColumn((row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setDetailId(row.id)}>
          详情
        </Button>
        <ActionButtons order={row} actions={staffActions(row.status, can)} run={run} size="small" />
      </Space>
    )),
  ];

  return (
    <Card title="订单列表">
      <FilteredList<Order>
        listFilters={filters}
        search={{
          label: '搜索订单',
          placeholder: '订单号 / 收货人 / 手机号',
          maxLength: KEYWORD_MAX,
          style: { width: 300 },
        }}
        status={{ label: '订单状态', options: STATUS_OPTIONS }}
        aria-label="订单列表"
        columns={columns}
        query={list}
        empty="暂无订单"
      />
      <OrderDetailDrawer
        detail={detail}
        open={detailId !== null}
        onClose={() => setDetailId(null)}
        extraInfo
        actions={(d) => {
          const detailActions = staffActions(d.status, can);
          return detailActions.length > 0 ? (
            <Space>
              <ActionButtons order={d} actions={detailActions} run={run} />
            </Space>
          ) : null;
        }}
      />
      <ConfirmPaymentModal order={confirming} onClose={() => setConfirming(null)} />
      <ShipModal order={shipping} onClose={() => setShipping(null)} />
      <RefundModal order={refunding} onClose={() => setRefunding(null)} />
    </Card>
  );
}
