import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, withId } from './helpers.ts';

/**
 * Products and their bills of materials (issue 12, ADR 0023): what a company makes. A product's
 * output is a goods (and specification; `sku_id` 0 for none) of the library, the output of one
 * live product at most; its material lines (`product_materials`) name the goods used per batch of
 * `batch_size` units, each (goods, specification) once. The lines belong to their product: a save
 * replaces them in the product's transaction, and a deleted product keeps them (soft delete).
 */
export function products(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('products'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('sku_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('batch_size', 'integer', (c) => c.notNull().defaultTo(1).check(sql`batch_size >= 1`))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('material_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('products_code')
        .on('products')
        .columns(['company_id', 'code'])
        .unique()
        .where(sql<boolean>`del_flag = 0`)
        .execute();
      // A goods (specification) is the output of one live product at most, also when two saves race.
      await db.schema
        .createIndex('products_output')
        .on('products')
        .columns(['company_id', 'goods_id', 'sku_id'])
        .unique()
        .where(sql<boolean>`del_flag = 0`)
        .execute();
      await createIndex(db, 'products_company', 'products', ['company_id', 'del_flag', 'id']);

      await withId(dialect, db.schema.createTable('product_materials'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('sku_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(
        db,
        'product_materials_line',
        'product_materials',
        ['product_id', 'goods_id', 'sku_id'],
        true,
      );
      await createIndex(db, 'product_materials_product', 'product_materials', ['company_id', 'product_id']);
      await createIndex(db, 'product_materials_goods', 'product_materials', ['company_id', 'goods_id']);
    },
  };
}
