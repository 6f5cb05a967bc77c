import { BRAND_NAME_MAX, BRAND_STATUS, type Brand, brandResource } from '@portal/contract';
import { brandCalls, publicBrandCalls } from '@portal/contract/calls';
import { Form, Input, InputNumber, Radio, Tag, Typography } from 'antd';
import { formatMinute } from '#web/shared/format.ts';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { ImageUpload } from '#web/shared/ui/ImageUpload.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCan } from '#web/shared/usePermission.ts';
import './brand.css';

interface Values {
  name: string;
  logo?: string;
  description?: string;
  sort?: number;
  status: 0 | 1;
}

const rules = brandResource.fields;
const STATUS_OPTIONS = optionsOf(BRAND_STATUS).map((o) => ({ ...o, value: Number(o.value) }));

const columns: ListColumns<Brand> = [
  {
    title: '标志',
    dataIndex: 'logo',
    width: 72,
    phone: 'hidden',
    render: (v: string, row) =>
      v ? (
        <img src={v} alt={`${row.name} 标志`} width={40} height={40} className="brand-logo" />
      ) : (
        <span className="brand-logo brand-logo--empty" aria-hidden />
      ),
  },
  { title: '品牌名称', dataIndex: 'name', phone: 'title' },
  {
    title: '品牌介绍',
    dataIndex: 'description',
    render: (v: string) =>
      v ? (
        <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  { title: '排序', dataIndex: 'sort', width: 72, align: 'right' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    phone: 'title',
    render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
  { title: '更新时间', dataIndex: 'update_time', width: 150, render: (v: string) => formatMinute(v) },
];

/**
 * A brands screen: the company's brands (品牌管理) and the public brands (公共品牌) are the same
 * columns and form over two declared resources.
 */
function BrandsScreen({
  name,
  label,
  title,
  routes,
  can,
}: {
  name: string;
  label: string;
  title: string;
  routes: typeof brandCalls | typeof publicBrandCalls;
  can: { add: boolean; change: boolean; delete: boolean };
}) {
  return (
    <ResourcePage<Brand, Values>
      name={name}
      label={label}
      title={title}
      routes={routes}
      can={can}
      columns={columns}
      statusOptions={STATUS_OPTIONS}
      searchPlaceholder="品牌名称 / 介绍"
      rowName={(b) => b.name}
      form={{
        fields: ['name', 'logo', 'description', 'sort', 'status'],
        initial: { status: 1, sort: 0 },
        fromItem: (b) => ({
          name: b.name,
          logo: b.logo,
          description: b.description,
          sort: b.sort,
          status: b.status === 1 ? 1 : 0,
        }),
        toInput: (v) => ({
          name: v.name.trim(),
          logo: v.logo?.trim() ?? '',
          description: v.description?.trim() ?? '',
          sort: v.sort ?? 0,
          status: v.status,
        }),
        items: () => (
          <>
            <Form.Item label="品牌名称" name="name" required rules={[zodRule(rules.name)]}>
              <Input maxLength={BRAND_NAME_MAX} showCount placeholder="如：青峰" />
            </Form.Item>
            <Form.Item label="品牌标志" name="logo" rules={[zodRule(rules.logo)]}>
              <ImageUpload alt="品牌标志" />
            </Form.Item>
            <Form.Item label="品牌介绍" name="description" rules={[zodRule(rules.description)]}>
              <Input.TextArea rows={3} maxLength={500} showCount placeholder="选填" />
            </Form.Item>
            <Form.Item label="排序" name="sort" rules={[zodRule(rules.sort)]} extra="数字小的排在前面">
              <InputNumber min={0} max={9999} precision={0} controls={false} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label="状态" name="status" rules={[zodRule(rules.status)]}>
              <Radio.Group
                options={[
                  { value: 1, label: '启用' },
                  { value: 0, label: '停用（不再供新商品选择）' },
                ]}
              />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}

/** 品牌管理 (/crm/goods_brand): the company's brands, the first screen of the resource block. */
export function BrandPage() {
  const can = {
    add: useCan('goods', 'add_goods_brand'),
    change: useCan('goods', 'change_goods_brand'),
    delete: useCan('goods', 'delete_goods_brand'),
  };
  return <BrandsScreen name="brand" label="品牌" title="品牌管理" routes={brandCalls} can={can} />;
}

/** 公共品牌 (/manager/public-brand): brands every company picks from; the super administrator keeps them. */
export function PublicBrandPage() {
  const keeper = useCan('goods', 'change_public_brand');
  const can = { add: keeper, change: keeper, delete: keeper };
  return (
    <BrandsScreen name="public-brand" label="公共品牌" title="公共品牌" routes={publicBrandCalls} can={can} />
  );
}
