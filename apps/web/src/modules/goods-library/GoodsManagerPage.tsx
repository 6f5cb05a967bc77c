import { GOODS_TYPES, type GoodsType, type LibraryGoods, type Paging } from '@portal/contract';
import { goodsCalls } from '@portal/contract/calls';
import { App, Button, Card, Dropdown, Input, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCategoryTree } from '#web/modules/goods-category/useCategories.ts';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatYuan } from '#web/shared/format.ts';
import { ImportDialog } from '#web/shared/resource/ImportDialog.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { categoryOptions } from '#web/shared/ui/categoryOptions.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { useExistingPage, usePaging } from '#web/shared/ui/pagination.ts';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { useCan } from '#web/shared/usePermission.ts';
import { type GoodsListParams, useBrandOptions, useGoodsBatch, useGoodsList } from './useGoods.ts';
import './goods-library.css';

const TYPE_OPTIONS = Object.entries(GOODS_TYPES).map(([value, label]) => ({ value, label }));

/** Where a goods stands in the shop, as one filter. */
const SHOP_STATES = {
  selling: { label: '在售', filter: { in_shop: 1, on_sale: 1 } },
  stopped: { label: '已下架', filter: { in_shop: 1, on_sale: 0 } },
  library: { label: '未推送到商城', filter: { in_shop: 0 } },
} as const;
type ShopState = keyof typeof SHOP_STATES;

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

