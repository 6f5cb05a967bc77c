import type { BulkGoods, CategoryTreeNode, Paging } from '@portal/contract';
import { bulkGoodsCalls } from '@portal/contract/calls';
import { BULK_ON_SALE_OPTIONS } from '@portal/contract/constants';
import { App, Button, Card, Space, Tag, TreeSelect, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatYuan } from '#web/shared/format.ts';
import { ImportDialog } from '#web/shared/resource/ImportDialog.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { categoryOptions } from '#web/shared/ui/categoryOptions.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { ListToolbar } from '#web/shared/ui/ListToolbar.tsx';
import { useExistingPage, useListFilters } from '#web/shared/ui/pagination.ts';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { useCan } from '#web/shared/usePermission.ts';
import { TierTable } from './TierTable.tsx';
import { type BulkListParams, useBulkCategoryTree, useBulkList, useBulkOnSale } from './useBulkGoods.ts';
import './bulk-catalogue.css';

function namesOf(nodes: readonly CategoryTreeNode[], into = new Map<number, string>()) {
  for (const n of nodes) {
    into.set(n.id, n.name);
    namesOf(n.children, into);
  }
  return into;
}

/**
 * 大宗商品 (/crm/goods_index_dzc, ADR 0026): the bulk catalogue — search by code, name or remark,
 * filter by bulk category and 上架/下架, paging; 上架, 下架 and 删除 of the chosen rows after a
 * confirmation; export of the filtered list and 导入; new and edit on their own page
 * (new_goods_dzc), where a goods is picked from the library.
 */
