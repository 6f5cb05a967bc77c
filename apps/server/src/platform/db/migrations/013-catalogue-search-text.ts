import { type Kysely, sql } from 'kysely';

/**
 * The catalogue's index, second version (ADR 0014): `search_text`, the goods' searched text as
 * runs between spaces, so a list that walks a sort index checks each goods without the token
 * index; on SQLite the token documents also hold the company's and the category ancestors'
 * scope tokens. Goods indexed by the first version are indexed again by the catalogue's job
 * (`search_version` below 2, a partial index finds them).
 */
export const catalogueSearchText = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('goods')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`drop index goods_search_pending`.execute(db);
    await sql`create index goods_search_pending on goods (search_version) where search_version < 2`.execute(
      db,
    );
  },
};
