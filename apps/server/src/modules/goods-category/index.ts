/** What other modules may use of the goods-category module. */

export type { CategoryRow } from './goods-category.repository.ts';
export { bumpCategories } from './goods-category.service.ts';

/** The live category rows of a company (from the shared snapshot), for modules that filter by subtree. */
export type CategoryRows = (
  companyId: number,
) => Promise<readonly import('./goods-category.repository.ts').CategoryRow[]>;
