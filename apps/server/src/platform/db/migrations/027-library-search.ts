import { type Kysely, sql } from 'kysely';

/**
 * The catalogue's index, fifth version (issue 12): a goods' code is found too, and every live
 * goods holds the goods library's scope tokens (its company, its category subtree), so the
 * library's keyword search is answered by the token index instead of a scan. Goods indexed by an
 * earlier version are indexed again by the catalogue's job: the partial index that finds them
 * moves to `< 5`.
 */
export const librarySearch = {
  async up(db: Kysely<unknown>) {
    await sql`drop index goods_search_pending`.execute(db);
    await sql`create index goods_search_pending on goods (search_version) where search_version < 5`.execute(
      db,
    );
  },
};
