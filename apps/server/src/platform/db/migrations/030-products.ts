import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, createLiveUnique, goodsRef } from './helpers.ts';

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
      await companyTable(dialect, db, 'products')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .$call(goodsRef)
        .addColumn('batch_size', 'integer', (c) => c.notNull().defaultTo(1).check(sql`batch_size >= 1`))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('material_count', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit())
        .execute();
      await createLiveUnique(db, 'products_code', 'products', ['company_id', 'code']);
      // A goods (specification) is the output of one live product at most, also when two saves race.
      await createLiveUnique(db, 'products_output', 'products', ['company_id', 'goods_id', 'sku_id']);
      await createIndex(db, 'products_company', 'products', ['company_id', 'del_flag', 'id']);

      await companyTable(dialect, db, 'product_materials')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .$call(goodsRef)
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
