import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PRODUCT_BATCH_MAX,
  PRODUCT_CODE_MAX,
  PRODUCT_MATERIAL_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_STATUS,
  type Product,
  productPushFields,
  productResource,
  requiredFor,
  STOCK_QUANTITY_MAX,
} from '@portal/contract';
import { productCalls } from '@portal/contract/calls';
import {
  Button,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  GoodsSelect,
  useSkuOptions,
  useWarehouseOptions,
  WarehouseSelect,
} from '#web/modules/stock/index.ts';
import { formatMinute } from '#web/shared/format.ts';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCan } from '#web/shared/usePermission.ts';
import { useProductMaterials, usePushToStock } from './useProducts.ts';
import './product.css';

interface MaterialValues {
  goods_id?: number;
  sku_id?: number;
  quantity?: number;
  /** The goods' name as the list read it (the picker's first option when editing). */
  goods_label?: string;
}

interface Values {
  code: string;
  name: string;
  goods_id?: number;
  sku_id?: number;
  batch_size?: number;
  unit?: string;
  remark?: string;
  status: 0 | 1;
  /** Undefined while an edited product's lines load: a save then keeps the stored lines. */
  materials?: MaterialValues[];
}

const rules = productResource.fields;
const STATUS_OPTIONS = optionsOf(PRODUCT_STATUS).map((o) => ({ ...o, value: Number(o.value) }));
const FIELDS = ['code', 'name', 'goods_id', 'sku_id', 'batch_size', 'unit', 'remark', 'status', 'materials'];

const outputLabel = (p: { goods_name: string; spec_text: string }) =>
  p.spec_text ? `${p.goods_name}（${p.spec_text}）` : p.goods_name;

