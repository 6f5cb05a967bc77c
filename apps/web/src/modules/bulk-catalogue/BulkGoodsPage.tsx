import { type BulkGoods, bulkGoodsResource, type CategoryTreeNode } from '@portal/contract';
import { bulkGoodsCalls } from '@portal/contract/calls';
import { BULK_ON_SALE_OPTIONS } from '@portal/contract/constants';
import { App, Button, Select, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { namedRows, ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { CategoryFilter } from '#web/shared/ui/CategoryFilter.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmRun } from '#web/shared/ui/confirmDanger.ts';
import { TierTable } from './TierTable.tsx';
import { useBulkCategoryTree, useBulkOnSale } from './useBulkGoods.ts';
import './bulk-catalogue.css';

function namesOf(nodes: readonly CategoryTreeNode[], into = new Map<number, string>()) {
  for (const n of nodes) {
    into.set(n.id, n.name);
    namesOf(n.children, into);
  }
  return into;
}

const label = (g: BulkGoods) => (g.spec_text ? `${g.goods_name}（${g.spec_text}）` : g.goods_name);

/**
 * 大宗商品 (/crm/goods_index_dzc, ADR 0026): the bulk catalogue on the resource page — search by
 * code, name or remark, filter by bulk category and 上架/下架, paging; 上架, 下架 and 删除 of the
 * chosen rows after a confirmation; export of the filtered list and 导入; new and edit on their own
 * page (new_goods_dzc), where a goods is picked from the library.
 */
export function BulkGoodsPage() {
  const { modal } = App.useApp();
  const canSell = useCanCall(bulkGoodsCalls.setOnSale);
  const tree = useBulkCategoryTree();
  const categoryName = useMemo(() => namesOf(tree.data ?? []), [tree.data]);
  const onSale = useBulkOnSale();

  const setSale = (goods: BulkGoods[], value: 0 | 1) =>
    confirmRun(modal, {
      title: `${value === 1 ? '上架' : '下架'}${namedRows(goods, label, '大宗商品')}？`,
      content:
        value === 1
          ? '上架后在企业微站的大宗采购中展示，采购商可以看到价格档位。'
          : '下架后企业微站不再展示。',
      okText: value === 1 ? '上架' : '下架',
      run: () => onSale.mutateAsync({ ids: goods.map((g) => g.id), on_sale: value }),
      done: (r) => `已${value === 1 ? '上架' : '下架'} ${r.count} 个大宗商品`,
    });

  return (
    <ResourcePage<BulkGoods, object, { category_id?: number; on_sale?: 0 | 1 }>
      name="bulk-goods"
      resource={bulkGoodsResource}
      title="大宗商品"
      routes={bulkGoodsCalls}
      render={{
        goods_name: {
          title: '商品',
          render: (_: unknown, row) => (
            <Space direction="vertical" size={0}>
              <span>
                {row.goods_name}
                {row.goods_deleted === 1 && (
                  <Tag color="red" className="bulk-gone">
                    商品已删除
                  </Tag>
                )}
              </span>
              <Typography.Text type="secondary" className="bulk-sub">
                {[row.goods_code, row.spec_text].filter(Boolean).join(' · ') || '—'}
              </Typography.Text>
            </Space>
          ),
        },
        category_id: { render: (v: number) => categoryName.get(v) ?? '—' },
        min_qty: { width: 110, render: (v: number, row) => `${v} ${row.unit}` },
        tiers: { render: (_: unknown, row) => <TierTable tiers={row.tiers} unit={row.unit} compact /> },
        price: { title: '起订单价', width: 100 },
      }}
      searchPlaceholder="编码 / 名称 / 备注"
      rowName={label}
      editor={{ href: (g) => (g ? `/crm/new_goods_dzc?id=${g.id}` : '/crm/new_goods_dzc') }}
      removeNote="删除后不再列出，企业微站也不再展示；商品库中的商品不受影响。"
      filters={{
        render: (values, set) => (
          <>
            <CategoryFilter
              label="大宗分类"
              tree={tree.data}
              value={values.category_id}
              onChange={(v) => set({ category_id: v })}
            />
            <Select
              aria-label="上架状态"
              placeholder="上架状态"
              allowClear={CLEARABLE}
              style={{ width: 130 }}
              options={[...BULK_ON_SALE_OPTIONS]}
              value={values.on_sale}
              onChange={(v?: 0 | 1) => set({ on_sale: v })}
            />
          </>
        ),
      }}
      rowActions={(row) =>
        canSell && (
          <Button
            type="link"
            size="small"
            onClick={() => setSale([row], row.on_sale === 1 ? 0 : 1)}
            aria-label={`${row.on_sale === 1 ? '下架' : '上架'} ${label(row)}`}
          >
            {row.on_sale === 1 ? '下架' : '上架'}
          </Button>
        )
      }
      batchActions={
        canSell
          ? (rows) => (
              <>
                <Button disabled={rows.length === 0} onClick={() => setSale(rows, 1)}>
                  批量上架{rows.length > 0 ? `（${rows.length}）` : ''}
                </Button>
                <Button disabled={rows.length === 0} onClick={() => setSale(rows, 0)}>
                  批量下架{rows.length > 0 ? `（${rows.length}）` : ''}
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}
