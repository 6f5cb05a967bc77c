import { type Kysely, sql } from 'kysely';

/**
 * The goods library's sorts (issue 12, ADR 0021 "The list's speed"): an index per sort over every
 * live goods of a company, in the list's order (the column, then the newest first), so a keyword
 * held by many goods walks its sort's index and stops after its page instead of reading and
 * ordering every goods it finds. Newest first walks `goods_library` (020).
 */
export const librarySorts = {
  async up(db: Kysely<unknown>) {
    for (const column of ['code', 'name', 'price', 'stock'])
      await sql`create index ${sql.id(`goods_library_${column}`)} on goods (company_id, del_flag, ${sql.id(column)}, id desc)`.execute(
        db,
      );
  },
};
