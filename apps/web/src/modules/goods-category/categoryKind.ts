import { bulkCategoryCalls, goodsCategoryCalls } from '@portal/contract/calls';
import { createContext, useContext } from 'react';
import { useCan } from '#web/shared/usePermission.ts';

/**
 * Which category tree a screen works on: the shop's (商品分类, `/crm/goods_category`) or the bulk
 * catalogue's (大宗分类, `/crm/goods_category_dzc`, ADR 0026). One screen and one set of hooks
 * serve both; the kind gives the calls, the query keys' root, the codenames and the words.
 */
export interface CategoryKind {
  /** The query keys' root: a write invalidates this tree's queries only. */
  key: string;
  calls: typeof goodsCategoryCalls | typeof bulkCategoryCalls;
  /** A hook: which writes the caller's permissions allow on this tree (typed codenames each). */
  useCans: () => { add: boolean; change: boolean; delete: boolean };
  /** The screen's title. */
  title: string;
  /** What a category holds, in the refusal of a delete (商品, 大宗商品). */
  goodsWord: string;
}

export const SHOP_CATEGORIES: CategoryKind = {
  key: 'goods-category',
  calls: goodsCategoryCalls,
  useCans: () => ({
    add: useCan('goods', 'add_goods_category'),
    change: useCan('goods', 'change_goods_category'),
    delete: useCan('goods', 'delete_goods_category'),
  }),
  title: '商品分类',
  goodsWord: '商品',
};

export const BULK_CATEGORIES: CategoryKind = {
  key: 'bulk-category',
  calls: bulkCategoryCalls,
  useCans: () => ({
    add: useCan('bulk', 'add_bulk_category'),
    change: useCan('bulk', 'change_bulk_category'),
    delete: useCan('bulk', 'delete_bulk_category'),
  }),
  title: '大宗分类',
  goodsWord: '大宗商品',
};

export const CategoryKindContext = createContext<CategoryKind>(SHOP_CATEGORIES);

/** The tree of the screen around (the shop's unless a screen says otherwise). */
export const useCategoryKind = () => useContext(CategoryKindContext);
