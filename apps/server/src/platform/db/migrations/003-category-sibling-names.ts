import { type Kysely, sql } from 'kysely';

/**
 * Two live siblings may not share a name. The service checks first (for a clear message); this
 * index makes the rule hold when two writers race past that check (PostgreSQL, several processes).
 */
export const categorySiblingNames = {
  async up(db: Kysely<unknown>) {
    await sql`create unique index goods_categories_sibling_name
      on goods_categories (company_id, coalesce(parent_id, 0), name) where del_flag = 0`.execute(db);
  },
};
