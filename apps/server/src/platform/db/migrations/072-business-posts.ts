import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * A post node's public notice (issue 37, node screen 7 "公示"): its name and rich text, one for each
 * time the business is in the node (a later save rewrites it), posted by a seat there.
 */
export function businessPosts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'business_posts')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('path_id', 'integer', (c) => c.notNull().references('business_paths.id'))
        .addColumn('seat_id', 'integer', (c) => c.notNull().references('business_seats.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .$call(audit('created_by', 'updated_by', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'business_posts_path', 'business_posts', ['company_id', 'path_id'], true);
    },
  };
}
