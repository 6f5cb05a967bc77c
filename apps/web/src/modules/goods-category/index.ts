// What other modules use of goods-category: the only way in from another module (checks/boundaries.test.ts).
export { CATEGORY_ICONS } from './categoryIcons.tsx';
export { BULK_CATEGORIES } from './categoryKind.ts';
export { categoryKeysOf, useCategoryTree } from './useCategories.ts';