const columns: ListColumns<Product> = [
  { title: '产品编码', dataIndex: 'code', width: 130, phone: 'title' },
  { title: '产品名称', dataIndex: 'name' },
  {
    title: '成品',
    key: 'output',
    render: (_: unknown, p) => (
      <span>
        {outputLabel(p)} <Typography.Text type="secondary">{p.goods_code}</Typography.Text>
      </span>
    ),
  },
  {
    title: '每批数量',
    dataIndex: 'batch_size',
    width: 100,
    align: 'right',
    render: (v: number, p) => `${v} ${p.unit}`,
  },
  { title: '物料种数', dataIndex: 'material_count', width: 90, align: 'right' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    phone: 'title',
    render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
  {
    title: '更新时间',
    dataIndex: 'update_time',
    width: 150,
    phone: 'hidden',
    render: (v: string) => formatMinute(v),
  },
];

/** The output goods and its specification (a goods of the library, usually 成品). */
function OutputField({ form, row }: { form: FormInstance<Values>; row: Product | null }) {
  const goodsId = Form.useWatch('goods_id', form);
  const skus = useSkuOptions(goodsId);
  return (
    <>
      <Form.Item
        label="成品"
        name="goods_id"
        required
        rules={[zodRule(rules.goods_id)]}
        extra="产出的商品（一般为商品类型「成品」），它的库存就是产品的库存"
      >
        <GoodsSelect
          placeholder="输入商品名称或编码搜索"
          known={row ? { value: row.goods_id, label: row.goods_name } : undefined}
          onChange={() => form.setFieldValue('sku_id', undefined)}
        />
      </Form.Item>
      {(skus.data?.length ?? 0) > 0 && (
        <Form.Item
          label="成品规格"
          name="sku_id"
          required
          rules={[{ required: true, message: '请选择成品规格' }]}
        >
          <Select
            placeholder="选择规格"
            options={(skus.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
          />
        </Form.Item>
      )}
    </>
  );
}

/** One material line: goods (and specification) and the quantity per batch. */
function MaterialRow({
  form,
  index,
  fieldName,
  onRemove,
}: {
  form: FormInstance<Values>;
  index: number;
  fieldName: number;
  onRemove: () => void;
}) {
  const goodsId = Form.useWatch(['materials', fieldName, 'goods_id'], form);
  const label = Form.useWatch(['materials', fieldName, 'goods_label'], form);
  const skus = useSkuOptions(goodsId);
  const n = index + 1;
  return (
    <div className="product-material-row">
      <Form.Item
        name={[fieldName, 'goods_id']}
        className="product-material-goods"
        rules={[{ required: true, message: `请选择第${n}行物料` }]}
      >
        <GoodsSelect
          aria-label={`第${n}行物料`}
          placeholder="输入物料名称搜索"
          known={goodsId && label ? { value: goodsId, label } : undefined}
          onChange={() => form.setFieldValue(['materials', fieldName, 'sku_id'], undefined)}
        />
      </Form.Item>
      {(skus.data?.length ?? 0) > 0 && (
        <Form.Item
          name={[fieldName, 'sku_id']}
          className="product-material-sku"
          rules={[{ required: true, message: `请选择第${n}行物料的规格` }]}
        >
          <Select
            aria-label={`第${n}行物料规格`}
            placeholder="规格"
            options={(skus.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name={[fieldName, 'quantity']}
        className="product-material-quantity"
        rules={[{ required: true, message: `请填写第${n}行物料的用量` }]}
      >
        <InputNumber
          aria-label={`第${n}行物料每批用量`}
          placeholder="每批用量"
          controls={false}
          min={1}
          max={STOCK_QUANTITY_MAX}
          precision={0}
        />
      </Form.Item>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={`删除第${n}行物料`}
        onClick={onRemove}
      />
    </div>
  );
}

/** The bill of materials: rows added and removed; an edited product's lines are loaded into it. */
function MaterialsField({ form, row }: { form: FormInstance<Values>; row: Product | null }) {
  const lines = useProductMaterials(row?.id);
  const loaded = useRef(false);
  useEffect(() => {
    if (!row || loaded.current || !lines.data) return;
    loaded.current = true;
    form.setFieldValue(
      'materials',
      lines.data.map((l) => ({
        goods_id: l.goods_id,
        sku_id: l.sku_id || undefined,
        quantity: l.quantity,
        goods_label: l.goods_name,
      })),
    );
  }, [row, lines.data, form]);
  const waiting = row !== null && !lines.data;
  return (
    <Form.Item label="物料清单" required extra="每批的用量：生产 N 个需要 ⌈N × 用量 ÷ 每批数量⌉">
      {waiting ? (
        <Typography.Text type="secondary">
          {lines.isError ? '物料清单加载失败' : '物料清单加载中…'}
        </Typography.Text>
      ) : (
        <Form.List name="materials">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.length === 0 && <Typography.Text type="secondary">还没有物料</Typography.Text>}
              {fields.map((f, i) => (
                <MaterialRow
                  key={f.key}
                  form={form}
                  index={i}
                  fieldName={f.name}
                  onRemove={() => remove(f.name)}
                />
              ))}
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({})}
                disabled={fields.length >= PRODUCT_MATERIAL_MAX}
              >
                添加物料
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      )}
    </Form.Item>
  );
}

interface PushValues {
  warehouse_id?: number;
  quantity?: number;
  remark?: string;
}

/** 生产入库: warehouse and quantity, with each material's need against what that warehouse holds. */
function PushDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [form] = Form.useForm<PushValues>();
  const warehouses = useWarehouseOptions();
  const warehouseId = Form.useWatch('warehouse_id', form);
  const quantity = Form.useWatch('quantity', form);
  const lines = useProductMaterials(product.id, warehouseId);
  const push = usePushToStock();
  const firstWarehouse = warehouses.data?.[0]?.id;
  useEffect(() => {
    if (firstWarehouse !== undefined && form.getFieldValue('warehouse_id') === undefined)
      form.setFieldValue('warehouse_id', firstWarehouse);
  }, [firstWarehouse, form]);
  const units = typeof quantity === 'number' && quantity > 0 ? quantity : 0;
  const need = (lines.data ?? []).map((l) => ({
    ...l,
    required: requiredFor(units, l.quantity, product.batch_size),
  }));
  const short = units > 0 && warehouseId !== undefined && need.some((l) => l.required > l.on_hand);
  return (
    <FormModal<PushValues>
      form={form}
      name="product-push-form"
      label="生产入库"
      title={`生产入库 · ${product.name}`}
      open
      width={640}
      onCancel={onClose}
      okText="确认入库"
      ok={{ loading: push.isPending, disabled: short }}
      formProps={{ preserve: false }}
      onFinish={(v) =>
        push.mutate(
          {
            id: product.id,
            warehouse_id: v.warehouse_id as number,
            quantity: v.quantity as number,
            remark: v.remark?.trim() || undefined,
          },
          savedWithToast(
            form,
            ['warehouse_id', 'quantity', 'remark'],
            `已入库 ${v.quantity} ${product.unit}${product.goods_name}`,
            onClose,
          ),
        )
      }
    >
      <Form.Item label="仓库" name="warehouse_id" required rules={[zodRule(productPushFields.warehouse_id)]}>
        <WarehouseSelect placeholder="成品入库、物料出库的仓库" />
      </Form.Item>
      <Form.Item
        label={`生产数量（${product.unit}）`}
        name="quantity"
        required
        rules={[zodRule(productPushFields.quantity)]}
      >
        <InputNumber controls={false} min={1} max={STOCK_QUANTITY_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[zodRule(productPushFields.remark)]}>
        <Input maxLength={200} placeholder="选填，记入库存流水" />
      </Form.Item>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={lines.isFetching}
        caption={`物料需求（每批 ${product.batch_size} ${product.unit}）`}
        locale={{ emptyText: <QueryEmpty query={lines} description="这个产品没有物料" simple /> }}
        dataSource={need}
        columns={[
          { title: '物料', key: 'goods', render: (_: unknown, l) => outputLabel(l) },
          { title: '需要', dataIndex: 'required', align: 'right' },
          {
            title: '仓库在库',
            key: 'on_hand',
            align: 'right',
            render: (_: unknown, l) =>
              units > 0 && l.required > l.on_hand ? (
                <span>
                  {l.on_hand} <Tag color="red">不足</Tag>
                </span>
              ) : (
                l.on_hand
              ),
          },
        ]}
      />
      {short && (
        <Typography.Paragraph type="danger" role="alert" className="product-push-short">
          所选仓库的物料不足，请先入库或减少生产数量
        </Typography.Paragraph>
      )}
    </FormModal>
  );
}

/**
 * 产品管理 (/crm/product_index, ADR 0023): the company's products with their output goods and
 * bills of materials on the resource page, and 生产入库 per row for whoever produces.
 */
export function ProductPage() {
  const canProduce = useCan('product', 'produce_product');
  const [pushing, setPushing] = useState<Product | null>(null);
  return (
    <>
      <ResourcePage<Product, Values>
        name="product"
        label="产品"
        title="产品管理"
        routes={productCalls}
        columns={columns}
        statusOptions={STATUS_OPTIONS}
        searchPlaceholder="产品编码 / 名称 / 成品"
        rowName={(p) => p.name}
        rowActions={(p) =>
          canProduce && p.status === 1 ? (
            <Button type="link" size="small" onClick={() => setPushing(p)} aria-label={`生产入库 ${p.name}`}>
              生产入库
            </Button>
          ) : null
        }
        form={{
          fields: FIELDS,
          initial: { status: 1, batch_size: 1, materials: [] },
          fromItem: (p) => ({
            code: p.code,
            name: p.name,
            goods_id: p.goods_id,
            sku_id: p.sku_id || undefined,
            batch_size: p.batch_size,
            unit: p.unit,
            remark: p.remark,
            status: p.status === 1 ? 1 : 0,
            materials: undefined,
          }),
          toInput: (v) => ({
            code: v.code.trim(),
            name: v.name.trim(),
            goods_id: v.goods_id,
            sku_id: v.sku_id ?? 0,
            batch_size: v.batch_size,
            unit: v.unit?.trim() ?? '',
            remark: v.remark?.trim() ?? '',
            status: v.status,
            // A form post carries the lines as their JSON text (left out: the stored lines stay).
            materials:
              v.materials &&
              JSON.stringify(
                v.materials.map((m) => ({
                  goods_id: m.goods_id,
                  sku_id: m.sku_id ?? 0,
                  quantity: m.quantity,
                })),
              ),
          }),
          items: (form, row) => (
            <>
              <Form.Item label="产品编码" name="code" required rules={[zodRule(rules.code)]}>
                <Input maxLength={PRODUCT_CODE_MAX} placeholder="如：CP-001" />
              </Form.Item>
              <Form.Item label="产品名称" name="name" required rules={[zodRule(rules.name)]}>
                <Input maxLength={PRODUCT_NAME_MAX} showCount placeholder="如：龙井礼盒" />
              </Form.Item>
              <OutputField form={form} row={row} />
              <Form.Item
                label="每批数量"
                name="batch_size"
                required
                rules={[zodRule(rules.batch_size)]}
                extra="物料清单的用量按这么多个成品计"
              >
                <InputNumber
                  controls={false}
                  min={1}
                  max={PRODUCT_BATCH_MAX}
                  precision={0}
                  style={{ width: 160 }}
                />
              </Form.Item>
              <Form.Item label="单位" name="unit" rules={[zodRule(rules.unit)]} extra="不填则用成品的单位">
                <Input maxLength={10} style={{ width: 160 }} />
              </Form.Item>
              <MaterialsField form={form} row={row} />
              <Form.Item label="备注" name="remark" rules={[zodRule(rules.remark)]}>
                <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
              </Form.Item>
              <Form.Item label="状态" name="status" rules={[zodRule(rules.status)]}>
                <Radio.Group
                  options={[
                    { value: 1, label: '启用' },
                    { value: 0, label: '停用（不能生产）' },
                  ]}
                />
              </Form.Item>
            </>
          ),
        }}
      />
      {pushing && <PushDialog product={pushing} onClose={() => setPushing(null)} />}
    </>
  );
}
