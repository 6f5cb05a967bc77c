import {
  BULK_GOODS_DELETED_MESSAGE,
  BULK_ON_SALE_OPTIONS,
  BULK_QUANTITY_MAX,
  BULK_TIERS_MAX,
  type BulkGoods,
  bulkFirstTierMessage,
  bulkGoodsResource,
} from '@portal/contract';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Space, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GoodsSelect, SkuField, useSkuOptions } from '#web/modules/stock/index.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { yuanToCents } from '#web/shared/format.ts';
import { categoryOptions } from '#web/shared/ui/categoryOptions.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCan } from '#web/shared/usePermission.ts';
import {
  useBulkCategoryTree,
  useBulkGoods,
  useBulkOnSale,
  useRemoveBulkGoods,
  useSaveBulkGoods,
} from './useBulkGoods.ts';
import './bulk-catalogue.css';

const rules = bulkGoodsResource.fields;

interface TierValues {
  from?: number;
  /** Yuan, as typed. */
  price?: number;
}

interface Values {
  goods_id?: number;
  sku_id?: number;
  category_id?: number;
  unit?: string;
  min_qty?: number;
  tiers: TierValues[];
  on_sale: 0 | 1;
  sort?: number;
  remark?: string;
}

const FIELDS = ['goods_id', 'sku_id', 'category_id', 'unit', 'min_qty', 'tiers', 'on_sale', 'sort', 'remark'];
const NEW: Values = { tiers: [{}, {}], on_sale: 1, sort: 0 };

/** The bands as the server takes them: the first from the minimum, prices in cents. */
function tiersOf(v: Pick<Values, 'min_qty' | 'tiers'>) {
  return (v.tiers ?? []).map((t, i) => ({
    from: i === 0 ? (v.min_qty as number) : (t.from as number),
    price: yuanToCents(t.price ?? '') as number,
  }));
}

function valuesOf(g: BulkGoods): Values {
  return {
    goods_id: g.goods_id,
    sku_id: g.sku_id || undefined,
    category_id: g.category_id,
    unit: g.unit,
    min_qty: g.min_qty,
    tiers: g.tiers.map((t) => ({ from: t.from, price: t.price / 100 })),
    on_sale: g.on_sale === 1 ? 1 : 0,
    sort: g.sort,
    remark: g.remark,
  };
}

/**
 * 新增大宗商品 (/crm/new_goods_dzc; `?id=` edits): a goods of the library (and its specification),
 * its bulk category, minimum order quantity, unit and price tiers (采购量 → 单价; the first band
 * starts at the minimum, bands rise and prices do not), 上架/下架, sort and remark. The tiers are
 * checked here as on the server (the contract's rule), and the server's refusals sit beside
 * their fields.
 */
