import { GOODS_MAX_PAGES, GOODS_SORTS, type GoodsSort } from '@portal/contract/constants';
import { Breadcrumb, Button, Checkbox, InputNumber, Segmented, Space, Tag, Tree, TreeSelect } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatYuan, yuanToCents } from '#web/shared/format.ts';
import { scrollPageTop } from '#web/shared/scrollPageTop.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { categoryOptions } from '#web/shared/ui/categoryOptions.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { PagedFooter } from '#web/shared/ui/PagedFooter.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { EmptyResults } from './EmptyResults.tsx';
import { GoodsGrid, GoodsGridSkeleton } from './GoodsCard.tsx';
import { findCategory, type ListState, listQueryString, parseListQuery, toApiParams } from './listQuery.ts';
import { useShopCategories, useShopGoods } from './useShopGoods.ts';

/** Short labels for the segmented control; the contract's names (GOODS_SORTS) as their titles. */
const SHORT: Partial<Record<GoodsSort, string>> = { price_asc: '价格↑', price_desc: '价格↓' };
const SORT_OPTIONS = (Object.keys(GOODS_SORTS) as GoodsSort[]).map((value) => ({
  value,
  label: SHORT[value] ?? GOODS_SORTS[value],
  title: GOODS_SORTS[value],
}));

/** 最低价 — 最高价 in yuan; applied with Enter or 确定. */
function PriceFilter({ state, apply }: { state: ListState; apply: (from: string, to: string) => void }) {
  const [from, setFrom] = useState<string | null>(state.price_from || null);
  const [to, setTo] = useState<string | null>(state.price_to || null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(from ?? '', to ?? '');
  };
  return (
    <form className="price-filter" onSubmit={submit} aria-label="价格区间">
      <InputNumber<string>
        stringMode
        min="0"
        max="100000000"
        precision={2}
        value={from}
        onChange={setFrom}
        placeholder="最低价"
        aria-label="最低价（元）"
        prefix="¥"
        controls={false}
        className="price-input"
      />
      <span aria-hidden>—</span>
      <InputNumber<string>
        stringMode
        min="0"
        max="100000000"
        precision={2}
        value={to}
        onChange={setTo}
        placeholder="最高价"
        aria-label="最高价（元）"
        prefix="¥"
        controls={false}
        className="price-input"
      />
      <Button htmlType="submit">确定</Button>
    </form>
  );
}

