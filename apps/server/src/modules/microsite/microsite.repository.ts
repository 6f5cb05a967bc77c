import type { Database } from '#server/platform/db/database.ts';

export const micrositeRepository = {
  /** An enabled microsite by its path. */
  enabledByPath: (db: Database, path: string) =>
    db
      .selectFrom('microsites')
      .selectAll()
      .where('path', '=', path)
      .where('status', '=', 1)
      .executeTakeFirst(),

  /** The first enabled microsite of a company in a locale (by sort, then path). */
  firstOfCompany: (db: Database, companyId: number, locale: string) =>
    db
      .selectFrom('microsites')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('status', '=', 1)
      .where('locale', '=', locale)
      .orderBy('sort')
      .orderBy('path')
      .limit(1)
      .executeTakeFirst(),
};
