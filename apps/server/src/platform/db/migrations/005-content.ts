import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/** Content (cms): news categories, news articles, advertisings. */
export function content(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'news_categories')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('en_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'news_categories_code', 'news_categories', ['company_id', 'code'], true);

      await companyTable(dialect, db, 'news')
        .addColumn('category_id', 'integer', (c) => c.notNull().references('news_categories.id'))
        .addColumn('lang', 'text', (c) => c.notNull().defaultTo('zh'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('video', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'text')
        .$call(audit('created_at', 'updated_at'))
        .execute();
      // The public list: one category (or all) of one language, published, newest first.
      await createIndex(db, 'news_list_category', 'news', [
        'company_id',
        'category_id',
        'lang',
        'status',
        'published_at',
      ]);
      await createIndex(db, 'news_list_all', 'news', ['company_id', 'lang', 'status', 'published_at']);

      await companyTable(dialect, db, 'advertisings')
        .addColumn('position', 'text', (c) => c.notNull().defaultTo('home'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('starts_at', 'text')
        .addColumn('ends_at', 'text')
        .addColumn('deleted_at', 'text')
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'advertisings_position', 'advertisings', [
        'company_id',
        'position',
        'status',
        'sort',
      ]);
    },
  };
}
