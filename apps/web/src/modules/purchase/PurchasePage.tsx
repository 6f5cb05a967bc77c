import {
  KEYWORD_MAX,
  PURCHASE_STATUS,
  type Purchase,
  type PurchaseDetail,
  type PurchaseLine,
  purchaseFields,
  purchaseLineFields,
  purchaseReturnFields,
} from '@portal/contract';
import { purchaseCalls, stockCalls } from '@portal/contract/calls';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  GoodsSelect,
  SkuField,
  SupplierSelect,
  useMayCheck,
  WarehouseSelect,
} from '#web/modules/stock/index.ts';
import { api, isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { companyToday, formatMinute, formatYuan, yuanToCents } from '#web/shared/format.ts';
import { ExportButton, ExportJobs } from '#web/shared/resource/ListExport.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DayRange, type Days } from '#web/shared/ui/DayRange.tsx';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { useNarrow } from '#web/shared/ui/useNarrow.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCan } from '#web/shared/usePermission.ts';
import { usePurchase, usePurchases, usePurchaseWrite } from './usePurchases.ts';
import './purchase.css';

const STATUS_COLORS: Record<number, string> = {
  0: 'default',
  1: 'blue',
  2: 'orange',
  3: 'green',
  4: 'default',
};
const statusTag = (p: { status: number; status_name: string }) => (
  <Tag color={STATUS_COLORS[p.status]}>{p.status_name}</Tag>
);
const goodsLabel = (r: { goods_name: string; spec_text: string }) =>
  r.spec_text ? `${r.goods_name}（${r.spec_text}）` : r.goods_name;

// ——— 采购单 form ———

interface LineValues {
  goods_id?: number;
  sku_id?: number;
  quantity?: number;
  price_yuan?: number;
}
interface OrderValues {
  supplier_id?: number;
  warehouse_id?: number;
  expected_date?: string;
  remark?: string;
  lines: LineValues[];
}

/** One line of the order form: goods (searched), its specification when it has some, quantity, price. */
function LineFields({
  form,
  index,
  known,
  onRemove,
  removable,
}: {
  form: FormInstance<OrderValues>;
  index: number;
  known: Map<number, string>;
  onRemove: () => void;
  removable: boolean;
}) {
  const goodsId = Form.useWatch(['lines', index, 'goods_id'], form);
  const knownLabel = goodsId === undefined ? undefined : known.get(goodsId);
  const n = index + 1;
  return (
    <fieldset className="purchase-line" aria-label={`第${n}行`}>
      <legend>第{n}行</legend>
      <Form.Item
        label="商品"
        name={[index, 'goods_id']}
        required
        rules={[zodRule(purchaseLineFields.goods_id)]}
      >
        <GoodsSelect
          known={goodsId !== undefined && knownLabel ? { value: goodsId, label: knownLabel } : undefined}
          onChange={() => form.setFieldValue(['lines', index, 'sku_id'], undefined)}
        />
      </Form.Item>
      <SkuField goodsId={goodsId} name={[index, 'sku_id']} />
      <Space wrap align="start">
        <Form.Item
          label="采购数量"
          name={[index, 'quantity']}
          required
          rules={[zodRule(purchaseLineFields.quantity)]}
        >
          <InputNumber controls={false} min={1} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          label="单价（元）"
          name={[index, 'price_yuan']}
          required
          rules={[{ required: true, message: '单价不能为空' }]}
        >
          <InputNumber controls={false} min={0} precision={2} style={{ width: 140 }} placeholder="0.00" />
        </Form.Item>
        {removable && (
          <Button className="purchase-line-remove" onClick={onRemove} aria-label={`删除第${n}行`}>
            删除此行
          </Button>
        )}
      </Space>
    </fieldset>
  );
}

function OrderForm({
  row,
  open,
  onClose,
}: {
  row: PurchaseDetail | null;
  open: boolean;
  onClose: (saved?: PurchaseDetail) => void;
}) {
  const [form] = Form.useForm<OrderValues>();
  const [linesError, setLinesError] = useState('');
  const lines = Form.useWatch('lines', form) ?? [];
  const total = lines.reduce((s, l) => s + (l?.quantity ?? 0) * (yuanToCents(l?.price_yuan ?? 0) ?? 0), 0);
  const known = new Map((row?.lines ?? []).map((l) => [l.goods_id, l.goods_name]));
  const save = usePurchaseWrite((v: OrderValues) => {
    const input = {
      supplier_id: v.supplier_id as number,
      warehouse_id: v.warehouse_id,
      expected_date: v.expected_date || undefined,
      remark: v.remark?.trim() ?? '',
      // A form post carries no nesting: the lines go as their JSON text (the contract reads it).
      lines: JSON.stringify(
        v.lines.map((l) => ({
          goods_id: l.goods_id,
          sku_id: l.sku_id ?? 0,
          quantity: l.quantity,
          unit_price: yuanToCents(l.price_yuan ?? 0) ?? 0,
        })),
      ) as never,
    };
    return row
      ? api.call(purchaseCalls.update, { id: row.id, ...input }, { toast: 'unlessField' })
      : api.call(purchaseCalls.add, input, { toast: 'unlessField' });
  });
  const initial: OrderValues = row
    ? {
        supplier_id: row.supplier_id,
        warehouse_id: row.warehouse_id,
        expected_date: row.expected_date || undefined,
        remark: row.remark,
        lines: row.lines.map((l) => ({
          goods_id: l.goods_id,
          sku_id: l.sku_id || undefined,
          quantity: l.quantity,
          price_yuan: l.unit_price / 100,
        })),
      }
    : { lines: [{}] };
  return (
    <FormModal<OrderValues>
      form={form}
      name="purchase-form"
      label={row ? '编辑采购单' : '新建采购单'}
      title={row ? `编辑采购单 ${row.order_no}` : '新建采购单'}
      open={open}
      width={720}
      onCancel={() => onClose()}
      onFinish={(v) => {
        setLinesError('');
        save.mutate(v, {
          onSuccess: (saved) => {
            toastSuccess(row ? '采购单已保存' : `已新建采购单 ${saved.order_no}`);
            onClose(saved);
          },
          onError: (e) => {
            if (isApiError(e) && e.field === 'lines') setLinesError(e.m);
            else showFieldError(form, e, ['supplier_id', 'warehouse_id', 'expected_date', 'remark']);
          },
        });
      }}
      okText="保存"
      ok={{ loading: save.isPending }}
      formProps={{ preserve: false, initialValues: initial }}
    >
      <Form.Item label="供应商" name="supplier_id" required rules={[zodRule(purchaseFields.supplier_id)]}>
        <SupplierSelect known={row ? { value: row.supplier_id, label: row.supplier_name } : undefined} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item label="到货仓库" name="warehouse_id">
          <WarehouseSelect allowClear={CLEARABLE} placeholder="默认仓库" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="预计到货日期" name="expected_date" rules={[zodRule(purchaseFields.expected_date)]}>
          <Input type="date" style={{ width: 180 }} />
        </Form.Item>
      </Space>
      <Form.List name="lines">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((f) => (
              <LineFields
                key={f.key}
                form={form}
                index={f.name}
                known={known}
                removable={fields.length > 1}
                onRemove={() => remove(f.name)}
              />
            ))}
            <Form.ErrorList errors={errors} />
            {linesError && (
              <Typography.Paragraph type="danger" role="alert">
                {linesError}
              </Typography.Paragraph>
            )}
            <Space wrap className="purchase-form-foot">
              <Button onClick={() => add({})}>添加商品</Button>
              <span aria-live="polite">
                合计 <strong>{formatYuan(total)}</strong>
              </span>
            </Space>
          </>
        )}
      </Form.List>
      <Form.Item label="备注" name="remark" rules={[zodRule(purchaseFields.remark)]}>
        <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
      </Form.Item>
    </FormModal>
  );
}

