/** What other modules may use of the goods-category module. */
export { bumpCategories } from './goods-category.service.ts';
