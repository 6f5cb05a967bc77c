import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * News written in the back office (ADR 0027): the resource block's soft delete and audit columns on
 * `news` (a row deleted before keeps being deleted), its source, and the admin list's index; and
 * `guest_visits`, one row per visitor of a company's public pages (the unique index makes
 * `/guest/welcome` record a visitor once, whatever process answers).
 */
export function newsAdminGuests(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('news')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('news')
        .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('news')
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema
        .alterTable('news')
        .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await sql`update news set del_flag = 1 where deleted_at is not null`.execute(db);
      // The admin list: the company's live news, newest publication first.
      await createIndex(db, 'news_admin_list', 'news', ['company_id', 'del_flag', 'published_at']);

      await companyTable(dialect, db, 'guest_visits')
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'guest_visits_visitor', 'guest_visits', ['company_id', 'visitor'], true);
      await createIndex(db, 'guest_visits_created', 'guest_visits', ['company_id', 'created_at']);
    },
  };
}
