import {
  GOODS_CODE_MAX,
  GOODS_DESCRIPTION_MAX,
  GOODS_IMAGE_MAX,
  GOODS_NAME_MAX,
  GOODS_SKU_MAX,
  GOODS_SPEC_MAX,
  type GoodsSku,
  type GoodsType,
  goodsResource,
  type LibraryGoods,
} from '@portal/contract';
import { goodsCalls } from '@portal/contract/calls';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Table,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCategoryTree } from '#web/modules/goods-category/index.ts';
import { api } from '#web/shared/api/client.ts';
import { yuanToCents } from '#web/shared/format.ts';
import { itemProps, useCanCall, wordOptions } from '#web/shared/resource/declared.tsx';
import { categoryOptions } from '#web/shared/ui/categoryOptions.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { PictureListUpload } from '#web/shared/ui/PictureListUpload.tsx';
import { RichTextEditor } from '#web/shared/ui/RichTextEditor.tsx';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { useKeyboardScroll } from '#web/shared/ui/useKeyboardScroll.ts';
import { useBrandOptions, useGoods, useGoodsSkus, useSaveGoods } from './useGoods.ts';
import './goods-library.css';

const rules = goodsResource.fields;
/** A field's label, required mark, rules and hint, as the declaration says (ADR 0036). */
const field = (key: keyof typeof rules & keyof typeof goodsResource.shape) => itemProps(goodsResource, key);
const TYPE_OPTIONS = wordOptions(goodsResource.shape.goods_type);

interface SkuValues {
  id?: number;
  /** The values of the goods' spec names, in their order. */
  values: string[];
  barcode?: string;
  price?: number;
  cost?: number;
  weight?: number;
  stock?: number;
}

interface Values {
  code: string;
  name: string;
  subtitle?: string;
  keywords?: string;
  category_id?: number;
  brand_id?: number;
  unit?: string;
  goods_type: GoodsType;
  status: 0 | 1;
  price?: number;
  stock?: number;
  images: string[];
  description?: string;
  /** The spec names every specification gives a value of (颜色, 容量). */
  specNames: string[];
  skus: SkuValues[];
}

const FIELDS = [
  'code',
  'name',
  'subtitle',
  'keywords',
  'category_id',
  'brand_id',
  'unit',
  'goods_type',
  'status',
  'price',
  'stock',
  'images',
  'description',
  'skus',
] as const;

const yuan = (cents: number | undefined) => (cents === undefined ? undefined : cents / 100);

function valuesOf(g: LibraryGoods, skus: readonly GoodsSku[]): Values {
  const specNames = skus[0]?.specs.map((s) => s.name) ?? [];
  return {
    code: g.code,
    name: g.name,
    subtitle: g.subtitle,
    keywords: g.keywords,
    category_id: g.category_id ?? undefined,
    brand_id: g.brand_id ?? undefined,
    unit: g.unit,
    goods_type: g.goods_type as GoodsType,
    status: g.status === 1 ? 1 : 0,
    price: yuan(g.price),
    images: g.images,
    description: g.description,
    specNames,
    skus: skus.map((s) => ({
      id: s.id,
      values: specNames.map((n) => s.specs.find((x) => x.name === n)?.value ?? ''),
      barcode: s.barcode,
      price: yuan(s.price),
      cost: yuan(s.cost),
      weight: s.weight,
      stock: s.stock,
    })),
  };
}

const NEW: Partial<Values> = {
  goods_type: 'normal',
  status: 1,
  unit: '件',
  images: [],
  specNames: [],
  skus: [],
};

function toInput(v: Values) {
  const names = (v.specNames ?? []).map((n) => n.trim()).filter(Boolean);
  const skus = names.length === 0 ? [] : (v.skus ?? []);
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    subtitle: v.subtitle?.trim() ?? '',
    keywords: v.keywords?.trim() ?? '',
    category_id: v.category_id as number,
    brand_id: v.brand_id,
    unit: v.unit?.trim() ?? '',
    goods_type: v.goods_type,
    status: v.status,
    price: yuanToCents(v.price),
    stock: v.stock,
    images: (v.images ?? []).map((s) => s.trim()).filter(Boolean),
    description: v.description ?? '',
    // A form post carries no nesting: the specifications go as their JSON text (the contract reads it).
    skus: JSON.stringify(
      skus.map((s) => ({
        ...(s.id !== undefined && { id: s.id }),
        specs: names.map((name, i) => ({ name, value: (s.values?.[i] ?? '').trim() })),
        barcode: s.barcode?.trim() ?? '',
        price: yuanToCents(s.price),
        cost: yuanToCents(s.cost),
        weight: s.weight,
        ...(s.id === undefined && { stock: s.stock }),
      })),
    ) as never,
  };
}

