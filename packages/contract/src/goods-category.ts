import { z } from 'zod';
import { defineCall } from './call.ts';
import { deletedResult, pageOf } from './envelope.ts';
import { flag, form, id, idList, optionalId, optionalInt, optionalText, paging, text } from './fields.ts';

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
  create_time: z.string(),
  update_time: z.string(),
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

const tags = ['goods-category'];
const view = { permission: 'view_goods_category' } as const;

/** The calls of goods categories (spec §7), served by modules/goods-category. */
export const goodsCategoryCalls = {
  list: defineCall({
    method: 'POST',
    path: '/shop/goods/category/list',
    summary: '商品分类列表',
    tags,
    access: view,
    input: categoryListBody,
    output: pageOf(categorySchema),
  }),
  parents: defineCall({
    method: 'POST',
    path: '/shop/goods/category/list/parent',
    summary: '可选的上级分类（树）',
    tags,
    access: view,
    input: categoryParentBody,
    output: categoryTree,
  }),
  get: defineCall({
    method: 'POST',
    path: '/shop/goods/category',
    summary: '商品分类详情',
    tags,
    access: view,
    input: categoryIdBody,
    output: categorySchema,
  }),
  add: defineCall({
    method: 'POST',
    path: '/shop/goods/category/add',
    summary: '新增商品分类',
    tags,
    access: { permission: 'add_goods_category' },
    input: categoryAddBody,
    output: categorySchema,
  }),
  update: defineCall({
    method: 'POST',
    path: '/shop/goods/category/update',
    summary: '修改商品分类',
    tags,
    access: { permission: 'change_goods_category' },
    input: categoryUpdateBody,
    output: categorySchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/goods/category/delete',
    summary: '删除商品分类',
    tags,
    access: { permission: 'delete_goods_category' },
    input: categoryIdBody,
    output: deletedResult,
  }),
  removeMany: defineCall({
    method: 'POST',
    path: '/goods/category/selected/delete',
    summary: '批量删除商品分类（全部成功或全部不删）',
    tags,
    access: { permission: 'delete_goods_category' },
    input: categoryIdsBody,
    output: deletedResult,
  }),
  tree: defineCall({
    method: 'POST',
    path: '/goods/categorys',
    summary: '商品分类树',
    tags,
    access: view,
    input: categoryTreeBody,
    output: categoryTree,
  }),
  shopTree: defineCall({
    method: 'GET',
    path: '/goods/staff/category/',
    summary: '商城展示用的启用分类树（公开）',
    tags,
    access: { public: true },
    input: staffCategoryQuery,
    output: categoryTree,
  }),
};
