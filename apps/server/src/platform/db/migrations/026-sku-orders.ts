import { type Kysely, sql } from 'kysely';
import { createIndex } from './helpers.ts';

/**
 * The shop sells specifications (SKUs, docs/shop.md "Specifications"): a cart line and an order
 * line name the specification bought. `cart_items.sku_id` is 0 for a goods sold as itself (not
 * null: a unique index treats nulls as distinct on both dialects, so one line per user, goods and
 * specification holds only with a value); the unique index on (user_id, goods_id) becomes one on
 * (user_id, goods_id, sku_id). `order_items.sku_id` is null without a specification, and
 * `sku_text` keeps its values as they were when ordered.
 */
export const skuOrders = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('cart_items')
      .addColumn('sku_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`drop index cart_items_user_goods`.execute(db);
    await createIndex(db, 'cart_items_user_goods_sku', 'cart_items', ['user_id', 'goods_id', 'sku_id'], true);
    await db.schema.alterTable('order_items').addColumn('sku_id', 'integer').execute();
    await db.schema
      .alterTable('order_items')
      .addColumn('sku_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
