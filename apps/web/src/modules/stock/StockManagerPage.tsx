import {
  KEYWORD_MAX,
  STOCK_INPUT_STATUS,
  STOCK_MOVE_KINDS,
  type StockInput,
  type StockLevel,
  type StockMove,
  stockAdjustFields,
  stockInputResource,
  stockWarnFields,
  type Warehouse,
  warehouseResource,
} from '@portal/contract';
import { stockCalls, stockInputCalls, warehouseCalls } from '@portal/contract/calls';
import { useMutation } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { companyToday, formatMinute, formatYuan } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { ExportButton, ExportJobs } from '#web/shared/resource/ListExport.tsx';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { DayRange, type Days } from '#web/shared/ui/DayRange.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast, showFieldError } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { GoodsSelect, SkuField, SupplierSelect, WarehouseSelect } from './StockPickers.tsx';
import { useLevels, useMayCheck, useMoves, useStockChanged } from './useStock.ts';
import './stock.css';

const goodsLabel = (r: { goods_name: string; spec_text: string }) =>
  r.spec_text ? `${r.goods_name}（${r.spec_text}）` : r.goods_name;

/**
 * The warehouses as a filter of a list: the one chosen (none: all) and its select, whose change
 * starts the list again at page 1.
 */
function useWarehouseFilter(setPage: (page: number) => void) {
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const select = (
    <WarehouseSelect
      aria-label="按仓库筛选"
      placeholder="全部仓库"
      allowClear={CLEARABLE}
      style={{ width: 160 }}
      value={warehouseId}
      onChange={(v?: number) => {
        setWarehouseId(v);
        setPage(1);
      }}
    />
  );
  return [warehouseId, select] as const;
}

// ——— 库存 ———

/** A cost in yuan; an unknown one (nothing came in at a price yet) says so instead of ¥0.00. */
function costText(cents: number | null) {
  return cents === null ? (
    <Typography.Text type="secondary" title="成本未知：审核一张填写了单价的入库单后显示">
      未知
    </Typography.Text>
  ) : (
    formatYuan(cents)
  );
}

/** A time as its day over its minute: two short lines instead of one wide one. */
function DayAndTime({ value }: { value: string }) {
  const [day, time] = formatMinute(value).split(' ');
  return (
    <span className="stock-time">
      <span>{day}</span> <span>{time}</span>
    </span>
  );
}

interface AdjustValues {
  quantity?: number;
  reason?: string;
}

