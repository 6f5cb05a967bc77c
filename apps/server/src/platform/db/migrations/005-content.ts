import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, withId } from './helpers.ts';

/** Content (cms): news categories, news articles, advertisings. */
export function content(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('news_categories'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('en_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'news_categories_code', 'news_categories', ['company_id', 'code'], true);

      await withId(dialect, db.schema.createTable('news'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
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
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
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

      await withId(dialect, db.schema.createTable('advertisings'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
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
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
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
