import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, createIndex, withId } from './helpers.ts';

/** The company's file store (issue 12, ADR 0018): one row per file; the bytes are in the store. */
export function files(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('files'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('thumb_key', 'text')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('purged', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit('created_by', 'updated_by', 'created_at', 'updated_at'))
        .execute();
      // An image is read by its key (public address) and its thumbnail's.
      await createIndex(db, 'files_storage_key', 'files', ['storage_key'], true);
      await createIndex(db, 'files_thumb_key', 'files', ['thumb_key']);
      await createIndex(db, 'files_company_list', 'files', ['company_id', 'del_flag', 'id']);
      // The sweep of deleted files whose bytes are still in the store.
      await db.schema
        .createIndex('files_unpurged')
        .on('files')
        .column('id')
        .where(sql<boolean>`del_flag = 1 and purged = 0`)
        .execute();
    },
  };
}