function LevelsTab() {
  const { modal } = App.useApp();
  const filters = useListFilters();
  const [warehouseId, warehouseFilter] = useWarehouseFilter(filters.setPage);
  const list = useLevels({
    page: filters.page,
    page_size: filters.pageSize,
    keyword: filters.keyword || undefined,
    low: filters.status === 1 ? 1 : undefined,
    warehouse_id: warehouseId,
  });
  const canAdjust = useCanCall(stockCalls.adjust);
  const canWarn = useCanCall(stockCalls.warn);
  const changed = useStockChanged();
  const [target, setTarget] = useState<{ level: StockLevel; what: 'adjust' | 'warn' } | null>(null);
  const [adjustForm] = Form.useForm<AdjustValues>();
  const [warnForm] = Form.useForm<{ warn_quantity?: number }>();
  const adjust = useMutation({
    mutationFn: (input: { level: StockLevel; quantity: number; reason: string }) =>
      api.call(
        stockCalls.adjust,
        {
          warehouse_id: input.level.warehouse_id,
          goods_id: input.level.goods_id,
          sku_id: input.level.sku_id,
          quantity: input.quantity,
          reason: input.reason,
        },
        { toast: 'unlessField' },
      ),
    onSuccess: changed,
  });
  const warn = useMutation({
    mutationFn: (input: { id: number; warn_quantity: number }) =>
      api.call(stockCalls.warn, input, { toast: 'unlessField' }),
    onSuccess: changed,
  });
  const rules = stockAdjustFields;

  const columns: ListColumns<StockLevel> = [
    {
      title: '商品',
      key: 'goods',
      phone: 'title',
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <span>{goodsLabel(r)}</span>
          <Typography.Text type="secondary">{r.goods_code || '—'}</Typography.Text>
        </Space>
      ),
    },
    { title: '仓库', dataIndex: 'warehouse_name', width: 96 },
    {
      title: '在库',
      dataIndex: 'quantity',
      width: 96,
      align: 'right',
      render: (v: number, r) => (
        <Space direction="vertical" size={0} align="end">
          <span>
            <strong className={r.low ? 'stock-low' : undefined}>{v}</strong> {r.unit}
          </span>
          {r.low && <Tag color="error">低于预警</Tag>}
        </Space>
      ),
    },
    {
      title: '预警值',
      dataIndex: 'warn_quantity',
      width: 72,
      align: 'right',
      render: (v: number) => (v > 0 ? v : '—'),
    },
    {
      title: <span title="全部仓库合计，商城按它售卖">可售</span>,
      dataIndex: 'sellable',
      width: 64,
      align: 'right',
    },
    { title: '单价', dataIndex: 'unit_cost', width: 96, align: 'right', render: costText },
    { title: '金额', dataIndex: 'value', width: 110, align: 'right', render: costText },
    {
      title: '更新时间',
      dataIndex: 'update_time',
      width: 104,
      phone: 'hidden',
      render: (v: string) => <DayAndTime value={v} />,
    },
    ...(canAdjust || canWarn
      ? [
          actionsColumn<StockLevel>((r) => (
            <Space size={0} wrap className="stock-level-actions">
              {canAdjust && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`盘点调整 ${goodsLabel(r)} ${r.warehouse_name}`}
                  onClick={() => setTarget({ level: r, what: 'adjust' })}
                >
                  盘点调整
                </Button>
              )}
              {canWarn && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`预警值 ${goodsLabel(r)} ${r.warehouse_name}`}
                  onClick={() => setTarget({ level: r, what: 'warn' })}
                >
                  预警值
                </Button>
              )}
            </Space>
          )),
        ]
      : []),
  ];

  const level = target?.level;
  const submitAdjust = (v: AdjustValues) => {
    if (!level) return;
    const quantity = v.quantity ?? 0;
    const reason = v.reason?.trim() ?? '';
    modal.confirm({
      title: `确定${quantity > 0 ? '增加' : '减少'}「${goodsLabel(level)}」在${level.warehouse_name}的库存 ${Math.abs(quantity)} 吗？`,
      content: `调整后在库 ${level.quantity + quantity}，可售库存同时${quantity > 0 ? '增加' : '减少'}；调整会记入库存流水。`,
      okText: '确认调整',
      cancelText: '取消',
      autoFocusButton: 'cancel',
      onOk: () =>
        adjust
          .mutateAsync({ level, quantity, reason })
          .then(() => {
            toastSuccess('库存已调整');
            setTarget(null);
          })
          .catch((e) => showFieldError(adjustForm, e, ['quantity', 'reason'])),
    });
  };

  return (
    <>
      <FilteredList<StockLevel>
        listFilters={filters}
        search={{
          label: '搜索库存',
          placeholder: '商品名称 / 编码 / 规格 / 条码',
          maxLength: KEYWORD_MAX,
          style: { width: 280, maxWidth: '100%' },
        }}
        status={{ label: '预警筛选', placeholder: '全部库存', options: [{ value: 1, label: '低于预警值' }] }}
        filters={warehouseFilter}
        aria-label="库存列表"
        columns={columns}
        query={list}
        empty={filters.filtered || warehouseId ? '没有符合条件的库存' : '暂无库存：审核入库单后这里会列出'}
        rowName={(r) => `${goodsLabel(r)} ${r.warehouse_name}`}
        rowClassName={(r: StockLevel) => (r.low ? 'stock-row-low' : '')}
      />
      <FormModal<AdjustValues>
        key={`adjust-${level?.id ?? 0}`}
        form={adjustForm}
        name="stock-adjust-form"
        label="盘点调整"
        title={level ? `盘点调整 · ${goodsLabel(level)} · ${level.warehouse_name}` : '盘点调整'}
        open={target?.what === 'adjust'}
        onCancel={() => setTarget(null)}
        onFinish={submitAdjust}
        okText="调整"
        ok={{ loading: adjust.isPending }}
        formProps={{ preserve: false }}
      >
        <Typography.Paragraph>
          当前在库 {level?.quantity ?? 0}，可售 {level?.sellable ?? 0}
          。正数为盘盈（增加），负数为盘亏（减少）。
        </Typography.Paragraph>
        <Form.Item label="调整数量" name="quantity" required rules={[zodRule(rules.quantity)]}>
          <InputNumber controls={false} precision={0} style={{ width: 160 }} placeholder="如 -2 或 5" />
        </Form.Item>
        <Form.Item label="调整原因" name="reason" required rules={[zodRule(rules.reason)]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：月末盘点盘亏、破损报废" />
        </Form.Item>
      </FormModal>
      <FormModal<{ warn_quantity?: number }>
        key={`warn-${level?.id ?? 0}`}
        form={warnForm}
        name="stock-warn-form"
        label="预警值"
        title={level ? `预警值 · ${goodsLabel(level)} · ${level.warehouse_name}` : '预警值'}
        open={target?.what === 'warn'}
        onCancel={() => setTarget(null)}
        onFinish={(v) =>
          level &&
          warn.mutate(
            { id: level.id, warn_quantity: v.warn_quantity ?? 0 },
            savedWithToast(warnForm, ['warn_quantity'], '预警值已保存', () => setTarget(null)),
          )
        }
        okText="保存"
        ok={{ loading: warn.isPending }}
        formProps={{ preserve: false, initialValues: { warn_quantity: level?.warn_quantity ?? 0 } }}
      >
        <Form.Item
          label="预警值"
          name="warn_quantity"
          required
          rules={[zodRule(stockWarnFields.warn_quantity)]}
          extra="在库低于此数时列入预警；0 表示不预警"
        >
          <InputNumber controls={false} min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </FormModal>
    </>
  );
}

