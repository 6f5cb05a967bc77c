import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, categoryTree, companyTable, createIndex, createLiveUnique, goodsRef } from './helpers.ts';

/**
 * The bulk-procurement catalogue (大宗采购, ADR 0026): its own category tree, with the columns of
 * the shop's (`goods_categories`: materialized path, level, sort, status), and a row per library
 * goods (and specification) offered in bulk: category, minimum order quantity, unit, the price
 * tiers as JSON text (`[{from, price}]`, cents), the first band's price for sorting, on/off sale.
 */
export function bulkCatalogue(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'bulk_categories')
        .$call(categoryTree('bulk_categories'))
        .$call(audit())
        .execute();
      await createIndex(db, 'bulk_categories_tree', 'bulk_categories', [
        'company_id',
        'del_flag',
        'parent_id',
        'sort',
      ]);
      // Two live siblings may not share a name, also when two writers race past the check.
      await sql`create unique index bulk_categories_sibling_name
        on bulk_categories (company_id, coalesce(parent_id, 0), name) where del_flag = 0`.execute(db);

      await companyTable(dialect, db, 'bulk_goods')
        .$call(goodsRef)
        // `<goods_id>:<sku_id>`: a goods (specification) is in the catalogue once.
        .addColumn('goods_key', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('bulk_categories.id'))
        .addColumn('goods_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('goods_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('spec_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('min_qty', 'integer', (c) => c.notNull().check(sql`min_qty >= 1`))
        .addColumn('tiers', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .$call(audit())
        .execute();
      await createLiveUnique(db, 'bulk_goods_key', 'bulk_goods', ['company_id', 'goods_key']);
      // The list and the public page: a company's live rows by category and sort.
      await createIndex(db, 'bulk_goods_company_sort', 'bulk_goods', [
        'company_id',
        'del_flag',
        'on_sale',
        'sort',
        'id',
      ]);
      await createIndex(db, 'bulk_goods_category', 'bulk_goods', ['company_id', 'category_id']);
    },
  };
}