/** `/product` and `/search`: goods on sale with category, keyword, price and sort filters, paged. */
export function GoodsListPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const isSearch = location.pathname === '/search';
  const state = parseListQuery(new URLSearchParams(location.search));
  const goods = useShopGoods(toApiParams(state));
  const categories = useShopCategories();
  const tree = categories.data ?? [];
  const category = state.category_id ? findCategory(tree, state.category_id) : null;

  /** Every change is a new history entry, shown from the top; a filter change goes back to page 1. */
  const go = (patch: Partial<ListState>, keepPage = false) => {
    const next = { ...state, ...patch, ...(keepPage ? {} : { page: 1 }) };
    navigate(`${location.pathname}${listQueryString(next)}`);
    scrollPageTop();
  };

  const title = isSearch
    ? state.keyword
      ? `搜索“${state.keyword}”`
      : '搜索商品'
    : (category?.node.name ?? (state.recommend ? '推荐商品' : '全部商品'));
  const data = goods.data;
  const results = data?.results ?? [];
  const treeOptions = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const filtered =
    state.keyword !== '' ||
    state.category_id !== undefined ||
    state.price_from !== '' ||
    state.price_to !== '' ||
    state.in_stock;

  const fromCents = yuanToCents(state.price_from);
  const toCents = yuanToCents(state.price_to);

  return (
    <ShopLayout
      title={title}
      description={
        isSearch
          ? `在商城中搜索“${state.keyword}”的结果。`
          : `${title}：按分类、价格筛选，按最新、销量或价格排序。`
      }
    >
      <Breadcrumb
        className="list-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/product">全部商品</Link> },
          ...(category?.path.map((name) => ({ title: name })) ?? []),
          ...(isSearch && state.keyword ? [{ title: `搜索“${state.keyword}”` }] : []),
        ]}
      />
      <div className="goods-list">
        <aside className="goods-list-side shop-panel" aria-label="商品分类">
          <h2 className="goods-list-side-title">商品分类</h2>
          <Button
            type={state.category_id ? 'text' : 'link'}
            block
            className="goods-list-all"
            onClick={() => go({ category_id: undefined })}
            aria-pressed={!state.category_id}
          >
            全部分类
          </Button>
          {tree.length > 0 && (
            <Tree
              switcherIcon={TREE_SWITCHER}
              treeData={treeOptions as unknown as DataNode[]}
              selectedKeys={state.category_id ? [state.category_id] : []}
              defaultExpandAll
              blockNode
              onSelect={(keys) => go({ category_id: keys.length ? Number(keys[0]) : undefined })}
            />
          )}
        </aside>

        <div className="goods-list-main">
          <div className="goods-list-toolbar shop-panel">
            <TreeSelect
              switcherIcon={TREE_SWITCHER}
              className="goods-list-cat-select"
              treeData={treeOptions}
              value={state.category_id}
              onChange={(v: number | undefined) => go({ category_id: v })}
              placeholder="全部分类"
              aria-label="选择商品分类"
              allowClear={CLEARABLE}
              treeDefaultExpandAll
              popupMatchSelectWidth={false}
            />
            <Segmented<GoodsSort>
              options={SORT_OPTIONS}
              value={state.sort}
              onChange={(v) => go({ sort: v })}
              aria-label="排序"
            />
            <PriceFilter
              key={`${state.price_from}-${state.price_to}`}
              state={state}
              apply={(from, to) => go({ price_from: from, price_to: to })}
            />
            <Checkbox checked={state.in_stock} onChange={(e) => go({ in_stock: e.target.checked })}>
              仅看有货
            </Checkbox>
          </div>

          {filtered && (
            <Space wrap className="goods-list-filters" aria-label="已选条件">
              {state.keyword && (
                <Tag closable onClose={() => go({ keyword: '' })}>
                  关键字：{state.keyword}
                </Tag>
              )}
              {category && (
                <Tag closable onClose={() => go({ category_id: undefined })}>
                  分类：{category.path.join(' / ')}
                </Tag>
              )}
              {(fromCents !== undefined || toCents !== undefined) && (
                <Tag closable onClose={() => go({ price_from: '', price_to: '' })}>
                  价格：{fromCents !== undefined ? formatYuan(fromCents) : '不限'} —{' '}
                  {toCents !== undefined ? formatYuan(toCents) : '不限'}
                </Tag>
              )}
              {state.recommend && (
                <Tag closable onClose={() => go({ recommend: false })}>
                  推荐商品
                </Tag>
              )}
              {state.in_stock && (
                <Tag closable onClose={() => go({ in_stock: false })}>
                  仅看有货
                </Tag>
              )}
            </Space>
          )}

          {goods.isPending && !goods.isError ? (
            <GoodsGridSkeleton count={Math.min(state.page_size, 10)} />
          ) : results.length > 0 ? (
            <div
              aria-busy={goods.isFetching}
              className={goods.isPlaceholderData ? 'goods-list-stale' : undefined}
            >
              <GoodsGrid goods={results} />
            </div>
          ) : goods.isError || !filtered ? (
            <div className="shop-panel">
              <QueryEmpty query={goods} description="暂无商品" />
            </div>
          ) : (
            <EmptyResults
              state={state}
              tree={tree}
              onWiden={() =>
                navigate(`/search${listQueryString({ keyword: state.keyword, sort: state.sort })}`)
              }
            />
          )}

          {data && data.paging.count > 0 && (
            <PagedFooter
              className="goods-list-pagination"
              page={state.page}
              pageSize={state.page_size}
              // The list goes to page 100 (GOODS_MAX_PAGES, as the big shops do): the pager stops there.
              total={Math.min(data.paging.count, GOODS_MAX_PAGES * state.page_size)}
              totalText={() =>
                data.paging.count > GOODS_MAX_PAGES * state.page_size
                  ? `超过 ${GOODS_MAX_PAGES * state.page_size} 件商品，显示前 ${GOODS_MAX_PAGES} 页，可用分类或关键字缩小范围`
                  : `共 ${data.paging.count} 件商品`
              }
              onChange={(next) => go(next, true)}
            />
          )}
        </div>
      </div>
    </ShopLayout>
  );
}
