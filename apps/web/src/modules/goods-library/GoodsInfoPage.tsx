import type { GoodsHistory, GoodsSku, LibraryGoods } from '@portal/contract';
import { goodsCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Image, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { formatMinute, formatYuan } from '#web/shared/format.ts';
import { confirmRun } from '#web/shared/ui/confirmDanger.ts';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { ListTable } from '#web/shared/ui/ListTable.tsx';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { usePaging } from '#web/shared/ui/pagination.ts';
import { RichText } from '#web/shared/ui/RichText.tsx';
import { useCan } from '#web/shared/usePermission.ts';
import { confirmPush } from './confirmPush.tsx';
import { shopTag, typeName } from './GoodsManagerPage.tsx';
import { ShopGoodsCard } from './ShopGoodsCard.tsx';
import { goodsKeys, useGoods, useGoodsBatch, useGoodsSkus } from './useGoods.ts';
import './goods-library.css';

const ACTIONS: Record<string, string> = { create: '新增', update: '修改', delete: '删除' };

/** Without `?id=`: a search that picks the goods to open. */
function PickGoods() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const options = useQuery({
    queryKey: [...goodsKeys.all, 'options', keyword],
    queryFn: () => api.call(goodsCalls.select, { keyword: keyword || undefined }).then((d) => d.results),
  });
  return (
    <Card title="商品详情">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>选择要查看的商品（输入名称搜索）：</Typography.Paragraph>
        <Select
          aria-label="选择商品"
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder="输入商品名称"
          style={{ width: 360, maxWidth: '100%' }}
          loading={options.isFetching}
          options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
          notFoundContent={options.isFetching ? '加载中…' : '没有找到商品'}
          onChange={(id: number) => navigate(`/crm/goods_detail?id=${id}`)}
        />
        <Link to="/crm/goods_manager">或到商品库中查找</Link>
      </Space>
    </Card>
  );
}

function SkuTable({ skus }: { skus: GoodsSku[] }) {
  return (
    <DetailTable<GoodsSku>
      aria-label="规格列表"
      dataSource={skus}
      columns={[
        { title: '规格', dataIndex: 'spec_text' },
        { title: '条形码', dataIndex: 'barcode', render: (v: string) => v || '—' },
        { title: '销售价', dataIndex: 'price', align: 'right', render: (v: number) => formatYuan(v) },
        { title: '成本价', dataIndex: 'cost', align: 'right', render: (v: number) => formatYuan(v) },
        { title: '重量（克）', dataIndex: 'weight', align: 'right' },
        { title: '库存', dataIndex: 'stock', align: 'right' },
      ]}
    />
  );
}

/** One value of a change, as the server put it in words; a picture as a small picture linked to it. */
function ChangeValue({ change, value }: { change: GoodsHistory['changes'][number]; value: string }) {
  if (!value) return <>（空）</>;
  if (change.picture !== 1) return <>{value}</>;
  return (
    <a href={value} target="_blank" rel="noreferrer" className="goods-history-picture">
      <img src={value} alt={`${change.field}图片`} width={32} height={32} loading="lazy" />
    </a>
  );
}

