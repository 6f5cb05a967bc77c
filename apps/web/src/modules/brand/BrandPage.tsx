import { type Brand, brandResource, publicBrandResource } from '@portal/contract';
import { brandCalls, publicBrandCalls } from '@portal/contract/calls';
import { Radio } from 'antd';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';

/** What a brands screen has of its own: the words of 停用 in the form say what it does. */
const statusControl = () => (
  <Radio.Group
    options={[
      { value: 1, label: '启用' },
      { value: 0, label: '停用（不再供新商品选择）' },
    ]}
  />
);

/** 品牌管理 (/crm/goods_brand): the company's brands, from their declaration (packages/contract brand.ts). */
export function BrandPage() {
  return (
    <ResourcePage<Brand>
      name="brand"
      resource={brandResource}
      routes={brandCalls}
      title="品牌管理"
      rowName={(b) => b.name}
      formSpecial={{ controls: { status: statusControl } }}
    />
  );
}

/** 公共品牌 (/manager/public-brand): brands every company picks from; the super administrator keeps them. */
export function PublicBrandPage() {
  return (
    <ResourcePage<Brand>
      name="public-brand"
      resource={publicBrandResource}
      routes={publicBrandCalls}
      title="公共品牌"
      rowName={(b) => b.name}
      formSpecial={{ controls: { status: statusControl } }}
    />
  );
}
