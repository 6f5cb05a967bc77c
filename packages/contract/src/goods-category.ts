import { z } from 'zod';
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
