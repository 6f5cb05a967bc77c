import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * A business document's attachments (issue 37, node screen 2 "edit": "attach files"): files of the
 * company's file store attached by the document's writer while it is unsigned.
 */
export function businessDocFiles(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'business_doc_files')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('doc_id', 'integer', (c) => c.notNull().references('business_docs.id'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .$call(audit('created_by', 'created_at'))
        .execute();
      await createIndex(db, 'business_doc_files_doc', 'business_doc_files', ['company_id', 'doc_id']);
    },
  };
}
