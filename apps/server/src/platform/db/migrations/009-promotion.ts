import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, withId } from './helpers.ts';

/**
 * Promotions (the car theme at /promotion): the promotion, and its items — cars and tickets, each a
 * goods of the catalogue, so price and stock come from there and tickets are ordered like any goods.
 * `goods.max_per_order` (0 = no limit) bounds one goods per order; tickets have 12. A goods is in a
 * promotion at most once (unique index).
 */
export function promotion(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('goods')
        .addColumn('max_per_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await companyTable(dialect, db, 'promotions')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('theme', 'text', (c) => c.notNull().defaultTo('car'))
        .addColumn('banner', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('deleted_at', 'text')
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'promotions_company', 'promotions', ['company_id', 'status', 'ends_at']);

      await withId(dialect, db.schema.createTable('promotion_items'))
        .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('mileage', 'integer')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'promotion_items_promotion', 'promotion_items', [
        'company_id',
        'promotion_id',
        'kind',
      ]);
      // A goods is in a promotion once, even when two staff add it at the same moment.
      await createIndex(db, 'promotion_items_goods', 'promotion_items', ['promotion_id', 'goods_id'], true);
    },
  };
}