// ——— 入库单 ———

interface InputValues {
  goods_id?: number;
  sku_id?: number;
  input_date?: string;
}

/** The goods' specifications, asked for when the goods picked has some. */
function SkuOfGoods({ form }: { form: FormInstance<InputValues> }) {
  return <SkuField goodsId={Form.useWatch('goods_id', form)} name="sku_id" />;
}

/**
 * 入库单: the records, from their declaration (stock.ts); the page adds the pickers, 审核 (after a
 * confirmation; not offered to a record's maker when the company asks for a second person, 商城设置)
 * and how a row's goods, supplier, quantity, status and people show.
 */
function InputsTab() {
  const { modal } = App.useApp();
  const mayCheck = useMayCheck();
  const changed = useStockChanged();
  const check = useMutation({
    mutationFn: (id: number) => api.call(stockCalls.approve, { id }),
    onSuccess: changed,
  });
  const checkRow = (r: StockInput) =>
    modal.confirm({
      title: `确定审核入库单 ${r.input_no} 吗？`,
      content: `审核后「${goodsLabel(r)}」在${r.warehouse_name}的库存增加 ${r.quantity}，商城可售库存同时增加；已审核的入库单不能再修改或删除。`,
      okText: '审核通过',
      cancelText: '取消',
      autoFocusButton: 'cancel',
      onOk: () =>
        check
          .mutateAsync(r.id)
          .then(() => toastSuccess(`入库单 ${r.input_no} 已审核，已计入库存`))
          .catch(() => {}),
    });
  return (
    <ResourcePage<StockInput, InputValues>
      name="stock-input"
      resource={stockInputResource}
      routes={stockInputCalls}
      title="入库单"
      searchPlaceholder="单号 / 采购单号 / 商品 / 供应商"
      rowName={(r) => `入库单 ${r.input_no}`}
      render={{
        input_no: { width: 190 },
        goods_id: { render: (_: unknown, r: StockInput) => goodsLabel(r) },
        warehouse_id: { width: 110 },
        supplier_id: {
          width: 150,
          // A record a purchase receipt wrote names its order (采购管理 changes it, not this list).
          render: (_: unknown, r: StockInput) => (
            <Space direction="vertical" size={0}>
              <span>{r.supplier_name || '—'}</span>
              {r.purchase_no && <Typography.Text type="secondary">采购单 {r.purchase_no}</Typography.Text>}
            </Space>
          ),
        },
        quantity: { title: '数量', width: 80, render: (v: number, r: StockInput) => `${v} ${r.unit}` },
        amount: { width: 110 },
        status: {
          title: '状态',
          width: 90,
          render: (v: number) => (
            <Tag color={v === 1 ? 'green' : 'orange'}>{STOCK_INPUT_STATUS[v === 1 ? 1 : 0]}</Tag>
          ),
        },
        maker_name: {
          title: '制单 / 审核',
          width: 150,
          phone: 'hidden',
          render: (_: unknown, r: StockInput) => (
            <Space direction="vertical" size={0}>
              <span>{r.maker_name || '—'}</span>
              <Typography.Text type="secondary">
                {r.checked_by_name ? `${r.checked_by_name} 审核` : '未审核'}
              </Typography.Text>
            </Space>
          ),
        },
      }}
      // A checked record is final, and one a purchase receipt wrote is changed through 采购管理
      // (ADR 0025): neither offers 编辑 or 删除 (the server refuses both).
      editable={(r) => {
        const open = r.status === 0 && r.purchase_id === null;
        return { change: open, delete: open };
      }}
      rowActions={(r) => {
        if (r.status !== 0) return null;
        const may = mayCheck(r.maker_id);
        // The company asks for a second person (商城设置): the maker is told, not offered a refusal.
        if (may === 'self') return <Typography.Text type="secondary">待他人审核</Typography.Text>;
        return may === 'yes' ? (
          <Button
            type="link"
            size="small"
            aria-label={`审核 入库单 ${r.input_no}`}
            onClick={() => checkRow(r)}
          >
            审核
          </Button>
        ) : null;
      }}
      formSpecial={{
        initial: { input_date: companyToday() },
        // A goods without specifications has sku 0: its form shows no 规格.
        fromItem: (r, values) => ({ ...values, sku_id: r.sku_id || undefined }),
        controls: {
          goods_id: (form, row) => (
            <GoodsSelect
              known={row ? { value: row.goods_id, label: row.goods_name } : undefined}
              onChange={() => form.setFieldValue('sku_id', undefined)}
            />
          ),
          warehouse_id: () => <WarehouseSelect placeholder="选择仓库" />,
          supplier_id: (_, row) => (
            <SupplierSelect
              allowClear={CLEARABLE}
              placeholder="选填：已通过审核的供应商"
              known={row?.supplier_id ? { value: row.supplier_id, label: row.supplier_name } : undefined}
            />
          ),
        },
        items: { sku_id: (form) => <SkuOfGoods form={form} /> },
      }}
    />
  );
}

