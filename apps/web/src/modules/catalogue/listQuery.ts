import type { CategoryTreeNode } from '@portal/contract';
import { GOODS_MAX_PAGES, GOODS_SORTS, type GoodsSort, PAGE_SIZE_OPTIONS } from '@portal/contract/constants';
import { yuanToCents } from '#web/shared/format.ts';
import type { ShopGoodsParams } from './useShopGoods.ts';

/** The goods grid pages by the spec's list sizes (PAGE_SIZE_OPTIONS), 20 by default (a grid row holds 4–5). */
export const GOODS_DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_SORT: GoodsSort = 'new';
const SORTS = Object.keys(GOODS_SORTS) as GoodsSort[];

/** The goods list as the URL holds it (prices in yuan, as typed): back/forward and links keep it. */
export interface ListState {
  keyword: string;
  category_id: number | undefined;
  /** Yuan, e.g. `12.5`. */
  price_from: string;
  price_to: string;
  sort: GoodsSort;
  /** Recommended goods only (the home page's 推荐商品 → 查看更多). */
  recommend: boolean;
  /** Goods in stock only (仅看有货). */
  in_stock: boolean;
  page: number;
  page_size: number;
}

const positiveInt = (v: string | null): number | undefined => {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 ? n : undefined;
};

const yuanText = (v: string | null): string => (v !== null && yuanToCents(v) !== undefined ? v.trim() : '');

export function parseListQuery(params: URLSearchParams): ListState {
  const sort = params.get('sort') as GoodsSort | null;
  const size = positiveInt(params.get('page_size'));
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, 50),
    category_id: positiveInt(params.get('category_id')),
    price_from: yuanText(params.get('price_from')),
    price_to: yuanText(params.get('price_to')),
    sort: sort && SORTS.includes(sort) ? sort : DEFAULT_SORT,
    recommend: params.get('recommend') === '1',
    in_stock: params.get('in_stock') === '1',
    // The list goes to page GOODS_MAX_PAGES; an address beyond shows the last one.
    page: Math.min(positiveInt(params.get('page')) ?? 1, GOODS_MAX_PAGES),
    page_size:
      size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : GOODS_DEFAULT_PAGE_SIZE,
  };
}

/** The query string of a state, defaults left out (`?` included, or `''`). */
export function listQueryString(state: Partial<ListState>): string {
  const q = new URLSearchParams();
  if (state.keyword) q.set('keyword', state.keyword);
  if (state.category_id) q.set('category_id', String(state.category_id));
  if (state.price_from) q.set('price_from', state.price_from);
  if (state.price_to) q.set('price_to', state.price_to);
  if (state.sort && state.sort !== DEFAULT_SORT) q.set('sort', state.sort);
  if (state.recommend) q.set('recommend', '1');
  if (state.in_stock) q.set('in_stock', '1');
  if (state.page && state.page > 1) q.set('page', String(state.page));
  if (state.page_size && state.page_size !== GOODS_DEFAULT_PAGE_SIZE)
    q.set('page_size', String(state.page_size));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The API's parameters: yuan → cents, a reversed range put in order. */
export function toApiParams(state: ListState): ShopGoodsParams {
  let min = yuanToCents(state.price_from);
  let max = yuanToCents(state.price_to);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    page: state.page,
    page_size: state.page_size,
    sort: state.sort,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.category_id ? { category_id: state.category_id } : {}),
    ...(state.recommend ? { is_recommend: 1 as const } : {}),
    ...(state.in_stock ? { in_stock: 1 as const } : {}),
    ...(min !== undefined ? { min_price: min } : {}),
    ...(max !== undefined ? { max_price: max } : {}),
  };
}

/** A category of the tree by id, with the names of the path to it. */
export function findCategory(
  nodes: readonly CategoryTreeNode[],
  id: number,
  path: string[] = [],
): { node: CategoryTreeNode; path: string[] } | null {
  for (const n of nodes) {
    const here = [...path, n.name];
    if (n.id === id) return { node: n, path: here };
    const found = findCategory(n.children, id, here);
    if (found) return found;
  }
  return null;
}

/**
 * Categories to offer when a search finds nothing: those whose name shares a character or a
 * Latin word with the keyword (most shared first, then the deeper, more specific one), else the
 * top-level categories. At most `max`, each with the names of its path.
 */
export function suggestCategories(
  nodes: readonly CategoryTreeNode[],
  keyword: string,
  max = 8,
): { id: number; name: string; path: string[] }[] {
  const wanted = new Set([...keyword.toLowerCase().matchAll(/\p{Script=Han}|[a-z0-9]+/gu)].map((m) => m[0]));
  const scored: { id: number; name: string; path: string[]; score: number; depth: number }[] = [];
  const walk = (list: readonly CategoryTreeNode[], path: string[]) => {
    for (const n of list) {
      const here = [...path, n.name];
      const parts = new Set(
        [...n.name.toLowerCase().matchAll(/\p{Script=Han}|[a-z0-9]+/gu)].map((m) => m[0]),
      );
      const score = [...wanted].filter((w) => parts.has(w)).length;
      if (score > 0) scored.push({ id: n.id, name: n.name, path: here, score, depth: here.length });
      walk(n.children, here);
    }
  };
  walk(nodes, []);
  if (scored.length === 0)
    return nodes.slice(0, max).map((n) => ({ id: n.id, name: n.name, path: [n.name] }));
  return scored
    .sort((a, b) => b.score - a.score || b.depth - a.depth || a.id - b.id)
    .slice(0, max)
    .map(({ id, name, path }) => ({ id, name, path }));
}
