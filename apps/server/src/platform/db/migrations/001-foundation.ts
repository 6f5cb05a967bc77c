import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, categoryTree, companyTable, createIndex, withId } from './helpers.ts';

/** Portable column types only: integers for ids/flags/codes/money, text for ISO timestamps and JSON. */
export function foundation(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('companies'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('en_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('login_path', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('en', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('icp_company', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('icp', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('icp_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('logo_main', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('logo_centre', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('logo_mobile', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('n_love', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit('created_at', 'updated_at'))
        .execute();

      await db.schema
        .createTable('host_tenants')
        .addColumn('host_segment', 'text', (c) => c.primaryKey())
        .addColumn('tenant_code', 'text', (c) => c.notNull())
        .execute();

      await companyTable(dialect, db, 'shops')
        .addColumn('shop_name', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'shops_company', 'shops', ['company_id', 'is_default']);

      await companyTable(dialect, db, 'user_groups')
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await companyTable(dialect, db, 'positions')
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();

      await companyTable(dialect, db, 'users')
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'integer', (c) => c.notNull())
        .addColumn('group_id', 'integer', (c) => c.references('user_groups.id'))
        .addColumn('position_id', 'integer', (c) => c.references('positions.id'))
        .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('main_bg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('last_login_at', 'text')
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'users_company', 'users', ['company_id', 'role']);

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await createIndex(db, 'sessions_user', 'sessions', ['user_id']);

      await withId(dialect, db.schema.createTable('login_logs'))
        .addColumn('company_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'login_logs_user', 'login_logs', ['user_id', 'id']);

      await db.schema
        .createTable('role_permissions')
        .addColumn('role', 'integer', (c) => c.notNull())
        .addColumn('codename', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permissions_pk', ['role', 'codename'])
        .execute();

      await withId(dialect, db.schema.createTable('audit_logs'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'audit_logs_entity', 'audit_logs', ['company_id', 'entity', 'entity_id']);

      await companyTable(dialect, db, 'goods_categories')
        .$call(categoryTree('goods_categories'))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer')
        .addColumn('updated_by', 'integer')
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'goods_categories_tree', 'goods_categories', [
        'company_id',
        'del_flag',
        'parent_id',
        'sort',
      ]);

      await companyTable(dialect, db, 'goods')
        .addColumn('category_id', 'integer', (c) => c.references('goods_categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit('del_flag', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'goods_category', 'goods', ['company_id', 'category_id', 'del_flag']);
      // Stock never goes negative, whatever the code above it does.
      if (dialect === 'pg') {
        await sql`alter table goods add constraint goods_stock_nonneg check (stock >= 0)`.execute(db);
      }
    },
  };
}