// ——— 库存流水 ———

const KIND_OPTIONS = Object.entries(STOCK_MOVE_KINDS).map(([value, label]) => ({ value, label }));
/** The ledger's export: the file at once, or a job when it is long (ADR 0037). */
const MOVES_EXPORT = { export: stockCalls.movesExport, exportJob: stockCalls.movesExportJob };

function MovesTab() {
  const filters = useListFilters<string>();
  const [warehouseId, warehouseFilter] = useWarehouseFilter(filters.setPage);
  const [days, setDays] = useState<Days>({ from: '', to: '' });
  const exported = {
    keyword: filters.keyword || undefined,
    kind: filters.status as never,
    warehouse_id: warehouseId,
    date_from: days.from || undefined,
    date_to: days.to || undefined,
  };
  const list = useMoves({ page: filters.page, page_size: filters.pageSize, ...exported });
  /** Exports started as jobs (a ledger over RESOURCE_EXPORT_DIRECT_MAX moves): shown above it. */
  const [exports, setExports] = useState<number[]>([]);
  const columns: ListColumns<StockMove> = [
    {
      title: '时间',
      dataIndex: 'create_time',
      width: 150,
      phone: 'title',
      render: (v: string) => formatMinute(v),
    },
    { title: '商品', key: 'goods', render: (_: unknown, r) => goodsLabel(r) },
    { title: '仓库', dataIndex: 'warehouse_name', width: 110 },
    {
      title: '类型',
      dataIndex: 'kind_name',
      width: 100,
      phone: 'title',
      render: (v: string) => <Tag>{v}</Tag>,
    },
    {
      title: '数量',
      dataIndex: 'quantity',
      width: 80,
      align: 'right',
      render: (v: number) => (
        <strong className={v < 0 ? 'stock-out' : 'stock-in'}>{v > 0 ? `+${v}` : v}</strong>
      ),
    },
    { title: '结存', dataIndex: 'balance_after', width: 80, align: 'right' },
    {
      title: '单据 / 原因',
      key: 'ref',
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          {r.ref_no && <span>{r.ref_no}</span>}
          <Typography.Text type="secondary">{r.reason || '—'}</Typography.Text>
        </Space>
      ),
    },
    { title: '经手人', dataIndex: 'created_by_name', width: 100, phone: 'hidden' },
  ];
  const filtered = filters.filtered || Boolean(warehouseId || days.from || days.to);
  return (
    <>
      <ExportJobs routes={MOVES_EXPORT} started={exports} />
      <FilteredList<StockMove, string>
        listFilters={filters}
        search={{
          label: '搜索库存流水',
          placeholder: '商品 / 单号 / 原因',
          maxLength: KEYWORD_MAX,
          style: { width: 240, maxWidth: '100%' },
        }}
        status={{ label: '流水类型', placeholder: '全部类型', options: KIND_OPTIONS }}
        filters={
          <>
            {warehouseFilter}
            <DayRange
              labels={['开始日期', '结束日期']}
              value={days}
              onChange={(d) => {
                setDays(d);
                filters.setPage(1);
              }}
            />
          </>
        }
        aria-label="库存流水列表"
        columns={columns}
        query={list}
        empty={filtered ? '没有符合条件的流水' : '暂无库存流水'}
        rowName={(r) => `${goodsLabel(r)} ${r.kind_name}`}
      >
        {/* The ledger as it is filtered, as an Excel file: at once, or as a job when it is long. */}
        <ExportButton
          routes={MOVES_EXPORT}
          query={exported}
          total={list.data?.paging.count}
          onStarted={(job) => setExports((ids) => [...ids, job.id])}
        />
      </FilteredList>
    </>
  );
}