/** 规格: the spec names, then one row per specification with its values, barcode, prices, weight, stock. */
function SkusField({ form, editing }: { form: FormInstance<Values>; editing: boolean }) {
  const specNames: string[] = Form.useWatch('specNames', form) ?? [];
  const names = specNames.map((n) => (n ?? '').trim());
  const box = useKeyboardScroll('规格');
  return (
    <>
      <Form.List name="specNames">
        {(fields, { add, remove }) => (
          <Space wrap align="start" className="goods-form-spec-names">
            {fields.map((field, i) => (
              <Space key={field.key} size={4}>
                <Form.Item name={field.name} noStyle>
                  <Input
                    aria-label={`规格名 ${i + 1}`}
                    placeholder="如：颜色"
                    maxLength={20}
                    style={{ width: 120 }}
                  />
                </Form.Item>
                <Button size="small" onClick={() => remove(field.name)} aria-label={`移除规格名 ${i + 1}`}>
                  移除
                </Button>
              </Space>
            ))}
            <Button onClick={() => add('')} disabled={fields.length >= GOODS_SPEC_MAX}>
              添加规格名
            </Button>
          </Space>
        )}
      </Form.List>
      {names.length > 0 && (
        <Form.List name="skus">
          {(fields, { add, remove }, { errors }) => (
            <>
              <Form.ErrorList errors={errors} />
              <div ref={box}>
                <Table
                  className="goods-form-skus"
                  size="small"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  rowKey="key"
                  dataSource={fields}
                  locale={{ emptyText: '还没有规格，点击「添加规格」' }}
                  columns={[
                    ...names.map((name, j) => ({
                      title: name || `规格名 ${j + 1}`,
                      key: `v${j}`,
                      render: (_: unknown, f: (typeof fields)[number]) => (
                        <Form.Item name={[f.name, 'values', j]} noStyle>
                          <Input
                            aria-label={`第 ${f.name + 1} 个规格的${name || '规格值'}`}
                            maxLength={30}
                            style={{ width: 100 }}
                          />
                        </Form.Item>
                      ),
                    })),
                    {
                      title: '销售价（元）',
                      key: 'price',
                      render: (_: unknown, f: (typeof fields)[number]) => (
                        <Form.Item name={[f.name, 'price']} noStyle>
                          <InputNumber
                            aria-label={`第 ${f.name + 1} 个规格的销售价`}
                            min={0}
                            precision={2}
                            controls={false}
                            style={{ width: 100 }}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '成本价（元）',
                      key: 'cost',
                      render: (_: unknown, f: (typeof fields)[number]) => (
                        <Form.Item name={[f.name, 'cost']} noStyle>
                          <InputNumber
                            aria-label={`第 ${f.name + 1} 个规格的成本价`}
                            min={0}
                            precision={2}
                            controls={false}
                            style={{ width: 100 }}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '条形码',
                      key: 'barcode',
                      render: (_: unknown, f: (typeof fields)[number]) => (
                        <Form.Item name={[f.name, 'barcode']} noStyle>
                          <Input
                            aria-label={`第 ${f.name + 1} 个规格的条形码`}
                            maxLength={32}
                            style={{ width: 140 }}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '重量（克）',
                      key: 'weight',
                      render: (_: unknown, f: (typeof fields)[number]) => (
                        <Form.Item name={[f.name, 'weight']} noStyle>
                          <InputNumber
                            aria-label={`第 ${f.name + 1} 个规格的重量`}
                            min={0}
                            precision={0}
                            controls={false}
                            style={{ width: 90 }}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: editing ? '库存' : '期初库存',
                      key: 'stock',
                      render: (_: unknown, f: (typeof fields)[number]) => {
                        const id = form.getFieldValue(['skus', f.name, 'id']) as number | undefined;
                        // A kept specification's stock moves only by stock records.
                        return id !== undefined ? (
                          <Typography.Text>
                            {form.getFieldValue(['skus', f.name, 'stock']) ?? 0}
                          </Typography.Text>
                        ) : (
                          <Form.Item name={[f.name, 'stock']} noStyle>
                            <InputNumber
                              aria-label={`第 ${f.name + 1} 个规格的期初库存`}
                              min={0}
                              precision={0}
                              controls={false}
                              style={{ width: 90 }}
                            />
                          </Form.Item>
                        );
                      },
                    },
                    {
                      title: '操作',
                      key: 'remove',
                      render: (_: unknown, f: (typeof fields)[number]) => (
                        <Button
                          type="link"
                          danger
                          onClick={() => remove(f.name)}
                          aria-label={`移除第 ${f.name + 1} 个规格`}
                        >
                          移除
                        </Button>
                      ),
                    },
                  ]}
                />
              </div>
              <Button
                className="goods-form-add-sku"
                onClick={() => add({ values: [] })}
                disabled={fields.length >= GOODS_SKU_MAX}
              >
                添加规格
              </Button>
            </>
          )}
        </Form.List>
      )}
    </>
  );
}

/**
 * 新增商品 / 编辑商品 (/crm/new_goods, ?id= to edit): basic facts, images, specifications (spec
 * names, then one row per specification), price and opening stock of a goods without
 * specifications, and the details. The server's field errors stand beside their fields; 商品编码
 * is checked as it is left.
 */
export function GoodsFormPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const goods = useGoods(id);
  const skus = useGoodsSkus(id);
  const [form] = Form.useForm<Values>();
  const tree = useCategoryTree();
  const treeData = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  const brands = useBrandOptions();
  const save = useSaveGoods();
  const canChange = useCanCall(goodsCalls.update);
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  const specNames: string[] = Form.useWatch('specNames', form) ?? [];
  const hasSkus = specNames.some((n) => (n ?? '').trim() !== '');

  useEffect(() => {
    if (id !== null && goods.data && skus.data && loadedFor !== id) {
      form.setFieldsValue(valuesOf(goods.data, skus.data));
      setLoadedFor(id);
    }
  }, [id, goods.data, skus.data, loadedFor, form]);

  if (id !== null && (goods.isPending || skus.isPending)) return <PageSpin />;
  if (id !== null && (goods.isError || !goods.data))
    return (
      <Card title="编辑商品">
        <Alert
          type="error"
          showIcon
          message="商品不存在或已被删除"
          action={<Link to="/crm/goods_manager">返回商品库</Link>}
        />
      </Card>
    );
  if (id !== null && !canChange)
    return (
      <Card title="编辑商品">
        <Alert type="warning" showIcon message="没有修改商品的权限" />
      </Card>
    );

  const submit = (v: Values) => {
    const input = toInput(v);
    save.mutate(
      id === null ? input : { ...input, id },
      savedWithToast(form, FIELDS, id === null ? '已新增商品' : '已保存商品', (saved) =>
        navigate(`/crm/goods_detail?id=${(saved as LibraryGoods).id}`),
      ),
    );
  };

  const checkCode = async (_: unknown, value: string) => {
    const code = (value ?? '').trim();
    if (!code || !rules.code.safeParse(code).success) return;
    const r = await api.call(goodsCalls.check, { value: code, ...(id !== null && { id }) }, { toast: false });
    if (!r.available) throw new Error(r.message);
  };

  return (
    <Card
      title={id === null ? '新增商品' : `编辑商品 · ${goods.data?.name ?? ''}`}
      extra={<Link to="/crm/goods_manager">返回商品库</Link>}
    >
      <Form<Values>
        form={form}
        name="goods-form"
        layout="vertical"
        initialValues={NEW}
        onFinish={submit}
        scrollToFirstError
        className="goods-form"
      >
        <Typography.Title level={2} className="goods-form-section">
          基本信息
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              {...field('code')}
              validateTrigger="onBlur"
              rules={[...field('code').rules, { validator: checkCode }]}
            >
              <Input maxLength={GOODS_CODE_MAX} placeholder="如：LJ-001" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item {...field('name')}>
              <Input maxLength={GOODS_NAME_MAX} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {/* Required to write, though a goods read may have none (the declaration's item allows it). */}
            <Form.Item {...field('category_id')} required>
              <TreeSelect
                switcherIcon={TREE_SWITCHER}
                treeData={treeData}
                placeholder="请选择分类"
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...field('brand_id')}>
              <Select
                allowClear={CLEARABLE}
                placeholder="选填"
                showSearch={{ optionFilterProp: 'label' }}
                options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.label }))}
                notFoundContent={<Link to="/crm/goods_brand">还没有品牌，去添加</Link>}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item {...field('unit')}>
              <Input maxLength={10} placeholder="件" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item {...field('goods_type')}>
              <Select options={TYPE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...field('subtitle')}>
              <Input maxLength={100} placeholder="选填，商城列表中显示在名称下方" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...field('keywords')}>
              <Input maxLength={100} placeholder="如：明前 西湖" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item {...field('status')}>
              <Radio.Group
                options={[
                  { value: 1, label: '启用' },
                  { value: 0, label: '停用（不再供选用）' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={2} className="goods-form-section">
          规格
        </Typography.Title>
        <Form.Item extra="有规格（如颜色、容量）的商品按规格分别定价和管理库存；没有规格时留空，在下方填写价格。">
          <SkusField form={form} editing={id !== null} />
        </Form.Item>
        {!hasSkus && (
          <Row gutter={16}>
            <Col xs={12} md={6}>
              {/* Required without specifications (the server says 销售价不能为空). */}
              <Form.Item {...field('price')} required>
                <InputNumber min={0} precision={2} controls={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {id === null && (
              <Col xs={12} md={6}>
                <Form.Item {...field('stock')}>
                  <InputNumber min={0} precision={0} controls={false} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
          </Row>
        )}

        <Typography.Title level={2} className="goods-form-section">
          图片
        </Typography.Title>
        <Form.Item {...field('images')}>
          <PictureListUpload label={goodsResource.shape.images.label} max={GOODS_IMAGE_MAX} />
        </Form.Item>

        <Typography.Title level={2} className="goods-form-section">
          商品详情
        </Typography.Title>
        <Form.Item name="description" rules={field('description').rules}>
          <RichTextEditor
            label={goodsResource.shape.description.label}
            max={GOODS_DESCRIPTION_MAX}
            placeholder="商品介绍、产地、保存方法等"
          />
        </Form.Item>

        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={() => navigate(-1)}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
