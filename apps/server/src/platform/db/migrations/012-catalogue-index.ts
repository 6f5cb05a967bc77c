import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/** The goods a shop lists: on sale and not deleted (the condition of every list index). */
const LISTED = sql`on_sale = 1 and del_flag = 0`;

/**
 * The catalogue served from the database's indexes (issue 22, ADR 0014), replacing the in-memory
 * snapshot of ADR 0007:
 * - `cat1`, `cat2`, `cat3`: the goods' category ancestors at each level, so a subtree is one
 *   equality and a sort inside a top category walks an index;
 * - search tokens (modules/catalogue/search-tokens.ts): on PostgreSQL a `text[]` with a GIN index,
 *   on SQLite a contentless FTS5 table keyed by goods id; `search_version` says which goods still
 *   need them (the catalogue's start-up job fills them, a few hundred rows at a time);
 * - partial indexes over listed goods for each sort, over all goods and within a category at
 *   each level.
 */
export function catalogueIndex(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['cat1', 'cat2', 'cat3'])
        await db.schema.alterTable('goods').addColumn(column, 'integer').execute();
      await db.schema
        .alterTable('goods')
        .addColumn('search_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'pg') {
        await sql`alter table goods add column search_tokens text[] not null default '{}'`.execute(db);
        await sql`create index goods_search on goods using gin (search_tokens)`.execute(db);
      } else {
        await sql`create virtual table goods_search using fts5(tokens, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
          db,
        );
      }
      const index = (name: string, columns: string) =>
        sql`create index ${sql.raw(name)} on goods (${sql.raw(columns)}) where ${LISTED}`.execute(db);
      await index('goods_list_new', 'company_id, created_at, id');
      await index('goods_list_price', 'company_id, price, id');
      await index('goods_list_sales', 'company_id, sales, id');
      await index('goods_list_cat1_new', 'company_id, cat1, created_at, id');
      await index('goods_list_cat1_price', 'company_id, cat1, price, id');
      await index('goods_list_cat1_sales', 'company_id, cat1, sales, id');
      // Second and third levels: a leaf may hold tens of thousands of goods (sorting them per
      // request is what an index walk avoids).
      for (const level of ['cat2', 'cat3']) {
        await index(`goods_list_${level}_new`, `company_id, ${level}, created_at, id`);
        await index(`goods_list_${level}_price`, `company_id, ${level}, price, id`);
        await index(`goods_list_${level}_sales`, `company_id, ${level}, sales, id`);
      }
      await sql`create index goods_search_pending on goods (search_version) where search_version = 0`.execute(
        db,
      );
    },
  };
}
