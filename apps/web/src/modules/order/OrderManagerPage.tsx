import { hasAction, KEYWORD_MAX, ORDER_STATUS_NAMES, type Order, payAmountLabel } from '@portal/contract';
import { orderCalls } from '@portal/contract/calls';
import { App, Button, Card, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute, formatYuan } from '#web/shared/format.ts';
import { ExportButton, ExportJobs } from '#web/shared/resource/ListExport.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DayRange, type Days } from '#web/shared/ui/DayRange.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { usePermission } from '#web/shared/usePermission.ts';
import { itemName, OrderDetailDrawer, OrderStatusTag, ReceiptWaitingTag } from './OrderParts.tsx';
import { type StaffAction, staffActionName, staffActions } from './orderActions.ts';
import { ConfirmPaymentModal, type OrderTarget, RefundModal, ShipModal } from './StaffActionModals.tsx';
import { useManagedOrder, useManagedOrders, useStaffAction } from './useOrderAdmin.ts';
import './order.css';

const STATUS_OPTIONS = optionsOf(ORDER_STATUS_NAMES);
/** The order list's export: the file at once, or a job when the list is long (ADR 0037). */
const EXPORT_ROUTES = { export: orderCalls.manageExport, exportJob: orderCalls.manageExportJob };

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
  // The days the orders were placed (the company's days), both included: the list and its export.
  const [days, setDays] = useState<Days>({ from: '', to: '' });
  // Only the transfer orders whose receipt awaits confirmation (待确认收款).
  const [waiting, setWaiting] = useState(false);
  const { page, page_size, ...chosen } = filters.params;
  const exported = {
    ...chosen,
    receipt_waiting: waiting ? (1 as const) : undefined,
    date_from: days.from || undefined,
    date_to: days.to || undefined,
  };
  /** Exports started as jobs (over RESOURCE_EXPORT_DIRECT_MAX orders): shown above the list. */
  const [exports, setExports] = useState<number[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [shipping, setShipping] = useState<OrderTarget | null>(null);
  const [refunding, setRefunding] = useState<OrderTarget | null>(null);
  const [confirming, setConfirming] = useState<OrderTarget | null>(null);

  const list = useManagedOrders({ ...exported, page, page_size });
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
      title: '订单金额',
      dataIndex: 'pay_amount',
      align: 'right',
      render: (v: number, row) => (
        <div>
          <div className="order-cell-amount">
            <span className="order-cell-amount-label">{payAmountLabel(row.status)}</span> {formatYuan(v)}
          </div>
          <Typography.Text type="secondary">{row.payment_name || row.payment_method}</Typography.Text>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number, row) => (
        <Space size={4} wrap>
          <OrderStatusTag status={v} />
          {row.receipt_waiting === 1 && <ReceiptWaitingTag />}
        </Space>
      ),
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
      <ExportJobs routes={EXPORT_ROUTES} started={exports} />
      <FilteredList<Order>
        listFilters={filters}
        search={{
          label: '搜索订单',
          placeholder: '订单号 / 收货人 / 手机号',
          maxLength: KEYWORD_MAX,
          style: { width: 300 },
        }}
        status={{ label: '订单状态', options: STATUS_OPTIONS }}
        filters={
          <>
            <DayRange
              labels={['下单日期从', '下单日期到']}
              value={days}
              onChange={(d) => {
                setDays(d);
                filters.setPage(1);
              }}
            />
            <Checkbox
              checked={waiting}
              onChange={(e) => {
                setWaiting(e.target.checked);
                filters.setPage(1);
              }}
            >
              只看待确认收款
            </Checkbox>
          </>
        }
        aria-label="订单列表"
        columns={columns}
        query={list}
        empty={filters.filtered || days.from || days.to || waiting ? '没有符合条件的订单' : '暂无订单'}
      >
        {/* The list as it is filtered, as an Excel file: at once, or as a job when it is long. */}
        <ExportButton
          routes={EXPORT_ROUTES}
          query={exported}
          total={list.data?.paging.count}
          onStarted={(job) => setExports((ids) => [...ids, job.id])}
        />
      </FilteredList>
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
