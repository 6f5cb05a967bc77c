import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** A news category to add: its code (unique in the company), its names. */
export interface NewCategory {
  code: string;
  name: string;
  en_name: string;
}

/**
 * The back office's statements on the company's news (`news`) and categories (`news_categories`)
 * besides the resource block's (`news-admin.store.ts`); the public pages' are `cms.repository.ts`.
 */
export const newsAdminRepository = {
  /** The id and name of each of the company's categories. */
  categoryNames: (db: Database, companyId: number) =>
    inCompany(db, companyId).selectFrom('news_categories').select(['id', 'name']).execute(),

  /** The company's categories, sorted. */
  categories: (db: Database, companyId: number) =>
    inCompany(db, companyId)
      .selectFrom('news_categories')
      .select(['id', 'code', 'name', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),

  /** Adds categories to the company, sorted in the order given; a code it already has is left as it is. */
  addCategories: (db: Database, companyId: number, categories: readonly NewCategory[], now: string) =>
    inCompany(db, companyId)
      .insertInto(
        'news_categories',
        categories.map((c, i) => ({
          code: c.code,
          name: c.name,
          en_name: c.en_name,
          sort: i + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'code']).doNothing())
      .execute(),

  /** The company's live news of the given ids, whole rows (those deleted or of another company are left out). */
  newsByIds: (trx: Database, companyId: number, ids: readonly number[]) =>
    inCompany(trx, companyId).selectFrom('news').selectAll().where('id', 'in', ids).execute(),

  /** Sets the status of some live news of the company, changed by `userId`. */
  setNewsStatus: (
    trx: Database,
    companyId: number,
    userId: number,
    ids: readonly number[],
    status: 0 | 1,
    now: string,
  ) =>
    inCompany(trx, companyId, { userId })
      .updateTable('news')
      .set({ status, updated_at: now })
      .where('id', 'in', ids)
      .execute(),
};
