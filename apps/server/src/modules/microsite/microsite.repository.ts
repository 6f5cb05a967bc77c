import type { Database } from '#server/platform/db/database.ts';
import { inCompany, unscoped } from '#server/platform/db/scope.ts';

export const micrositeRepository = {
  /** An enabled microsite by its path: the path is unique across companies and tells the company. */
  enabledByPath: (db: Database, path: string) =>
    unscoped(db, 'a public page names the microsite by path, unique across companies')
      .selectFrom('microsites')
      .selectAll()
      .where('path', '=', path)
      .where('status', '=', 1)
      .executeTakeFirst(),

  /** The first enabled microsite of a company in a locale (by sort, then path). */
  firstOfCompany: (db: Database, companyId: number, locale: string) =>
    inCompany(db, companyId)
      .selectFrom('microsites')
      .selectAll()
      .where('status', '=', 1)
      .where('locale', '=', locale)
      .orderBy('sort')
      .orderBy('path')
      .limit(1)
      .executeTakeFirst(),
};