// ——— 仓库 ———

/** 仓库: the warehouses, from their declaration (stock.ts); the default one is marked by its name. */
function WarehousesTab() {
  return (
    <ResourcePage<Warehouse>
      name="warehouse"
      resource={warehouseResource}
      routes={warehouseCalls}
      title="仓库"
      rowName={(w) => w.name}
      render={{
        name: {
          render: (v: string, r: Warehouse) => (
            <Space size={4}>
              {v}
              {r.is_default === 1 && <Tag color="blue">默认</Tag>}
            </Space>
          ),
        },
      }}
      formSpecial={{
        controls: {
          status: () => (
            <Radio.Group
              options={[
                { value: 1, label: '启用' },
                { value: 0, label: '停用（不能再入库）' },
              ]}
            />
          ),
        },
      }}
    />
  );
}

const TABS: { key: string; label: string; render: () => ReactNode }[] = [
  { key: 'levels', label: '库存', render: () => <LevelsTab /> },
  { key: 'inputs', label: '入库单', render: () => <InputsTab /> },
  { key: 'moves', label: '库存流水', render: () => <MovesTab /> },
  { key: 'warehouses', label: '仓库', render: () => <WarehousesTab /> },
];

/**
 * 库存管理 (/crm/stock_manager; ADR 0022): 库存 (on hand per goods and warehouse, low-stock rows
 * marked, count adjustments and thresholds), 入库单 (records checked — by a second person when the company asks), 库存流水
 * (the ledger) and 仓库. The tab is in the address (`?tab=`), so a link opens it.
 */
export function StockManagerPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get('tab')) ? (params.get('tab') as string) : 'levels';
  return (
    <Card title="库存管理" className="stock-page">
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams(key === 'levels' ? {} : { tab: key }, { replace: true })}
        items={TABS.map((t) => ({ key: t.key, label: t.label, children: t.render() }))}
      />
    </Card>
  );
}