const columns: ListColumns<LibraryGoods> = [
  {
    title: '图片',
    dataIndex: 'cover',
    width: 64,
    phone: 'hidden',
    render: (v: string, row) =>
      v ? (
        <img src={v} alt={row.name} width={44} height={44} className="goods-lib-cover" />
      ) : (
        <span className="goods-lib-cover goods-lib-cover--empty" aria-hidden />
      ),
  },
  { title: '商品编码', dataIndex: 'code', width: 120, render: (v: string) => v || '—' },
  {
    title: '商品名称',
    dataIndex: 'name',
    phone: 'title',
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
  { title: '分类', dataIndex: 'category_name', render: (v: string) => v || '—' },
  { title: '品牌', dataIndex: 'brand_name', render: (v: string) => v || '—' },
  { title: '类型', dataIndex: 'goods_type', width: 90, render: (v: string) => typeName(v) },
  {
    title: '价格',
    dataIndex: 'price',
    width: 110,
    align: 'right',
    render: (v: number, row) => `${formatYuan(v)}${row.sku_count > 1 ? ' 起' : ''}`,
  },
  { title: '库存', dataIndex: 'stock', width: 80, align: 'right' },
  {
    title: '商城',
    key: 'shop',
    width: 130,
    phone: 'title',
    render: (_: unknown, row) => shopTag(row),
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 70,
    render: (v: number) => (v === 1 ? <Tag color="blue">启用</Tag> : <Tag>停用</Tag>),
  },
];

/**
 * 商品库 (/crm/goods_manager): the company's goods — search by code, name or keyword, filter by
 * category (with its subtree), brand, type and where it stands in the shop; batch actions (推送到
 * 商城, 上架, 下架, 公开/不公开, 设置类型, 删除) over the chosen rows, each confirmed; export the
 * filtered list; 导入 from Excel (`/goods/excel_data_save`, the resource block's ImportDialog); new
 * and edit on their own page (new_goods), one goods in full on goods_detail.
 */
export function GoodsManagerPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const can = {
    add: useCan('goods', 'add_goods'),
    change: useCan('goods', 'change_goods'),
    delete: useCan('goods', 'delete_goods'),
    shop: useCan('goods', 'change_shop_goods'),
  };
  const { page, pageSize, setPage, pagination } = usePaging();
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<{
    category_id?: number;
    brand_id?: number;
    goods_type?: GoodsType;
    shop?: ShopState;
  }>({});
  const filter = (next: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const { shop, ...rest } = filters;
  const query: GoodsListParams = {
    keyword: keyword || undefined,
    ...rest,
    ...(shop ? SHOP_STATES[shop].filter : {}),
  };
  const { list, remove, invalidate } = useGoodsList({ ...query, page, page_size: pageSize });
  const [importing, setImporting] = useState(false);
  const data = list.data as { results: LibraryGoods[]; paging: Paging } | undefined;
  useExistingPage(data?.paging, page, setPage);
  const tree = useCategoryTree();
  const treeData = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  const brands = useBrandOptions();
  const [selected, setSelected] = useState<number[]>([]);
  const rows = data?.results ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));

  const push = useGoodsBatch(goodsCalls.pushToShop);
  const onSale = useGoodsBatch(goodsCalls.setOnSale);
  const publicity = useGoodsBatch(goodsCalls.setPublic);
  const setType = useGoodsBatch(goodsCalls.setType);

  const names = (goods: LibraryGoods[]) =>
    goods.length === 1 ? `「${goods[0]?.name}」` : `选中的 ${goods.length} 个商品`;
  const batch = (
    title: string,
    content: string,
    okText: string,
    run: () => Promise<{ count: number }>,
    done: (n: number) => string,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: '取消',
      onOk: () =>
        run()
          .then((r) => toastSuccess(done(r.count)))
          .catch(() => {}),
    });

  const ids = chosen.map((g) => g.id);
  const batchItems = [
    ...(can.shop
      ? [
          {
            key: 'push',
            label: '推送到商城',
            onClick: () =>
              batch(
                `把${names(chosen)}推送到商城？`,
                '推送后在商城商品中列出，上架后顾客才能看到和购买。',
                '推送',
                () => push.mutateAsync({ ids }),
                (n) => `已推送 ${n} 个商品到商城`,
              ),
          },
          {
            key: 'on',
            label: '上架',
            onClick: () =>
              batch(
                `上架${names(chosen)}？`,
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
                `下架${names(chosen)}？`,
                '下架后商城不再展示，顾客不能再购买；已下的订单不受影响。',
                '下架',
                () => onSale.mutateAsync({ ids, on_sale: 0 }),
                (n) => `已下架 ${n} 个商品`,
              ),
          },
          {
            key: 'private',
            label: '设为不公开',
            onClick: () =>
              batch(
                `把${names(chosen)}设为不公开？`,
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
                `把${names(chosen)}设为公开？`,
                '公开的在售商品出现在商城列表和搜索中。',
                '设为公开',
                () => publicity.mutateAsync({ ids, is_public: 1 }),
                (n) => `已把 ${n} 个商品设为公开`,
              ),
          },
        ]
      : []),
    ...(can.change
      ? Object.entries(GOODS_TYPES).map(([type, label]) => ({
          key: `type-${type}`,
          label: `设为${label}`,
          onClick: () =>
            batch(
              `把${names(chosen)}的类型设为「${label}」？`,
              '物料清单只能选用原材料，生产计划只能生产成品。',
              '设置',
              () => setType.mutateAsync({ ids, goods_type: type as GoodsType }),
              (n) => `已设置 ${n} 个商品的类型`,
            ),
        }))
      : []),
  ];

  const removeRows = (goods: LibraryGoods[]) =>
    confirmDanger(modal, {
      title: `确定删除${names(goods)}吗？`,
      content: '删除后不再列出，也不能再选用；在售的商品请先下架。已有订单中的商品信息不受影响。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync(goods.map((g) => g.id))
          .then((r) => {
            toastSuccess(`已删除 ${(r as { count: number }).count} 个商品`);
            setSelected((s) => s.filter((id) => !goods.some((g) => g.id === id)));
          })
          .catch(() => {}),
    });

  const allColumns: ListColumns<LibraryGoods> = [
    ...columns,
    actionsColumn<LibraryGoods>((row) => (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`/crm/goods_detail?id=${row.id}`)}
          aria-label={`查看 ${row.name}`}
        >
          查看
        </Button>
        {can.change && (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`/crm/new_goods?id=${row.id}`)}
            aria-label={`编辑 ${row.name}`}
          >
            编辑
          </Button>
        )}
        {can.delete && (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => removeRows([row])}
            aria-label={`删除 ${row.name}`}
          >
            删除
          </Button>
        )}
      </Space>
    )),
  ];
  const filtered = keyword !== '' || Object.values(filters).some((v) => v !== undefined);

  return (
    <Card title="商品库">
      <div className="resource-toolbar goods-lib-toolbar">
        <Space wrap className="list-toolbar-filters">
          <Input.Search
            aria-label="搜索商品"
            placeholder="编码 / 名称 / 关键词"
            allowClear={CLEARABLE}
            enterButton="搜索"
            maxLength={50}
            style={{ width: 260, maxWidth: '100%' }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <TreeSelect
            switcherIcon={TREE_SWITCHER}
            aria-label="商品分类"
            placeholder="全部分类"
            allowClear={CLEARABLE}
            treeData={treeData}
            value={filters.category_id}
            onChange={(v?: number) => filter({ category_id: v })}
            style={{ width: 160 }}
            treeDefaultExpandAll
          />
          <Select
            aria-label="品牌"
            placeholder="全部品牌"
            allowClear={CLEARABLE}
            showSearch={{ optionFilterProp: 'label' }}
            options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.label }))}
            value={filters.brand_id}
            onChange={(v?: number) => filter({ brand_id: v })}
            style={{ width: 130 }}
          />
          <Select
            aria-label="商品类型"
            placeholder="全部类型"
            allowClear={CLEARABLE}
            options={TYPE_OPTIONS}
            value={filters.goods_type}
            onChange={(v?: GoodsType) => filter({ goods_type: v })}
            style={{ width: 120 }}
          />
          <Select
            aria-label="商城状态"
            placeholder="商城状态"
            allowClear={CLEARABLE}
            options={Object.entries(SHOP_STATES).map(([value, s]) => ({ value, label: s.label }))}
            value={filters.shop}
            onChange={(v?: ShopState) => filter({ shop: v })}
            style={{ width: 140 }}
          />
        </Space>
        <Space wrap>
          <Button href={api.href(goodsCalls.export, query as never)} download>
            导出 Excel
          </Button>
          {batchItems.length > 0 && (
            <Dropdown menu={{ items: batchItems }} disabled={chosen.length === 0} trigger={['click']}>
              <Button disabled={chosen.length === 0}>
                批量操作{chosen.length > 0 ? `（${chosen.length}）` : ''}
              </Button>
            </Dropdown>
          )}
          {can.delete && (
            <Button danger disabled={chosen.length === 0} onClick={() => removeRows(chosen)}>
              批量删除
            </Button>
          )}
          {can.add && <Button onClick={() => setImporting(true)}>导入</Button>}
          {can.add && (
            <Button type="primary" onClick={() => navigate('/crm/new_goods')}>
              新增商品
            </Button>
          )}
        </Space>
      </div>
      <ListTable<LibraryGoods>
        aria-label="商品列表"
        columns={allColumns}
        query={{ data, isFetching: list.isFetching, isError: list.isError, refetch: list.refetch }}
        empty={filtered ? '没有找到符合条件的商品' : '暂无商品，点击「新增商品」添加第一个'}
        pagination={pagination}
        rowName={(g) => g.name}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys: Key[]) => setSelected(keys.map(Number)),
          getCheckboxProps: (row: LibraryGoods) => ({ 'aria-label': `选择 ${row.name}` }),
        }}
      />
      {can.add && (
        <ImportDialog
          label="商品"
          routes={goodsCalls}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={invalidate}
        />
      )}
    </Card>
  );
}