function History({ id }: { id: number }) {
  const { page, pageSize, pagination } = usePaging(5);
  const history = useQuery({
    queryKey: [...goodsKeys.all, 'history', id, page, pageSize],
    queryFn: () => api.call(goodsCalls.history, { id, page, page_size: pageSize }),
  });
  return (
    <ListTable<GoodsHistory>
      aria-label="修改记录"
      query={history}
      empty="暂无修改记录"
      pagination={pagination}
      columns={[
        {
          title: '时间',
          dataIndex: 'time',
          width: 150,
          phone: 'title',
          render: (v: string) => formatMinute(v),
        },
        { title: '操作人', dataIndex: 'username', width: 110, render: (v: string) => v || '—' },
        { title: '操作', dataIndex: 'action', width: 70, render: (v: string) => ACTIONS[v] ?? v },
        {
          title: '内容',
          dataIndex: 'changes',
          render: (changes: GoodsHistory['changes']) =>
            changes.length === 0 ? (
              <Typography.Text type="secondary">规格或图片等</Typography.Text>
            ) : (
              <ul className="goods-history-changes">
                {changes.map((c) => (
                  <li key={c.field}>
                    {c.field}：<ChangeValue change={c} value={c.before} /> →{' '}
                    <ChangeValue change={c} value={c.after} />
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}

function GoodsInfo({ goods, skus }: { goods: LibraryGoods; skus: GoodsSku[] }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canChange = useCan('goods', 'change_goods');
  const canShop = useCan('goods', 'change_shop_goods');
  const push = useGoodsBatch(goodsCalls.pushToShop);
  const onSale = useGoodsBatch(goodsCalls.setOnSale);
  const ask = (title: string, content: string, okText: string, run: () => Promise<unknown>, done: string) =>
    confirmRun(modal, { title, content, okText, run, done: () => done });
  const ids = [goods.id];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={goods.name}>
        <div className="goods-info">
          <Space wrap>
            {canChange && <Button onClick={() => navigate(`/crm/new_goods?id=${goods.id}`)}>编辑</Button>}
            {canShop && goods.in_shop !== 1 && (
              <Button
                type="primary"
                onClick={() =>
                  confirmPush(modal, {
                    title: `把「${goods.name}」推送到商城？`,
                    goods: [goods],
                    run: (sell) => push.mutateAsync({ ids, ...(sell && { on_sale: 1 }) }),
                  })
                }
              >
                推送到商城
              </Button>
            )}
            {canShop && goods.in_shop === 1 && goods.on_sale !== 1 && goods.price <= 0 && (
              <Typography.Text type="warning">未上架：还没有销售价，请先编辑设置销售价</Typography.Text>
            )}
            {canShop && goods.in_shop === 1 && goods.on_sale !== 1 && goods.price > 0 && (
              <Button
                type="primary"
                onClick={() =>
                  ask(
                    `上架「${goods.name}」？`,
                    '上架后顾客立即能在商城找到并购买。',
                    '上架',
                    () => onSale.mutateAsync({ ids, on_sale: 1 }),
                    '已上架',
                  )
                }
              >
                上架
              </Button>
            )}
            {canShop && goods.on_sale === 1 && (
              <Button
                onClick={() =>
                  ask(
                    `下架「${goods.name}」？`,
                    '下架后商城不再展示，顾客不能再购买。',
                    '下架',
                    () => onSale.mutateAsync({ ids, on_sale: 0 }),
                    '已下架',
                  )
                }
              >
                下架
              </Button>
            )}
            {goods.on_sale === 1 && (
              <Link to={`/goodsDetail?id=${goods.id}`} target="_blank">
                在商城中查看
              </Link>
            )}
          </Space>
          {goods.images.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap className="goods-info-images">
                {goods.images.map((src, i) => (
                  <Image key={src} src={src} alt={`${goods.name} 图片 ${i + 1}`} width={96} height={96} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
            <Descriptions.Item label="商品编码">{goods.code || '—'}</Descriptions.Item>
            <Descriptions.Item label="分类">{goods.category_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="品牌">{goods.brand_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="类型">{typeName(goods.goods_type)}</Descriptions.Item>
            <Descriptions.Item label="单位">{goods.unit}</Descriptions.Item>
            <Descriptions.Item label="状态">{goods.status === 1 ? '启用' : '停用'}</Descriptions.Item>
            <Descriptions.Item label="价格">
              {formatYuan(goods.price)}
              {goods.sku_count > 1 ? ' 起' : ''}
            </Descriptions.Item>
            <Descriptions.Item label="库存">{goods.stock}</Descriptions.Item>
            <Descriptions.Item label="销量">{goods.sales}</Descriptions.Item>
            <Descriptions.Item label="商城">{shopTag(goods)}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatMinute(goods.create_time)}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{formatMinute(goods.update_time)}</Descriptions.Item>
          </Descriptions>
        </div>
      </Card>
      {goods.in_shop === 1 && <ShopGoodsCard goodsId={goods.id} />}
      <Card title={`规格（${skus.length}）`}>
        {skus.length > 0 ? (
          <SkuTable skus={skus} />
        ) : (
          <Typography.Text type="secondary">没有规格：按商品本身定价和计库存。</Typography.Text>
        )}
      </Card>
      {goods.description && (
        <Card title="商品详情">
          <RichText html={goods.description} />
        </Card>
      )}
      <Card title="修改记录">
        <History id={goods.id} />
      </Card>
    </Space>
  );
}

/**
 * 商品详情 (/crm/goods_detail?id=): one goods in full — its facts, images, specifications with
 * their stock, sales, where it stands in the shop (推送, 上架, 下架 from here), its 商城设置 (ShopGoodsCard:
 * shop prices, limit, specifications sold, gallery; ADR 0028) and who changed it when. Opened without an id it offers a search to pick one.
 */
export function GoodsInfoPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const goods = useGoods(id);
  const skus = useGoodsSkus(id);
  if (id === null) return <PickGoods />;
  if (goods.isPending || skus.isPending) return <PageSpin />;
  if (goods.isError || !goods.data)
    return (
      <Card title="商品详情">
        <Alert
          type="error"
          showIcon
          message="商品不存在或已被删除"
          action={<Link to="/crm/goods_manager">返回商品库</Link>}
        />
      </Card>
    );
  return <GoodsInfo goods={goods.data} skus={skus.data ?? []} />;
}
