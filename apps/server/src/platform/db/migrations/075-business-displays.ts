import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * A display node (issue 37, node screen 3 "展示"): the step of each visit (1 gathering, 2 showing),
 * the items gathered for it — an earlier node's document, a flow material or an uploaded file —,
 * and who of the node has opened each item.
 */
export function businessDisplays(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('business_paths')
        .addColumn('display_step', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await companyTable(dialect, db, 'business_display_items')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('path_id', 'integer', (c) => c.notNull().references('business_paths.id'))
        .addColumn('seat_id', 'integer', (c) => c.notNull().references('business_seats.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('source', 'integer', (c) => c.notNull())
        .addColumn('doc_id', 'integer', (c) => c.references('business_docs.id'))
        .addColumn('flow_doc_id', 'integer', (c) => c.references('flow_docs.id'))
        .addColumn('file_id', 'integer', (c) => c.references('files.id'))
        .$call(audit('created_by', 'created_at'))
        .execute();
      await createIndex(db, 'business_display_items_path', 'business_display_items', [
        'company_id',
        'path_id',
      ]);
      await companyTable(dialect, db, 'business_display_reads')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('business_display_items.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('read_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'business_display_reads_item',
        'business_display_reads',
        ['item_id', 'user_id'],
        true,
      );
    },
  };
}