export function BulkGoodsFormPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const row = useBulkGoods(id);
  const [form] = Form.useForm<Values>();
  const tree = useBulkCategoryTree();
  const treeData = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  const goodsId = Form.useWatch('goods_id', form);
  const minQty = Form.useWatch('min_qty', form);
  /** The library goods was deleted since: the row can only go off sale or away (the server refuses a save). */
  const gone = row.data?.goods_deleted === 1;
  // A deleted goods has no specifications to ask for (the library refuses the question).
  const liveGoodsId = gone ? undefined : goodsId;
  const skus = useSkuOptions(liveGoodsId);
  const save = useSaveBulkGoods();
  const canChange = useCan('bulk', 'change_bulk_goods');
  const canDelete = useCan('bulk', 'delete_bulk_goods');
  const onSale = useBulkOnSale();
  const remove = useRemoveBulkGoods();
  const { modal } = App.useApp();
  const [loadedFor, setLoadedFor] = useState<number | null>(null);

  useEffect(() => {
    if (id !== null && row.data && loadedFor !== id) {
      form.setFieldsValue(valuesOf(row.data));
      setLoadedFor(id);
    }
  }, [id, row.data, loadedFor, form]);

  if (id !== null && row.isPending) return <PageSpin />;
  if (id !== null && (row.isError || !row.data))
    return (
      <Card title="编辑大宗商品">
        <Alert
          type="error"
          showIcon
          message="大宗商品不存在或已被删除"
          action={<Link to="/crm/goods_index_dzc">返回大宗商品</Link>}
        />
      </Card>
    );
  if (id !== null && !canChange)
    return (
      <Card title="编辑大宗商品">
        <Alert type="warning" showIcon message="没有修改大宗商品的权限" />
      </Card>
    );

  const hasSkus = (skus.data?.length ?? 0) > 0;
  const goneRow = gone ? (row.data as BulkGoods) : undefined;

  const takeOff = (g: BulkGoods) =>
    onSale.mutate(
      { ids: [g.id], on_sale: 0 },
      {
        onSuccess: () => {
          form.setFieldValue('on_sale', 0);
          toastSuccess('已下架');
        },
      },
    );
  const removeRow = (g: BulkGoods) =>
    confirmDanger(modal, {
      title: `确定删除「${g.goods_name}」吗？`,
      content: '删除后不再列出，企业微站也不再展示。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync(g.id)
          .then(() => {
            toastSuccess('已删除大宗商品');
            navigate('/crm/goods_index_dzc');
          })
          .catch(() => {}),
    });

  const submit = (v: Values) => {
    const input = {
      goods_id: v.goods_id as number,
      sku_id: v.sku_id ?? 0,
      category_id: v.category_id as number,
      unit: v.unit,
      min_qty: v.min_qty as number,
      // A form post carries no nesting: the bands go as their JSON text (the contract reads it).
      tiers: JSON.stringify(tiersOf(v)) as never,
      on_sale: v.on_sale,
      sort: v.sort ?? 0,
      remark: v.remark,
    };
    save.mutate(id === null ? input : { ...input, id }, {
      onSuccess: () => {
        toastSuccess(id === null ? '已新增大宗商品' : '已保存大宗商品');
        navigate('/crm/goods_index_dzc');
      },
      onError: (e) => {
        // The catalogue holds a goods (specification) once: said beside the goods.
        if (isApiError(e) && e.field === 'goods_key') form.setFields([{ name: 'goods_id', errors: [e.m] }]);
        else showFieldError(form, e, FIELDS);
      },
    });
  };

  /** The bands checked by the contract's rule (yuan → cents first), and the first against the minimum. */
  const checkTiers = async (_: unknown, tiers: TierValues[]) => {
    const min = form.getFieldValue('min_qty') as number | undefined;
    const r = rules.tiers.safeParse(tiersOf({ min_qty: min, tiers }));
    if (!r.success) throw new Error(r.error.issues[0]?.message ?? '价格档位格式不正确');
    const first = tiersOf({ min_qty: min, tiers })[0];
    if (min !== undefined && first?.from !== min) throw new Error(bulkFirstTierMessage(min));
  };

  return (
    <Card
      title={id === null ? '新增大宗商品' : `编辑大宗商品 · ${row.data?.goods_name ?? ''}`}
      extra={<Link to="/crm/goods_index_dzc">返回大宗商品</Link>}
    >
      <Form<Values>
        form={form}
        name="bulk-goods-form"
        layout="vertical"
        initialValues={NEW}
        onFinish={submit}
        scrollToFirstError
        className="bulk-form"
      >
        {goneRow && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="商品已删除"
            description={
              // The buttons below the words: beside them a phone's narrow card squeezes the text.
              <Space orientation="vertical" size={8}>
                {BULK_GOODS_DELETED_MESSAGE}
                <Space wrap>
                  {goneRow.on_sale === 1 && (
                    <Button size="small" loading={onSale.isPending} onClick={() => takeOff(goneRow)}>
                      下架
                    </Button>
                  )}
                  {canDelete && (
                    <Button size="small" danger onClick={() => removeRow(goneRow)}>
                      删除
                    </Button>
                  )}
                </Space>
              </Space>
            }
          />
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="商品（商品库）"
              name="goods_id"
              required
              rules={[zodRule(rules.goods_id)]}
              extra="从商品库中选择，按名称搜索"
              {...(gone && { validateStatus: 'error' as const, help: '商品库中已删除该商品' })}
            >
              <GoodsSelect
                known={row.data && { value: row.data.goods_id, label: row.data.goods_name }}
                onChange={() => form.setFieldValue('sku_id', undefined)}
                disabled={id !== null}
              />
            </Form.Item>
          </Col>
          {hasSkus && (
            <Col xs={24} md={12}>
              <SkuField goodsId={liveGoodsId} name="sku_id" disabled={id !== null} />
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item label="大宗分类" name="category_id" required rules={[zodRule(rules.category_id)]}>
              <TreeSelect
                switcherIcon={TREE_SWITCHER}
                placeholder="选择大宗分类"
                treeData={treeData}
                treeDefaultExpandAll
                notFoundContent="暂无大宗分类，请先在「大宗分类」中新增"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="最小起订量"
              name="min_qty"
              required
              rules={[zodRule(rules.min_qty)]}
              extra="第1档从这里开始"
            >
              <InputNumber
                controls={false}
                min={1}
                max={BULK_QUANTITY_MAX}
                precision={0}
                style={{ width: '100%' }}
                onChange={() => void form.validateFields(['tiers']).catch(() => {})}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="单位" name="unit" rules={[zodRule(rules.unit)]} extra="不填则用商品库的单位">
              <Input maxLength={10} />
            </Form.Item>
          </Col>
        </Row>

        <fieldset className="bulk-tiers">
          <legend>价格档位（采购量 / 单价）</legend>
          <Form.List name="tiers" rules={[{ validator: checkTiers }]}>
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline" wrap className="bulk-tier-row">
                    <span className="bulk-tier-no">第{index + 1}档</span>
                    <Form.Item
                      label={`第${index + 1}档采购量`}
                      name={index === 0 ? undefined : [field.name, 'from']}
                      required
                      rules={index === 0 ? [] : [{ required: true, message: '请填写采购量' }]}
                    >
                      {index === 0 ? (
                        <InputNumber
                          controls={false}
                          value={minQty}
                          disabled
                          prefix="≥"
                          style={{ width: 150 }}
                          aria-label="第1档采购量（即最小起订量）"
                        />
                      ) : (
                        <InputNumber
                          controls={false}
                          min={1}
                          max={BULK_QUANTITY_MAX}
                          precision={0}
                          prefix="≥"
                          style={{ width: 150 }}
                        />
                      )}
                    </Form.Item>
                    <Form.Item
                      label={`第${index + 1}档单价（元）`}
                      name={[field.name, 'price']}
                      required
                      rules={[{ required: true, message: '请填写单价' }]}
                    >
                      <InputNumber controls={false} min={0} precision={2} prefix="¥" style={{ width: 150 }} />
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button
                        type="link"
                        danger
                        onClick={() => remove(field.name)}
                        aria-label={`删除第${index + 1}档`}
                      >
                        删除
                      </Button>
                    )}
                  </Space>
                ))}
                <Form.ErrorList errors={errors} />
                {fields.length < BULK_TIERS_MAX && (
                  <Button onClick={() => add({})} className="bulk-tier-add">
                    添加档位
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </fieldset>

        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="上架状态" name="on_sale" rules={[zodRule(rules.on_sale)]}>
              <Radio.Group options={[...BULK_ON_SALE_OPTIONS]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label="排序" name="sort" rules={[zodRule(rules.sort)]} extra="小的在前">
              <InputNumber controls={false} min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="备注" name="remark" rules={[zodRule(rules.remark)]}>
              <Input maxLength={200} placeholder="如：整车发货、含税价" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={gone}>
            保存
          </Button>
          <Button onClick={() => navigate('/crm/goods_index_dzc')}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
