import { type Kysely, sql } from 'kysely';

/**
 * The catalogue's index, third version (issue 11): a goods' name is also found by its pinyin
 * (initials and whole, modules/catalogue/pinyin-words.ts). Goods indexed by an earlier version are
 * indexed again by the catalogue's job: the partial index that finds them moves to `< 3`.
 */
export const cataloguePinyin = {
  async up(db: Kysely<unknown>) {
    await sql`drop index goods_search_pending`.execute(db);
    await sql`create index goods_search_pending on goods (search_version) where search_version < 3`.execute(
      db,
    );
  },
};
