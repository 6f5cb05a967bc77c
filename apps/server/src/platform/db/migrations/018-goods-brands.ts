import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, createLiveUnique, withBrandColumns, withId } from './helpers.ts';

/** The company's brands (issue 12, the first resource of the back-office block). */
export function goodsBrands(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withBrandColumns(
        withId(dialect, db.schema.createTable('goods_brands')).addColumn('company_id', 'integer', (c) =>
          c.notNull(),
        ),
      ).execute();
      // One live brand of a name per company, also under concurrent saves.
      await createLiveUnique(db, 'goods_brands_name', 'goods_brands', ['company_id', 'name']);
      await createIndex(db, 'goods_brands_company_sort', 'goods_brands', [
        'company_id',
        'del_flag',
        'sort',
        'id',
      ]);
    },
  };
}
