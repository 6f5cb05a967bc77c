import type { Kysely } from 'kysely';
import { audit, createIndex } from './helpers.ts';

/**
 * Company microsites (/qf, /dzc, /dzcen …): one row per path, bound to a company. Two rows may
 * share a company in two languages. Highlights are JSON text; intro paragraphs are separated by
 * blank lines. The contact columns override the default shop's contact when not null.
 */
export const microsites = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('microsites')
      .addColumn('path', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slogan', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('banner', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('theme_color', 'text', (c) => c.notNull().defaultTo('#1677ff'))
      .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('highlights', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('contact_phone', 'text')
      .addColumn('contact_mobile', 'text')
      .addColumn('contact_email', 'text')
      .addColumn('contact_address', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .$call(audit('created_at', 'updated_at'))
      .execute();
    await createIndex(db, 'microsites_company', 'microsites', ['company_id', 'status', 'sort']);
  },
};
