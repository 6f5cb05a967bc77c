import { z } from 'zod';
import { defineCall } from './call.ts';
import { deletedResult, pageOf } from './envelope.ts';
import { flag, form, id, idList, optionalId, optionalInt, optionalText, paging, text } from './fields.ts';
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
  keyword: optionalText('关键字', { max: 50 }),
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
export function defineCategoryCalls<
  const V extends Codename,
  const A extends Codename,
  const C extends Codename,
  const D extends Codename,
>(spec: {
  tags: readonly string[];
  /** 商品分类, 大宗分类: the summaries say it. */
  label: string;
  permissions: { view: V; add: A; change: C; delete: D };
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
  const view = { permission: spec.permissions.view };
  return {
    list: defineCall({
      method: 'POST',
      path: paths.list,
      summary: `${label}列表`,
      tags,
      access: view,
      input: categoryListBody,
      output: pageOf(categorySchema),
    }),
    parents: defineCall({
      method: 'POST',
      path: paths.parents,
      summary: `可选的上级${label}（树）`,
      tags,
      access: view,
      input: categoryParentBody,
      output: categoryTree,
    }),
    get: defineCall({
      method: 'POST',
      path: paths.get,
      summary: `${label}详情`,
      tags,
      access: view,
      input: categoryIdBody,
      output: categorySchema,
    }),
    add: defineCall({
      method: 'POST',
      path: paths.add,
      summary: `新增${label}`,
      tags,
      access: { permission: spec.permissions.add },
      input: categoryAddBody,
      output: categorySchema,
    }),
    update: defineCall({
      method: 'POST',
      path: paths.update,
      summary: `修改${label}`,
      tags,
      access: { permission: spec.permissions.change },
      input: categoryUpdateBody,
      output: categorySchema,
    }),
    remove: defineCall({
      method: 'POST',
      path: paths.remove,
      summary: `删除${label}`,
      tags,
      access: { permission: spec.permissions.delete },
      input: categoryIdBody,
      output: deletedResult,
    }),
    removeMany: defineCall({
      method: 'POST',
      path: paths.removeMany,
      summary: `批量删除${label}（全部成功或全部不删）`,
      tags,
      access: { permission: spec.permissions.delete },
      input: categoryIdsBody,
      output: deletedResult,
    }),
    tree: defineCall({
      method: 'POST',
      path: paths.tree,
      summary: `${label}树`,
      tags,
      access: view,
      input: categoryTreeBody,
      output: categoryTree,
    }),
    shopTree: defineCall({
      method: 'GET',
      path: paths.shopTree,
      summary: `公开展示用的启用${label}树`,
      tags,
      access: { public: true },
      input: staffCategoryQuery,
      output: categoryTree,
    }),
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
