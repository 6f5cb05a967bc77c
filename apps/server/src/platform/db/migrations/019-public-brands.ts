import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, createLiveUnique, withBrandColumns, withId } from './helpers.ts';

/** Public brands every company picks from; only the super administrator changes them (issue 12). */
export function publicBrands(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withBrandColumns(withId(dialect, db.schema.createTable('public_brands'))).execute();
      await createLiveUnique(db, 'public_brands_name', 'public_brands', ['name']);
      await createIndex(db, 'public_brands_sort', 'public_brands', ['del_flag', 'sort', 'id']);
    },
  };
}
