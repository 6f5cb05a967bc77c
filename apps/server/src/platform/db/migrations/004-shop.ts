import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, withId } from './helpers.ts';

/** The public shop: catalogue fields, likes, reviews, cart, addresses, coupons, orders, SMS. */
export function shop(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const goodsColumns: [string, 'text' | 'integer', string | number][] = [
        ['subtitle', 'text', ''],
        ['cover', 'text', ''],
        ['images', 'text', '[]'],
        ['specs', 'text', '[]'],
        ['description', 'text', ''],
        ['unit', 'text', '件'],
        ['original_price', 'integer', 0],
        ['sales', 'integer', 0],
        ['love_count', 'integer', 0],
        ['is_new', 'integer', 0],
        ['is_recommend', 'integer', 0],
        ['sort', 'integer', 0],
      ];
      for (const [name, type, def] of goodsColumns) {
        await db.schema
          .alterTable('goods')
          .addColumn(name, type, (c) => c.notNull().defaultTo(def))
          .execute();
      }
      await createIndex(db, 'goods_shop', 'goods', ['company_id', 'on_sale', 'del_flag']);
      // Stock never goes negative, whatever the code above it does (PostgreSQL has a check already).
      if (dialect === 'sqlite') {
        await sql`create trigger goods_stock_nonneg before update of stock on goods
          when new.stock < 0 begin select raise(abort, 'goods stock would go negative'); end`.execute(db);
      }

      await db.schema
        .alterTable('users')
        .addColumn('referrer_mobile', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('users').addColumn('referrer_company_id', 'integer').execute();

      await withId(dialect, db.schema.createTable('goods_loves'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'goods_loves_user_goods', 'goods_loves', ['user_id', 'goods_id'], true);

      await withId(dialect, db.schema.createTable('cart_items'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('price_at_add', 'integer', (c) => c.notNull())
        .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'cart_items_user_goods', 'cart_items', ['user_id', 'goods_id'], true);

      await withId(dialect, db.schema.createTable('consignees'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('province', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('district', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit('del_flag', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'consignees_user', 'consignees', ['user_id', 'del_flag']);

      await companyTable(dialect, db, 'coupons')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('min_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit('del_flag', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'coupons_company', 'coupons', ['company_id', 'del_flag', 'status']);

      await withId(dialect, db.schema.createTable('member_coupons'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('order_id', 'integer')
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      // One copy of a coupon per member: the rule "one use per member" rests on this index.
      await createIndex(db, 'member_coupons_once', 'member_coupons', ['coupon_id', 'user_id'], true);
      await createIndex(db, 'member_coupons_user', 'member_coupons', ['user_id', 'status']);

      await companyTable(dialect, db, 'orders')
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('goods_amount', 'integer', (c) => c.notNull())
        .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pay_amount', 'integer', (c) => c.notNull())
        .addColumn('coupon_id', 'integer')
        .addColumn('member_coupon_id', 'integer')
        .addColumn('coupon_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('consignee_name', 'text', (c) => c.notNull())
        .addColumn('consignee_mobile', 'text', (c) => c.notNull())
        .addColumn('consignee_address', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('shipping_company', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tracking_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('shipped_at', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('closed_at', 'text')
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'orders_company_status', 'orders', ['company_id', 'status', 'id']);
      await createIndex(db, 'orders_user', 'orders', ['user_id', 'status', 'id']);
      await createIndex(db, 'orders_expiry', 'orders', ['status', 'expires_at']);

      await withId(dialect, db.schema.createTable('order_items'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('reviewed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'order_items_order', 'order_items', ['order_id']);

      await withId(dialect, db.schema.createTable('order_events'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('from_status', 'integer')
        .addColumn('to_status', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'order_events_order', 'order_events', ['order_id', 'id']);

      await withId(dialect, db.schema.createTable('goods_reviews'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('order_item_id', 'integer', (c) => c.notNull().unique().references('order_items.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reply_user_id', 'integer')
        .addColumn('reply_time', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'goods_reviews_goods', 'goods_reviews', ['goods_id', 'id']);

      await withId(dialect, db.schema.createTable('sms_outbox'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'sms_outbox_mobile', 'sms_outbox', ['mobile', 'created_at']);
      await createIndex(db, 'sms_outbox_ip', 'sms_outbox', ['ip', 'created_at']);

      await withId(dialect, db.schema.createTable('sms_codes'))
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'sms_codes_mobile', 'sms_codes', ['mobile', 'purpose', 'id']);
    },
  };
}
