import { type Kysely, sql } from 'kysely';

/**
 * The catalogue's index, sixth version (issue 35): a name's pinyin is held as neighbouring
 * syllable pairs and its consonant initials as letter pairs (modules/catalogue/pinyin-words.ts),
 * so whole pinyin finds a word inside a name (`shouji` → 华为手机). Goods indexed by an earlier
 * version are indexed again by the catalogue's job: the partial index that finds them moves to `< 6`.
 * And /app offers a download only of a package put up (issue 35): the demo releases' install
 * pages (`/demo/app/…`, no package) are taken off them.
 */
export const searchPairsAppDownloads = {
  async up(db: Kysely<unknown>) {
    await sql`drop index goods_search_pending`.execute(db);
    await sql`create index goods_search_pending on goods (search_version) where search_version < 6`.execute(
      db,
    );
    // company-scope: the demo releases of every company, recognised by their demo path
    await sql`update app_versions set download_url = '' where download_url like '/demo/app/%'`.execute(db);
  },
};
