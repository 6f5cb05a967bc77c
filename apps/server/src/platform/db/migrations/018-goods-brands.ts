import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, withBrandColumns, withId } from './helpers.ts';

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
      await db.schema
        .createIndex('goods_brands_name')
        .on('goods_brands')
        .columns(['company_id', 'name'])
        .unique()
        .where(sql<boolean>`del_flag = 0`)
        .execute();
      await createIndex(db, 'goods_brands_company_sort', 'goods_brands', [
        'company_id',
        'del_flag',
        'sort',
        'id',
      ]);
    },
  };
}