// ——— 到货入库 and 退货 ———

interface QuantityValues {
  q: Record<string, number | null>;
  input_date?: string;
  remark?: string;
  reason?: string;
}

/**
 * 到货入库 (what is still to come, by default all of it) or 退货 (what checked records brought in,
 * by default none): a quantity per line, then a confirmation.
 */
function QuantitiesDialog({
  order,
  kind,
  onClose,
}: {
  order: PurchaseDetail;
  kind: 'receive' | 'return';
  onClose: () => void;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<QuantityValues>();
  const [linesError, setLinesError] = useState('');
  const receive = kind === 'receive';
  const maxOf = (l: PurchaseLine) => (receive ? l.quantity - l.received_qty : l.returnable_qty);
  const lines = order.lines.filter((l) => maxOf(l) > 0);
  const write = usePurchaseWrite((v: QuantityValues) => {
    const quantities = JSON.stringify(
      lines.map((l) => ({ line_id: l.id, quantity: v.q[String(l.id)] ?? 0 })),
    ) as never;
    return receive
      ? api.call(
          purchaseCalls.receive,
          { id: order.id, lines: quantities, input_date: v.input_date, remark: v.remark?.trim() ?? '' },
          { toast: 'unlessField' },
        )
      : api.call(
          purchaseCalls.return,
          { id: order.id, lines: quantities, reason: v.reason?.trim() ?? '' },
          { toast: 'unlessField' },
        );
  });
  const fields = ['lines', 'input_date', 'remark', 'reason'];
  const submit = (v: QuantityValues) => {
    const n = lines.reduce((s, l) => s + (v.q[String(l.id)] ?? 0), 0);
    if (n === 0) {
      setLinesError(receive ? '请至少填写一种商品的到货数量' : '请至少填写一种商品的退货数量');
      return;
    }
    setLinesError('');
    const run = () =>
      write
        .mutateAsync(v)
        .then(() => {
          toastSuccess(receive ? `已到货入库 ${n}，入库单待审核` : `已退货 ${n}`);
          onClose();
        })
        .catch((e) => {
          if (isApiError(e) && e.field === 'lines') setLinesError(e.m);
          else showFieldError(form, e, fields);
        });
    if (receive)
      modal.confirm({
        title: `确定采购单 ${order.order_no} 到货入库 ${n} 吗？`,
        content: `将为每种到货商品生成一张待审核的入库单，由其他人审核后计入「${order.warehouse_name}」的库存。`,
        okText: '确认入库',
        cancelText: '取消',
        autoFocusButton: 'cancel',
        onOk: run,
      });
    else
      confirmDanger(modal, {
        title: `确定向${order.supplier_name}退货 ${n} 吗？`,
        content: `退货的商品从「${order.warehouse_name}」出库，记入库存流水，不能撤销。`,
        okText: '确认退货',
        onOk: run,
      });
  };
  const title = receive ? `到货入库 · ${order.order_no}` : `退货 · ${order.order_no}`;
  return (
    <FormModal<QuantityValues>
      form={form}
      name={receive ? 'purchase-receive-form' : 'purchase-return-form'}
      label={receive ? '到货入库' : '退货'}
      title={title}
      open
      width={640}
      onCancel={onClose}
      onFinish={submit}
      okText={receive ? '入库' : '退货'}
      ok={{ loading: write.isPending, danger: !receive }}
      formProps={{
        preserve: false,
        initialValues: {
          q: Object.fromEntries(lines.map((l) => [String(l.id), receive ? maxOf(l) : 0])),
          input_date: companyToday(),
        },
      }}
    >
      {lines.map((l) => (
        <Form.Item
          key={l.id}
          label={`${goodsLabel(l)} ${receive ? '到货数量' : '退货数量'}`}
          name={['q', String(l.id)]}
          extra={
            receive
              ? `采购 ${l.quantity}，已到货 ${l.received_qty}，最多 ${maxOf(l)}`
              : `已审核入库 ${l.returned_qty + l.returnable_qty}，已退货 ${l.returned_qty}，最多可退 ${maxOf(l)}`
          }
        >
          <InputNumber controls={false} min={0} max={maxOf(l)} precision={0} style={{ width: 140 }} />
        </Form.Item>
      ))}
      {linesError && (
        <Typography.Paragraph type="danger" role="alert">
          {linesError}
        </Typography.Paragraph>
      )}
      {receive ? (
        <>
          <Form.Item label="入库日期" name="input_date" required>
            <Input type="date" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="备注" name="remark">
            <Input maxLength={200} placeholder="选填，如：送货单号" />
          </Form.Item>
        </>
      ) : (
        <Form.Item label="退货原因" name="reason" required rules={[zodRule(purchaseReturnFields.reason)]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：包装破损、型号不符" />
        </Form.Item>
      )}
    </FormModal>
  );
}

// ——— detail ———

function PurchaseDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (order: PurchaseDetail) => void;
}) {
  const { modal } = App.useApp();
  const narrow = useNarrow();
  const query = usePurchase(id);
  const order = query.data;
  const [dialog, setDialog] = useState<'receive' | 'return' | null>(null);
  const canChange = useCan('purchase', 'change_purchase');
  const canReceive = useCan('purchase', 'receive_purchase');
  const canDelete = useCan('purchase', 'delete_purchase');
  const canViewStock = useCan('stock', 'view_stock');
  const submit = usePurchaseWrite((n: number) => api.call(purchaseCalls.submit, { id: n }));
  const cancel = usePurchaseWrite((n: number) => api.call(purchaseCalls.cancel, { id: n }));
  const remove = usePurchaseWrite((n: number) => api.call(purchaseCalls.remove, { id: n }));
  const stockIn = usePurchaseWrite((n: number) => api.call(stockCalls.approve, { id: n }));
  const mayCheck = useMayCheck();
  // 到货入库 only while something is still to come (the server refuses more than was ordered).
  const toCome = order?.lines.some((l) => l.received_qty < l.quantity) ?? false;

  const actions = order && (
    <Space wrap>
      {canChange && order.status === 0 && <Button onClick={() => onEdit(order)}>编辑</Button>}
      {canChange && order.status === 0 && (
        <Button
          type="primary"
          onClick={() =>
            modal.confirm({
              title: `确定下单采购单 ${order.order_no} 吗？`,
              content: `下单后向${order.supplier_name}采购 ${order.total_quantity}，金额 ${formatYuan(order.total_amount)}；下单后不能再修改。`,
              okText: '确认下单',
              cancelText: '取消',
              autoFocusButton: 'cancel',
              onOk: () =>
                submit
                  .mutateAsync(order.id)
                  .then(() => toastSuccess(`采购单 ${order.order_no} 已下单`))
                  .catch(() => {}),
            })
          }
        >
          下单
        </Button>
      )}
      {canReceive && (order.status === 1 || order.status === 2) && toCome && (
        <Button type="primary" onClick={() => setDialog('receive')}>
          到货入库
        </Button>
      )}
      {canReceive && order.lines.some((l) => l.returnable_qty > 0) && (
        <Button onClick={() => setDialog('return')}>退货</Button>
      )}
      {canChange && order.status <= 2 && (
        <Button
          danger
          onClick={() =>
            confirmDanger(modal, {
              title: `确定取消采购单 ${order.order_no} 吗？`,
              content: '取消后未到货的商品不再到货，采购单不能再下单或入库。',
              okText: '取消采购单',
              cancelText: '不取消',
              onOk: () =>
                cancel
                  .mutateAsync(order.id)
                  .then(() => toastSuccess(`采购单 ${order.order_no} 已取消`))
                  .catch(() => {}),
            })
          }
        >
          取消采购单
        </Button>
      )}
      {canDelete && order.status === 0 && (
        <Button
          danger
          onClick={() =>
            confirmDanger(modal, {
              title: `确定删除草稿 ${order.order_no} 吗？`,
              content: '删除后不能恢复。',
              okText: '删除',
              onOk: () =>
                remove
                  .mutateAsync(order.id)
                  .then(() => {
                    toastSuccess(`采购单 ${order.order_no} 已删除`);
                    onClose();
                  })
                  .catch(() => {}),
            })
          }
        >
          删除
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={narrow ? '100%' : 760}
      title={order ? `采购单 ${order.order_no}` : '采购单'}
      destroyOnHidden
    >
      {query.isError ? (
        <Empty description="加载失败">
          <Button onClick={() => query.refetch()}>重试</Button>
        </Empty>
      ) : !order ? (
        <PageSpin />
      ) : (
        <div className="purchase-detail">
          {actions}
          <Descriptions size="small" column={narrow ? 1 : 2} bordered>
            <Descriptions.Item label="状态">{statusTag(order)}</Descriptions.Item>
            <Descriptions.Item label="供应商">{order.supplier_name}</Descriptions.Item>
            <Descriptions.Item label="到货仓库">{order.warehouse_name}</Descriptions.Item>
            <Descriptions.Item label="预计到货">{order.expected_date || '—'}</Descriptions.Item>
            <Descriptions.Item label="金额">{formatYuan(order.total_amount)}</Descriptions.Item>
            <Descriptions.Item label="制单人">{order.maker_name}</Descriptions.Item>
            <Descriptions.Item label="备注">{order.remark || '—'}</Descriptions.Item>
          </Descriptions>

          <Typography.Title level={5}>采购明细</Typography.Title>
          <DetailTable<PurchaseLine>
            aria-label="采购明细"
            dataSource={order.lines}
            columns={[
              { title: '商品', key: 'goods', render: (_: unknown, l) => goodsLabel(l) },
              { title: '采购', dataIndex: 'quantity', align: 'right' },
              {
                title: '单价',
                dataIndex: 'unit_price',
                align: 'right',
                render: (v: number) => formatYuan(v),
              },
              { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
              { title: '已到货', dataIndex: 'received_qty', align: 'right' },
              { title: '已入库', dataIndex: 'stocked_qty', align: 'right' },
              { title: '已退货', dataIndex: 'returned_qty', align: 'right' },
            ]}
          />

          <Typography.Title level={5}>到货入库</Typography.Title>
          {order.receipts.length === 0 ? (
            <Typography.Paragraph type="secondary">还没有到货</Typography.Paragraph>
          ) : (
            <ul className="purchase-events" aria-label="到货记录">
              {order.receipts.map((r) => (
                <li key={r.id}>
                  <div>
                    {formatMinute(r.create_time)} · {r.created_by_name} · 到货 {r.quantity}
                    {r.remark && ` · ${r.remark}`}
                  </div>
                  <ul>
                    {r.inputs.map((i) => (
                      <li key={i.id}>
                        入库单 {i.input_no} · {goodsLabel(i)} × {i.quantity}{' '}
                        {i.status === 1 ? (
                          <Tag color="green">已审核（{i.checked_by_name}）</Tag>
                        ) : (
                          <>
                            <Tag color="orange">待审核</Tag>
                            {mayCheck(r.created_by) === 'yes' && (
                              <Button
                                type="link"
                                size="small"
                                aria-label={`审核入库 入库单 ${i.input_no}`}
                                onClick={() =>
                                  modal.confirm({
                                    title: `确定审核入库单 ${i.input_no} 吗？`,
                                    content: `审核后「${goodsLabel(i)}」在${order.warehouse_name}的库存增加 ${i.quantity}，商城可售库存同时增加；全部入库后采购单为已完成。`,
                                    okText: '审核通过',
                                    cancelText: '取消',
                                    autoFocusButton: 'cancel',
                                    onOk: () =>
                                      stockIn
                                        .mutateAsync(i.id)
                                        .then(() => toastSuccess(`入库单 ${i.input_no} 已审核，已计入库存`))
                                        .catch(() => {}),
                                  })
                                }
                              >
                                审核入库
                              </Button>
                            )}
                            {mayCheck(r.created_by) === 'self' && (
                              <Typography.Text type="secondary">须由他人审核</Typography.Text>
                            )}
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
          {order.receipts.some((r) => r.inputs.some((i) => i.status === 0)) && (
            <Typography.Paragraph type="secondary" className="text-links">
              入库单审核后才计入库存，全部入库后采购单为已完成；也可在
              {canViewStock ? (
                <Link to="/crm/stock_manager?tab=inputs">库存管理 › 入库单</Link>
              ) : (
                '库存管理 › 入库单'
              )}
              中审核（可按采购单号 {order.order_no} 搜索）。
            </Typography.Paragraph>
          )}

          {order.returns.length > 0 && (
            <>
              <Typography.Title level={5}>退货</Typography.Title>
              <ul className="purchase-events" aria-label="退货记录">
                {order.returns.map((r) => (
                  <li key={r.id}>
                    {formatMinute(r.create_time)} · {r.created_by_name} · 退货 {r.quantity}（
                    {formatYuan(r.amount)}）：{r.reason} —{' '}
                    {r.lines.map((l) => `${goodsLabel(l)} × ${l.quantity}`).join('，')}
                  </li>
                ))}
              </ul>
            </>
          )}

          <Typography.Title level={5}>状态记录</Typography.Title>
          <ol className="purchase-events" aria-label="状态记录">
            {order.history.map((h) => (
              <li key={h.id}>
                {formatMinute(h.create_time)} · {h.user_name} ·{' '}
                {h.from_name && h.from_name !== h.to_name ? `${h.from_name} → ` : ''}
                {h.to_name}
                {h.note && `：${h.note}`}
              </li>
            ))}
          </ol>
          {dialog && <QuantitiesDialog order={order} kind={dialog} onClose={() => setDialog(null)} />}
        </div>
      )}
    </Drawer>
  );
}

// ——— list ———

/**
 * 采购管理 (/crm/purchase_index; ADR 0025): the company's purchase orders with search, status and
 * day filters, paging and export; 新建/编辑 (drafts), and per order a detail drawer with 下单,
 * 到货入库 (pending stock-in records, checked in 库存管理), 退货, 取消 and its history.
 */
export function PurchasePage() {
  const filters = useListFilters();
  const [days, setDays] = useState<Days>({ from: '', to: '' });
  const { page, page_size, ...chosen } = filters.params;
  const exported = { ...chosen, date_from: days.from || undefined, date_to: days.to || undefined };
  const list = usePurchases({ ...exported, page, page_size });
  const canAdd = useCan('purchase', 'add_purchase');
  const [detail, setDetail] = useState<number | null>(null);
  const [form, setForm] = useState<{ row: PurchaseDetail | null } | null>(null);
  /** Exports started as jobs (over RESOURCE_EXPORT_DIRECT_MAX orders): shown above the list. */
  const [exports, setExports] = useState<number[]>([]);

  const columns: ListColumns<Purchase> = [
    { title: '采购单号', dataIndex: 'order_no', width: 170, phone: 'title' },
    { title: '供应商', dataIndex: 'supplier_name' },
    { title: '仓库', dataIndex: 'warehouse_name', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      phone: 'title',
      render: (_: unknown, r) => statusTag(r),
    },
    {
      title: '到货 / 采购',
      key: 'qty',
      width: 110,
      align: 'right',
      render: (_: unknown, r) => `${r.received_quantity} / ${r.total_quantity}`,
    },
    {
      title: '金额',
      dataIndex: 'total_amount',
      width: 110,
      align: 'right',
      render: (v: number) => formatYuan(v),
    },
    { title: '预计到货', dataIndex: 'expected_date', width: 110, render: (v: string) => v || '—' },
    {
      title: '创建时间',
      dataIndex: 'create_time',
      width: 150,
      phone: 'hidden',
      render: (v: string) => formatMinute(v),
    },
    actionsColumn<Purchase>((r) => (
      <Button
        type="link"
        size="small"
        aria-label={`详情 采购单 ${r.order_no}`}
        onClick={() => setDetail(r.id)}
      >
        详情
      </Button>
    )),
  ];
  const filtered = Boolean(filters.filtered || days.from || days.to);

  return (
    <Card title="采购管理" className="purchase-page">
      <ExportJobs routes={purchaseCalls} started={exports} />
      <FilteredList<Purchase>
        listFilters={filters}
        search={{
          label: '搜索采购单',
          placeholder: '采购单号 / 供应商 / 备注',
          maxLength: KEYWORD_MAX,
          style: { width: 260 },
        }}
        status={{ label: '采购单状态', options: optionsOf(PURCHASE_STATUS) }}
        filters={
          <DayRange
            labels={['创建日期从', '创建日期到']}
            value={days}
            onChange={(d) => {
              setDays(d);
              filters.setPage(1);
            }}
          />
        }
        aria-label="采购单列表"
        columns={columns}
        query={list}
        empty={filtered ? '没有符合条件的采购单' : '暂无采购单：点「新建采购单」向供应商采购'}
        rowName={(r) => `采购单 ${r.order_no}`}
      >
        <Space wrap>
          {/* The list as it is filtered, as an Excel file: at once, or as a job when it is long. */}
          <ExportButton
            routes={purchaseCalls}
            query={exported}
            total={list.data?.paging.count}
            onStarted={(job) => setExports((ids) => [...ids, job.id])}
          />
          {canAdd && (
            <Button type="primary" onClick={() => setForm({ row: null })}>
              新建采购单
            </Button>
          )}
        </Space>
      </FilteredList>
      <PurchaseDrawer id={detail} onClose={() => setDetail(null)} onEdit={(row) => setForm({ row })} />
      {form && (
        <OrderForm
          row={form.row}
          open
          onClose={(saved) => {
            setForm(null);
            if (saved && !form.row) setDetail(saved.id);
          }}
        />
      )}
    </Card>
  );
}
