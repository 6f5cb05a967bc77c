import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * A person's messages (issue 34, docs/adr/0038 "Messages"): one row per person and message, in the
 * company the person belongs to (a person who moves takes theirs along: modules/transfer).
 * `read_at` is empty until read; a deleted message keeps its row (`del_flag`) until it ages out.
 */
export const inbox = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await companyTable(dialect, db, 'inbox_messages')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('read_at', 'text')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // A person's list, newest first, and the unread count.
    await createIndex(db, 'inbox_messages_user', 'inbox_messages', [
      'company_id',
      'user_id',
      'del_flag',
      'id',
    ]);
  },
});
