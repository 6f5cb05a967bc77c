import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PRODUCT_MATERIAL_MAX,
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
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useProductMaterials, usePushToStock } from './useProducts.ts';
import './product.css';

interface MaterialValues {
  goods_id?: number;
  sku_id?: number;
  quantity?: number;
  /** The goods' name as the list read it (the picker's first option when editing). */
  goods_label?: string;
}

/** What the page's own form items read and write (the rest is the declaration's). */
interface Values {
  goods_id?: number;
  sku_id?: number;
  /** Undefined while an edited product's lines load: a save then keeps the stored lines. */
  materials?: MaterialValues[];
}

const outputLabel = (p: { goods_name: string; spec_text: string }) =>
  p.spec_text ? `${p.goods_name}（${p.spec_text}）` : p.goods_name;

/** The list's 成品: the output's name (and specification) with its code in grey. */
const outputCell = (_: unknown, p: Product) => (
  <span>
    {outputLabel(p)} <Typography.Text type="secondary">{p.goods_code}</Typography.Text>
  </span>
);

/** The output goods' picker (a goods of the library, usually 成品): a new goods clears the specification. */
const outputControl = (form: FormInstance<Values>, row: Product | null) => (
  <GoodsSelect
    placeholder="输入商品名称或编码搜索"
    known={row ? { value: row.goods_id, label: row.goods_name } : undefined}
    onChange={() => form.setFieldValue('sku_id', undefined)}
  />
);

/** The output's specification, asked only when the picked goods has some. */
function OutputSku({ form }: { form: FormInstance<Values> }) {
  const skus = useSkuOptions(Form.useWatch('goods_id', form));
  if ((skus.data?.length ?? 0) === 0) return null;
  return (
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
 * 产品管理 (/crm/product_index, ADR 0023): the company's products from their declaration
 * (product.ts) — the output's picker and specification, the bill of materials and 停用's longer
 * word are the page's — and 生产入库 per row for whoever may make the push call.
 */
export function ProductPage() {
  const canProduce = useCanCall(productCalls.push);
  const [pushing, setPushing] = useState<Product | null>(null);
  return (
    <>
      <ResourcePage<Product, Values>
        name="product"
        resource={productResource}
        title="产品管理"
        routes={productCalls}
        searchPlaceholder="产品编码 / 名称 / 成品"
        rowName={(p) => p.name}
        render={{
          goods_name: { title: '成品', render: outputCell },
          batch_size: { width: 100, render: (v: number, p) => `${v} ${p.unit}` },
        }}
        rowActions={(p) =>
          canProduce && p.status === 1 ? (
            <Button type="link" size="small" onClick={() => setPushing(p)} aria-label={`生产入库 ${p.name}`}>
              生产入库
            </Button>
          ) : null
        }
        formSpecial={{
          initial: { materials: [] },
          controls: {
            goods_id: outputControl,
            status: () => (
              <Radio.Group
                options={[
                  { value: 1, label: '启用' },
                  { value: 0, label: '停用（不能生产）' },
                ]}
              />
            ),
          },
          items: {
            sku_id: (form) => <OutputSku form={form} />,
            materials: (form, row) => <MaterialsField form={form} row={row} />,
          },
          fromItem: (p, values) => ({ ...values, sku_id: p.sku_id || undefined }),
          toInput: (v, input) => ({
            ...input,
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
        }}
      />
      {pushing && <PushDialog product={pushing} onClose={() => setPushing(null)} />}
    </>
  );
}
