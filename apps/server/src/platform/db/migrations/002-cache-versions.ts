import type { Kysely } from 'kysely';

/**
 * A version per (scope, company) that writes bump in their transaction, so a process can keep a
 * read cache and check it with one primary-key read (ADR 0005).
 */
export const cacheVersions = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cache_versions')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('cache_versions_pk', ['scope', 'company_id'])
      .execute();
  },
};
