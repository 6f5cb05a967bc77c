import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, createIndex, createLiveUnique, withId } from './helpers.ts';

/**
 * The goods library (issue 12, ADR 0021): goods get a code unique in the company, a brand, a type,
 * a library status, whether they are in the shop and listed there, and who wrote them last; their
 * specifications (SKUs) get a table of their own, each with its price, cost, weight, barcode and
 * stock. Goods from before are in the shop (they were the shop) and keep no specifications.
 */
export function goodsLibrary(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const columns: [string, 'text' | 'integer', string | number][] = [
        ['code', 'text', ''],
        ['keywords', 'text', ''],
        ['goods_type', 'text', 'normal'],
        ['status', 'integer', 1],
        ['in_shop', 'integer', 1],
        ['is_public', 'integer', 1],
        ['sku_count', 'integer', 0],
      ];
      for (const [name, type, def] of columns)
        await db.schema
          .alterTable('goods')
          .addColumn(name, type, (c) => c.notNull().defaultTo(def))
          .execute();
      for (const name of ['brand_id', 'created_by', 'updated_by'])
        await db.schema.alterTable('goods').addColumn(name, 'integer').execute();
      // One live goods of a code per company, also under concurrent saves ('' = none yet: goods
      // written before codes, or by a bulk load, get one when next saved in the library).
      await createLiveUnique(db, 'goods_code', 'goods', ['company_id', 'code'], sql`code <> ''`);
      await createIndex(db, 'goods_library', 'goods', ['company_id', 'del_flag', 'id']);
      await createIndex(db, 'goods_brand', 'goods', ['company_id', 'brand_id']);

      await withId(dialect, db.schema.createTable('goods_skus'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('specs', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('spec_text', 'text', (c) => c.notNull())
        .addColumn('barcode', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit('del_flag', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'goods_skus_goods', 'goods_skus', ['goods_id', 'del_flag', 'sort']);
      // One live specification of the same values per goods, and a barcode names one in the company.
      await createLiveUnique(db, 'goods_skus_spec', 'goods_skus', ['goods_id', 'spec_text']);
      await createLiveUnique(
        db,
        'goods_skus_barcode',
        'goods_skus',
        ['company_id', 'barcode'],
        sql`barcode <> ''`,
      );
      // A specification's stock never goes negative, whatever the code above it does.
      if (dialect === 'pg')
        await sql`alter table goods_skus add constraint goods_skus_stock_nonneg check (stock >= 0)`.execute(
          db,
        );
      else
        await sql`create trigger goods_skus_stock_nonneg before update of stock on goods_skus
          when new.stock < 0 begin select raise(abort, 'goods_skus stock would go negative'); end`.execute(
          db,
        );

      // Listed = on sale, public and not deleted: the list indexes of 012 take the new condition
      // (a goods off the lists but on sale is reachable by its link only).
      const listed = sql`on_sale = 1 and is_public = 1 and del_flag = 0`;
      const lists: [string, string][] = [
        ['', 'company_id'],
        ...['cat1', 'cat2', 'cat3'].map((c): [string, string] => [`${c}_`, `company_id, ${c}`]),
      ];
      for (const [prefix, lead] of lists)
        for (const [sort, column] of [
          ['new', 'created_at'],
          ['price', 'price'],
          ['sales', 'sales'],
        ]) {
          const name = sql.raw(`goods_list_${prefix}${sort}`);
          await sql`drop index ${name}`.execute(db);
          await sql`create index ${name} on goods (${sql.raw(`${lead}, ${column}, id`)}) where ${listed}`.execute(
            db,
          );
        }
      // Search version 4 (brand and keywords are searched, private goods hold no scope tokens):
      // goods indexed before are indexed again by the catalogue's job.
      await sql`drop index goods_search_pending`.execute(db);
      await sql`create index goods_search_pending on goods (search_version) where search_version < 4`.execute(
        db,
      );
    },
  };
}
