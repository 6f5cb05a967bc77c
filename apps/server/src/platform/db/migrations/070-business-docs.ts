import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * A business's documents (issue 37, node screen 2 "edit"; design/training.md "The node screens"):
 * written in a node by a seat — blank or from one of the flow's templates (a material of usage 3) —
 * as sanitised rich text, numbered `version` so a save made on an older copy is refused; and the
 * signatures asked of other seats (0 waiting, 1 signed, 2 refused), one per document and seat.
 */
export function businessDocs(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'business_docs')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('path_id', 'integer', (c) => c.notNull().references('business_paths.id'))
        .addColumn('seat_id', 'integer', (c) => c.notNull().references('business_seats.id'))
        .addColumn('template_id', 'integer', (c) => c.references('flow_docs.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit())
        .execute();
      await createIndex(db, 'business_docs_business', 'business_docs', [
        'company_id',
        'business_id',
        'del_flag',
        'node_id',
      ]);

      await companyTable(dialect, db, 'business_doc_signs')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('doc_id', 'integer', (c) => c.notNull().references('business_docs.id'))
        .addColumn('seat_id', 'integer', (c) => c.notNull().references('business_seats.id'))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sign', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('asked_at', 'text', (c) => c.notNull())
        .addColumn('signed_at', 'text')
        .execute();
      await createIndex(
        db,
        'business_doc_signs_seat',
        'business_doc_signs',
        ['company_id', 'doc_id', 'seat_id'],
        true,
      );
    },
  };
}