export function BulkGoodsPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const can = {
    add: useCan('bulk', 'add_bulk_goods'),
    change: useCan('bulk', 'change_bulk_goods'),
    delete: useCan('bulk', 'delete_bulk_goods'),
  };
  const { keyword, status, search, filterStatus, page, pageSize, setPage, pagination } = useListFilters<
    0 | 1
  >();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const query: BulkListParams = { keyword: keyword || undefined, on_sale: status, category_id: categoryId };
  const { list, remove, invalidate } = useBulkList({ ...query, page, page_size: pageSize });
  const data = list.data as { results: BulkGoods[]; paging: Paging } | undefined;
  useExistingPage(data?.paging, page, setPage);
  const tree = useBulkCategoryTree();
  const treeData = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  const categoryName = useMemo(() => namesOf(tree.data ?? []), [tree.data]);
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const onSale = useBulkOnSale();
  const rows = data?.results ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const label = (g: BulkGoods) => (g.spec_text ? `${g.goods_name}（${g.spec_text}）` : g.goods_name);
  const names = (goods: BulkGoods[]) =>
    goods.length === 1 ? `「${label(goods[0] as BulkGoods)}」` : `选中的 ${goods.length} 个大宗商品`;

  const setSale = (goods: BulkGoods[], value: 0 | 1) =>
    modal.confirm({
      title: `${value === 1 ? '上架' : '下架'}${names(goods)}？`,
      content:
        value === 1
          ? '上架后在企业微站的大宗采购中展示，采购商可以看到价格档位。'
          : '下架后企业微站不再展示。',
      okText: value === 1 ? '上架' : '下架',
      cancelText: '取消',
      onOk: () =>
        onSale
          .mutateAsync({ ids: goods.map((g) => g.id), on_sale: value })
          .then((r) => toastSuccess(`已${value === 1 ? '上架' : '下架'} ${r.count} 个大宗商品`))
          .catch(() => {}),
    });

  const removeRows = (goods: BulkGoods[]) =>
    confirmDanger(modal, {
      title: `确定删除${names(goods)}吗？`,
      content: '删除后不再列出，企业微站也不再展示；商品库中的商品不受影响。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync(goods.map((g) => g.id))
          .then((r) => {
            toastSuccess(`已删除 ${(r as { count: number }).count} 个大宗商品`);
            setSelected((s) => s.filter((id) => !goods.some((g) => g.id === id)));
          })
          .catch(() => {}),
    });

  const columns: ListColumns<BulkGoods> = [
    {
      title: '图片',
      dataIndex: 'image',
      width: 64,
      phone: 'hidden',
      render: (v: string, row) =>
        v ? (
          <img src={v} alt={row.goods_name} width={44} height={44} className="bulk-cover" />
        ) : (
          <span className="bulk-cover bulk-cover--empty" aria-hidden />
        ),
    },
    {
      title: '商品',
      key: 'goods',
      phone: 'title',
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.goods_name}</span>
          <Typography.Text type="secondary" className="bulk-sub">
            {[row.goods_code, row.spec_text].filter(Boolean).join(' · ') || '—'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '大宗分类',
      dataIndex: 'category_id',
      render: (v: number) => categoryName.get(v) ?? '—',
    },
    {
      title: '最小起订量',
      dataIndex: 'min_qty',
      width: 110,
      align: 'right',
      render: (v: number, row) => `${v} ${row.unit}`,
    },
    {
      title: '价格档位',
      key: 'tiers',
      render: (_: unknown, row) => <TierTable tiers={row.tiers} unit={row.unit} compact />,
    },
    {
      title: '起订单价',
      dataIndex: 'price',
      width: 100,
      align: 'right',
      phone: 'hidden',
      render: (v: number) => formatYuan(v),
    },
    {
      title: '状态',
      dataIndex: 'on_sale',
      width: 80,
      phone: 'title',
      render: (v: number) => (v === 1 ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>),
    },
    ...(can.change || can.delete
      ? [
          actionsColumn<BulkGoods>((row) => (
            <Space size={0}>
              {can.change && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(`/crm/new_goods_dzc?id=${row.id}`)}
                  aria-label={`编辑 ${label(row)}`}
                >
                  编辑
                </Button>
              )}
              {can.change && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setSale([row], row.on_sale === 1 ? 0 : 1)}
                  aria-label={`${row.on_sale === 1 ? '下架' : '上架'} ${label(row)}`}
                >
                  {row.on_sale === 1 ? '下架' : '上架'}
                </Button>
              )}
              {can.delete && (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => removeRows([row])}
                  aria-label={`删除 ${label(row)}`}
                >
                  删除
                </Button>
              )}
            </Space>
          )),
        ]
      : []),
  ];
  const filtered = keyword !== '' || status !== undefined || categoryId !== undefined;

  return (
    <Card title="大宗商品">
      <ListToolbar
        className="resource-toolbar"
        search={{
          label: '搜索大宗商品',
          placeholder: '编码 / 名称 / 备注',
          maxLength: 50,
          style: { width: 240 },
          onSearch: search,
        }}
        filters={
          <TreeSelect
            switcherIcon={TREE_SWITCHER}
            aria-label="大宗分类"
            placeholder="全部分类"
            allowClear={CLEARABLE}
            treeData={treeData}
            value={categoryId}
            onChange={(v?: number) => {
              setCategoryId(v);
              setPage(1);
            }}
            style={{ width: 160 }}
            treeDefaultExpandAll
          />
        }
        status={{
          label: '上架状态',
          placeholder: '上架状态',
          options: [...BULK_ON_SALE_OPTIONS],
          value: status,
          onChange: filterStatus,
        }}
      >
        <Space wrap>
          <Button href={api.href(bulkGoodsCalls.export, query as never)} download>
            导出 Excel
          </Button>
          {can.change && (
            <>
              <Button disabled={chosen.length === 0} onClick={() => setSale(chosen, 1)}>
                批量上架
              </Button>
              <Button disabled={chosen.length === 0} onClick={() => setSale(chosen, 0)}>
                批量下架
              </Button>
            </>
          )}
          {can.delete && (
            <Button danger disabled={chosen.length === 0} onClick={() => removeRows(chosen)}>
              批量删除
            </Button>
          )}
          {can.add && <Button onClick={() => setImporting(true)}>导入</Button>}
          {can.add && (
            <Button type="primary" onClick={() => navigate('/crm/new_goods_dzc')}>
              新增大宗商品
            </Button>
          )}
        </Space>
      </ListToolbar>
      <ListTable<BulkGoods>
        aria-label="大宗商品列表"
        columns={columns}
        query={{ data, isFetching: list.isFetching, isError: list.isError, refetch: list.refetch }}
        empty={filtered ? '没有找到符合条件的大宗商品' : '暂无大宗商品，点击「新增大宗商品」从商品库添加'}
        pagination={pagination}
        rowName={label}
        rowSelection={
          can.change || can.delete
            ? {
                selectedRowKeys: selected,
                onChange: (keys: Key[]) => setSelected(keys.map(Number)),
                getCheckboxProps: (row: BulkGoods) => ({ 'aria-label': `选择 ${label(row)}` }),
              }
            : undefined
        }
      />
      {can.add && (
        <ImportDialog
          label="大宗商品"
          routes={bulkGoodsCalls}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={invalidate}
        />
      )}
    </Card>
  );
}
