import { z } from 'zod';
import { getCalls, postCalls } from './call.ts';
import { deletedResult, pageOf } from './envelope.ts';
import {
  flag,
  form,
  id,
  idList,
  keyword,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
} from './fields.ts';
import { auditTimes } from './item-fields.ts';
import type { Codename } from './permissions.ts';

export const CATEGORY_MAX_DEPTH = 3;
export const CATEGORY_NAME_MAX = 30;

export const categorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string(),
  name: z.string(),
  sort: z.number().int(),
  icon: z.string(),
  status: z.number().int(),
  level: z.number().int(),
  children_count: z.number().int(),
  goods_count: z.number().int(),
  ...auditTimes,
});
export type Category = z.infer<typeof categorySchema>;

export interface CategoryTreeNode {
  id: number;
  parent_id: number | null;
  name: string;
  sort: number;
  icon: string;
  status: number;
  level: number;
  children: CategoryTreeNode[];
}
export const categoryTreeNode: z.ZodType<CategoryTreeNode> = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  icon: z.string(),
  status: z.number().int(),
  level: z.number().int(),
  get children() {
    return z.array(categoryTreeNode);
  },
});
export const categoryTree = z.object({ results: z.array(categoryTreeNode) });

export const categoryListBody = form({
  ...paging,
  keyword: keyword(),
  parent_id: optionalInt('上级分类', { min: 0, max: 2_147_483_647 }),
  status: z.optional(flag('状态')),
  /**
   * 1: the list as a tree (the back office's table). Paging counts the top-level rows (the children
   * of `parent_id`, or the top level); each is followed by the rows of its subtree that are shown,
   * parents before children in display order. With a keyword or status, a matching row comes with
   * its ancestors, so it is shown where it stands in the tree.
   */
  tree: z.optional(flag('树形')),
});
export type CategoryListQuery = z.output<typeof categoryListBody>;

export const categoryFields = {
  parent_id: optionalInt('上级分类', { min: 0, max: 2_147_483_647 }),
  name: text('分类名称', { max: CATEGORY_NAME_MAX }),
  sort: optionalInt('排序', { min: 0, max: 9999 }),
  icon: optionalText('图标', { max: 200 }),
  status: z.optional(flag('状态')),
};
export const categoryAddBody = form(categoryFields);
/** A category's writable fields, as the server receives them after parsing. */
export type CategoryInput = z.output<typeof categoryAddBody>;
export const categoryUpdateBody = form({ id: id('分类'), ...categoryFields });
export const categoryIdBody = form({ id: id('分类') });
export const categoryIdsBody = form({ ids: idList('分类') });
export const categoryParentBody = form({ exclude_id: optionalId('分类') });
export const categoryTreeBody = form({ status: z.optional(flag('状态')) });
export const staffCategoryQuery = form({ company_id: optionalId('单位'), status: z.optional(flag('状态')) });

/**
 * A category tree's calls: the shop's (`goodsCategoryCalls`, spec §7) and the bulk catalogue's
 * (`bulkCategoryCalls`, ADR 0026) are one declaration with their own paths and codenames, served by
 * one service (modules/goods-category, `goodsCategoryService` over a `CategoryTree`).
 */
export function defineCategoryCalls(spec: {
  tags: readonly string[];
  /** 商品分类, 大宗分类: the summaries say it. */
  label: string;
  permissions: { view: Codename; add: Codename; change: Codename; delete: Codename };
  paths: {
    list: string;
    parents: string;
    get: string;
    add: string;
    update: string;
    remove: string;
    removeMany: string;
    tree: string;
    shopTree: string;
  };
}) {
  const { tags, label, paths } = spec;
  const { view, add, change, delete: remove } = spec.permissions;
  const post = postCalls(tags);
  return {
    list: post(paths.list, `${label}列表`, view, categoryListBody, pageOf(categorySchema)),
    parents: post(paths.parents, `可选的上级${label}（树）`, view, categoryParentBody, categoryTree),
    get: post(paths.get, `${label}详情`, view, categoryIdBody, categorySchema),
    add: post(paths.add, `新增${label}`, add, categoryAddBody, categorySchema),
    update: post(paths.update, `修改${label}`, change, categoryUpdateBody, categorySchema),
    remove: post(paths.remove, `删除${label}`, remove, categoryIdBody, deletedResult),
    removeMany: post(
      paths.removeMany,
      `批量删除${label}（全部成功或全部不删）`,
      remove,
      categoryIdsBody,
      deletedResult,
    ),
    tree: post(paths.tree, `${label}树`, view, categoryTreeBody, categoryTree),
    shopTree: getCalls(tags)(
      paths.shopTree,
      `公开展示用的启用${label}树`,
      { public: true },
      staffCategoryQuery,
      categoryTree,
    ),
  };
}

/** The calls of goods categories (spec §7), served by modules/goods-category. */
export const goodsCategoryCalls = defineCategoryCalls({
  tags: ['goods-category'],
  label: '商品分类',
  permissions: {
    view: 'view_goods_category',
    add: 'add_goods_category',
    change: 'change_goods_category',
    delete: 'delete_goods_category',
  },
  paths: {
    list: '/shop/goods/category/list',
    parents: '/shop/goods/category/list/parent',
    get: '/shop/goods/category',
    add: '/shop/goods/category/add',
    update: '/shop/goods/category/update',
    remove: '/goods/category/delete',
    removeMany: '/goods/category/selected/delete',
    tree: '/goods/categorys',
    shopTree: '/goods/staff/category/',
  },
});

/** The calls of the bulk catalogue's own category tree (大宗分类, ADR 0026; ours: the spec names none). */
export const bulkCategoryCalls = defineCategoryCalls({
  tags: ['bulk-catalogue'],
  label: '大宗分类',
  permissions: {
    view: 'view_bulk_category',
    add: 'add_bulk_category',
    change: 'change_bulk_category',
    delete: 'delete_bulk_category',
  },
  paths: {
    list: '/dzc/category/list',
    parents: '/dzc/category/list/parent',
    get: '/dzc/category',
    add: '/dzc/category/add',
    update: '/dzc/category/update',
    remove: '/dzc/category/delete',
    removeMany: '/dzc/category/selected/delete',
    tree: '/dzc/categorys',
    shopTree: '/dzc/category/public',
  },
});
