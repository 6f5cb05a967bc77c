import type { Category } from '@portal/contract';

type Counted = Pick<Category, 'name' | 'children_count' | 'goods_count'>;

/**
 * Why categories cannot be deleted, known from the list before asking (the server checks again):
 * a category with sub-categories (alone: a batch may take a parent with its children) or with goods
 * in its subtree. Null when nothing stands in the way.
 */
export function deleteRefusal(
  rows: readonly Counted[],
  { alone, goodsWord = '商品' }: { alone: boolean; goodsWord?: string },
): string | null {
  for (const row of rows) {
    if (alone && row.children_count > 0)
      return `分类「${row.name}」下还有 ${row.children_count} 个子分类，请先删除或移走子分类。`;
    if (row.goods_count > 0)
      return `分类「${row.name}」及其子分类下还有 ${row.goods_count} 件${goodsWord}，请先把${goodsWord}移到其他分类或删除。`;
  }
  return null;
}
