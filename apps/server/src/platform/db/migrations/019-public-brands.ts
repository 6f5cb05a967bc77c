import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, withId } from './helpers.ts';

/** Public brands every company picks from; only the super administrator changes them (issue 12). */
export function publicBrands(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('public_brands'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('public_brands_name')
        .on('public_brands')
        .column('name')
        .unique()
        .where(sql<boolean>`del_flag = 0`)
        .execute();
      await createIndex(db, 'public_brands_sort', 'public_brands', ['del_flag', 'sort', 'id']);
    },
  };
}
