import type { CategoryTreeNode } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { queryId } from '#web/shared/query.ts';
import { loginPath } from '#web/shared/session.ts';
import { maxQuantity, settleHref } from './links.ts';
import {
  findCategory,
  listQueryString,
  parseListQuery,
  suggestCategories,
  toApiParams,
} from './listQuery.ts';

/** How the goods page reads `?id=`. */
const goodsIdOf = (raw: string | null) => queryId(raw) ?? null;
const parse = (q: string) => parseListQuery(new URLSearchParams(q));

describe('goods list state in the URL', () => {
  it('has defaults: newest first, page 1, 20 per page', () => {
    expect(parse('')).toEqual({
      keyword: '',
      category_id: undefined,
      price_from: '',
      price_to: '',
      sort: 'new',
      recommend: false,
      in_stock: false,
      page: 1,
      page_size: 20,
    });
    expect(listQueryString(parse(''))).toBe('');
  });

  it('reads and writes every filter, and survives a round trip', () => {
    const q =
      '?keyword=%E8%8C%B6&category_id=3&price_from=10&price_to=99.5&sort=price_asc&recommend=1&in_stock=1&page=2&page_size=10';
    const state = parse(q);
    expect(state).toEqual({
      keyword: '茶',
      category_id: 3,
      price_from: '10',
      price_to: '99.5',
      sort: 'price_asc',
      recommend: true,
      in_stock: true,
      page: 2,
      page_size: 10,
    });
    expect(parse(listQueryString(state))).toEqual(state);
  });

  it('stops at page 100, as the list does', () => {
    expect(parse('?page=100').page).toBe(100);
    expect(parse('?page=5000').page).toBe(100);
  });

  it('ignores what it cannot use', () => {
    expect(
      parse('category_id=abc&page=0&page_size=7&sort=random&price_from=-3&price_to=1.234'),
    ).toMatchObject({
      category_id: undefined,
      page: 1,
      page_size: 20,
      sort: 'new',
      price_from: '',
      price_to: '',
    });
  });

  it('sends prices in cents and puts a reversed range in order', () => {
    expect(toApiParams(parse('price_from=99.5&price_to=10&category_id=4&keyword=a'))).toEqual({
      page: 1,
      page_size: 20,
      sort: 'new',
      keyword: 'a',
      category_id: 4,
      min_price: 1000,
      max_price: 9950,
    });
    expect(toApiParams(parse('recommend=1'))).toMatchObject({ is_recommend: 1 });
    expect(toApiParams(parse(''))).toEqual({ page: 1, page_size: 20, sort: 'new' });
  });
});

/** A category of a test tree. */
const node = (id: number, name: string, children: CategoryTreeNode[] = []): CategoryTreeNode => ({
  id,
  parent_id: null,
  name,
  sort: 0,
  icon: '',
  status: 1,
  level: 1,
  children,
});

describe('findCategory', () => {
  const tree = [node(1, '食品', [node(2, '茶叶', [node(3, '绿茶')])]), node(4, '数码')];

  it('finds a category at any depth with its path', () => {
    expect(findCategory(tree, 3)?.path).toEqual(['食品', '茶叶', '绿茶']);
    expect(findCategory(tree, 4)?.node.name).toBe('数码');
    expect(findCategory(tree, 9)).toBeNull();
  });
});

describe('links', () => {
  it('builds the login redirect and the buy-now checkout', () => {
    expect(loginPath('/goodsDetail?id=3')).toBe('/login?redirect=%2FgoodsDetail%3Fid%3D3');
    expect(settleHref(3, 2, 1250)).toBe('/settle?goods_id=3&quantity=2&price=1250');
  });

  it('reads a goods id and bounds the quantity', () => {
    expect(goodsIdOf('12')).toBe(12);
    for (const v of [null, '', '0', '-1', '1.5', 'x', '99999999999']) expect(goodsIdOf(v)).toBeNull();
    expect(maxQuantity(5)).toBe(5);
    expect(maxQuantity(5000)).toBe(999);
    expect(maxQuantity(0)).toBe(0);
    expect(maxQuantity(-2)).toBe(0);
    // Event tickets: at most 12 per order, still bounded by stock.
    expect(maxQuantity(500, 12)).toBe(12);
    expect(maxQuantity(5, 12)).toBe(5);
  });
});

describe('suggestCategories', () => {
  const tree = [
    node(1, '食品饮料', [node(2, '茶叶', [node(3, '绿茶'), node(4, '红茶')]), node(5, '粮油')]),
    node(6, '数码', [node(7, '手机'), node(8, 'iPad 平板')]),
  ];

  it('offers the categories that share a character with the keyword, the most and the deepest first', () => {
    expect(suggestCategories(tree, '绿茶饮料').map((c) => c.name)).toEqual([
      '绿茶',
      '食品饮料',
      '红茶',
      '茶叶',
    ]);
    expect(suggestCategories(tree, '红茶包', 2)).toEqual([
      { id: 4, name: '红茶', path: ['食品饮料', '茶叶', '红茶'] },
      { id: 3, name: '绿茶', path: ['食品饮料', '茶叶', '绿茶'] },
    ]);
    expect(suggestCategories(tree, 'IPAD mini').map((c) => c.name)).toEqual(['iPad 平板']);
  });

  it('falls back to the top-level categories when nothing is shared', () => {
    expect(suggestCategories(tree, 'zzz').map((c) => c.name)).toEqual(['食品饮料', '数码']);
    expect(suggestCategories([], '茶')).toEqual([]);
  });
});
