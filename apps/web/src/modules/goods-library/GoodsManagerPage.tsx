import { GOODS_TYPES, type GoodsType, goodsResource, type LibraryGoods } from '@portal/contract';
import { brandCalls, goodsCalls, goodsCategoryCalls } from '@portal/contract/calls';
import { App, Button, Dropdown, Select, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useCategoryTree } from '#web/modules/goods-category/index.ts';
import { formatYuan } from '#web/shared/format.ts';
import { useCanCall, wordOptions } from '#web/shared/resource/declared.tsx';
import { namedRows, ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { CategoryFilter } from '#web/shared/ui/CategoryFilter.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmRun } from '#web/shared/ui/confirmDanger.ts';
import { LinkButton } from '#web/shared/ui/LinkButton.tsx';
import { confirmPush } from './confirmPush.tsx';
import { useBrandOptions, useGoodsBatch } from './useGoods.ts';
import './goods-library.css';

const TYPE_OPTIONS = wordOptions(goodsResource.shape.goods_type);

/** Where a goods stands in the shop, as one filter. */
const SHOP_STATES = {
  selling: { label: '在售', filter: { in_shop: 1, on_sale: 1 } },
  stopped: { label: '已下架', filter: { in_shop: 1, on_sale: 0 } },
  library: { label: '未推送到商城', filter: { in_shop: 0 } },
} as const;
type ShopState = keyof typeof SHOP_STATES;

/** The list's own filters: the category (with its subtree), brand, type and where it stands in the shop. */
interface GoodsFilters {
  category_id?: number;
  brand_id?: number;
  goods_type?: GoodsType;
  shop?: ShopState;
}

export function shopTag(g: Pick<LibraryGoods, 'in_shop' | 'on_sale' | 'is_public'>) {
  if (g.in_shop !== 1) return <Tag>未推送</Tag>;
  return (
    <Space size={4} wrap>
      {g.on_sale === 1 ? <Tag color="green">在售</Tag> : <Tag color="orange">已下架</Tag>}
      {g.is_public === 0 && <Tag color="purple">不公开</Tag>}
    </Space>
  );
}

export const typeName = (t: string) => GOODS_TYPES[t as GoodsType] ?? t;

/**
 * 商品库 (/crm/goods_manager): the company's goods on the resource page — search by code, name or
 * keyword, filter by status, category (with its subtree), brand, type and where it stands in the
 * shop; batch actions (推送到商城, 上架, 下架, 公开/不公开, 设置类型, 删除) over the chosen rows, each
 * confirmed; export the filtered list; 导入 from Excel (`/goods/excel_data_save`); new and edit on
 * their own page (new_goods), one goods in full on goods_detail.
 */
export function GoodsManagerPage() {
  const { modal } = App.useApp();
  // Each batch action as its own call's declaration allows.
  const can = {
    push: useCanCall(goodsCalls.pushToShop),
    sale: useCanCall(goodsCalls.setOnSale),
    publicity: useCanCall(goodsCalls.setPublic),
    type: useCanCall(goodsCalls.setType),
  };
  const tree = useCategoryTree();
  const brands = useBrandOptions();
  // The category and brand filters for the roles that may read them (finance reads goods only).
  const sees = { categories: useCanCall(goodsCategoryCalls.tree), brands: useCanCall(brandCalls.select) };

  const push = useGoodsBatch(goodsCalls.pushToShop);
  const onSale = useGoodsBatch(goodsCalls.setOnSale);
  const publicity = useGoodsBatch(goodsCalls.setPublic);
  const setType = useGoodsBatch(goodsCalls.setType);

  const batch = (
    title: string,
    content: string,
    okText: string,
    run: () => Promise<{ count: number }>,
    done: (n: number) => string,
  ) => confirmRun(modal, { title, content, okText, run, done: (r) => done(r.count) });

  /** The batch menu's items over the chosen goods, by the caller's permissions. */
  const batchItems = (chosen: LibraryGoods[]) => {
    const names = namedRows(chosen, (g) => g.name, '商品');
    const ids = chosen.map((g) => g.id);
    return [
      ...(can.push
        ? [
            {
              key: 'push',
              label: '推送到商城',
              onClick: () =>
                confirmPush(modal, {
                  title: `把${names}推送到商城？`,
                  goods: chosen,
                  run: (sell) => push.mutateAsync({ ids, ...(sell && { on_sale: 1 }) }),
                }),
            },
          ]
        : []),
      ...(can.sale
        ? [
            {
              key: 'on',
              label: '上架',
              onClick: () =>
                // A goods without a price cannot go on sale (the server refuses the batch): say so first.
                chosen.some((g) => g.price <= 0)
                  ? modal.warning({
                      title: '有商品不能上架',
                      content: `${namedRows(
                        chosen.filter((g) => g.price <= 0),
                        (g) => g.name,
                        '商品',
                      )}还没有销售价：请先在商品库编辑中设置销售价，或不选它们再上架。`,
                      okText: '知道了',
                    })
                  : batch(
                      `上架${names}？`,
                      '上架后顾客立即能在商城找到并购买。',
                      '上架',
                      () => onSale.mutateAsync({ ids, on_sale: 1 }),
                      (n) => `已上架 ${n} 个商品`,
                    ),
            },
            {
              key: 'off',
              label: '下架',
              onClick: () =>
                batch(
                  `下架${names}？`,
                  '下架后商城不再展示，顾客不能再购买；已下的订单不受影响。',
                  '下架',
                  () => onSale.mutateAsync({ ids, on_sale: 0 }),
                  (n) => `已下架 ${n} 个商品`,
                ),
            },
          ]
        : []),
      ...(can.publicity
        ? [
            {
              key: 'private',
              label: '设为不公开',
              onClick: () =>
                batch(
                  `把${names}设为不公开？`,
                  '不公开的商品不出现在商城列表和搜索中，只能通过商品链接购买。',
                  '设为不公开',
                  () => publicity.mutateAsync({ ids, is_public: 0 }),
                  (n) => `已把 ${n} 个商品设为不公开`,
                ),
            },
            {
              key: 'public',
              label: '设为公开',
              onClick: () =>
                batch(
                  `把${names}设为公开？`,
                  '公开的在售商品出现在商城列表和搜索中。',
                  '设为公开',
                  () => publicity.mutateAsync({ ids, is_public: 1 }),
                  (n) => `已把 ${n} 个商品设为公开`,
                ),
            },
          ]
        : []),
      ...(can.type
        ? Object.entries(GOODS_TYPES).map(([type, label]) => ({
            key: `type-${type}`,
            label: `设为${label}`,
            onClick: () =>
              batch(
                `把${names}的类型设为「${label}」？`,
                '物料清单只能选用原材料，生产计划只能生产成品。',
                '设置',
                () => setType.mutateAsync({ ids, goods_type: type as GoodsType }),
                (n) => `已设置 ${n} 个商品的类型`,
              ),
          }))
        : []),
    ];
  };

  return (
    <ResourcePage<LibraryGoods, object, GoodsFilters>
      name="goods"
      resource={goodsResource}
      title="商品库"
      routes={goodsCalls}
      render={{
        name: {
          render: (v: string, row) => (
            <Space direction="vertical" size={0}>
              <Link to={`/crm/goods_detail?id=${row.id}`}>{v}</Link>
              {row.sku_count > 0 && (
                <Typography.Text type="secondary" className="goods-lib-sub">
                  {row.sku_count} 个规格
                </Typography.Text>
              )}
            </Space>
          ),
        },
        category_id: { title: '分类' },
        goods_type: { title: '类型', width: 90 },
        price: {
          title: '价格',
          width: 110,
          render: (v: number, row) => `${formatYuan(v)}${row.sku_count > 1 ? ' 起' : ''}`,
        },
        stock: { title: '库存', width: 80 },
        in_shop: { width: 130, render: (_: unknown, row) => shopTag(row) },
      }}
      searchPlaceholder="编码 / 名称 / 关键词"
      rowName={(g) => g.name}
      editor={{ href: (g) => (g ? `/crm/new_goods?id=${g.id}` : '/crm/new_goods') }}
      removeNote="删除后不再列出，也不能再选用；在售的商品请先下架。已有订单中的商品信息不受影响。"
      filters={{
        query: ({ shop, ...rest }) => ({ ...rest, ...(shop ? SHOP_STATES[shop].filter : {}) }),
        render: (values, set) => (
          <>
            {sees.categories && (
              <CategoryFilter
                label="商品分类"
                tree={tree.data}
                value={values.category_id}
                onChange={(v) => set({ category_id: v })}
              />
            )}
            {sees.brands && (
              <Select
                aria-label="品牌"
                placeholder="全部品牌"
                allowClear={CLEARABLE}
                showSearch={{ optionFilterProp: 'label' }}
                options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.label }))}
                value={values.brand_id}
                onChange={(v?: number) => set({ brand_id: v })}
                style={{ width: 130 }}
              />
            )}
            <Select
              aria-label="商品类型"
              placeholder="全部类型"
              allowClear={CLEARABLE}
              options={TYPE_OPTIONS}
              value={values.goods_type}
              onChange={(v?: GoodsType) => set({ goods_type: v })}
              style={{ width: 120 }}
            />
            <Select
              aria-label="商城状态"
              placeholder="商城状态"
              allowClear={CLEARABLE}
              options={Object.entries(SHOP_STATES).map(([value, s]) => ({ value, label: s.label }))}
              value={values.shop}
              onChange={(v?: ShopState) => set({ shop: v })}
              style={{ width: 140 }}
            />
          </>
        ),
      }}
      rowActions={(g) => (
        <LinkButton to={`/crm/goods_detail?id=${g.id}`} label={`查看 ${g.name}`}>
          查看
        </LinkButton>
      )}
      batchActions={
        Object.values(can).some(Boolean)
          ? (chosen) => (
              <Dropdown
                menu={{ items: batchItems(chosen) }}
                disabled={chosen.length === 0}
                trigger={['click']}
              >
                <Button disabled={chosen.length === 0}>
                  批量操作{chosen.length > 0 ? `（${chosen.length}）` : ''}
                </Button>
              </Dropdown>
            )
          : undefined
      }
    />
  );
}
