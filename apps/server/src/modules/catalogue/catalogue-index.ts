import { sql } from 'kysely';
import type { Database, Dialect } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import { inCompany, unscoped } from '#server/platform/db/scope.ts';
import { isListed } from './goods-rules.ts';
import { pinyinWords } from './pinyin-words.ts';
import { documentOf, documentTokens, scopeToken, searchText } from './search-tokens.ts';

/**
 * What the catalogue's list reads besides the goods' own columns (ADR 0014): the category
 * ancestors (`cat1`–`cat3`), the search tokens of name, subtitle, code, keywords, brand and
 * category names, and — while the goods is listed (on sale, public, not deleted) — its scope
 * tokens; while it is not deleted, the goods library's scope tokens (its search, `libraryMatch`). Whoever writes a goods' name,
 * subtitle, keywords, brand, category, `on_sale`, `is_public` or `del_flag`, or a category's name or
 * place, or a brand's name, calls `indexGoods`
 * or `indexCategorySubtree` in the same transaction; the list then answers from it at once, in
 * every process. Goods written without it (a database from before, a bulk load) have
 * `search_version` below SEARCH_VERSION and are indexed by the catalogue's job (`indexPending`).
 * A new version comes with a migration that moves the partial index `goods_search_pending` to
 * `search_version < <new version>` (013), so the job finds what it must index again.
 */
export const SEARCH_VERSION = 6;

/** Goods indexed per statement batch. */
const BATCH = 500;

export interface CategoryInfo {
  path: string;
  name: string;
}

/** The company's categories by id, deleted ones too (a goods' ancestors are named as they were). */
export async function categoriesOf(trx: Database, companyId: number): Promise<Map<number, CategoryInfo>> {
  const rows = await inCompany(trx, companyId)
    .selectFrom('goods_categories', 'c', { withDeleted: true })
    .select(['c.id', 'c.path', 'c.name'])
    .execute();
  return new Map(rows.map((r) => [r.id, { path: r.path, name: r.name }]));
}

/** The ids from the root down to the category itself ("/1/5/12/" → [1, 5, 12]). */
const ancestry = (path: string) => path.split('/').filter(Boolean).map(Number);

/** What the index reads of a goods: its texts, category and whether it is listed or live. */
export interface IndexSource {
  code: string;
  name: string;
  subtitle: string;
  keywords: string;
  category_id: number | null;
  brand_name: string | null;
  on_sale: number;
  is_public: number;
  del_flag: number;
}

/**
 * The scope tokens of a goods (search-tokens.ts `scopeToken`): while listed, its company and
 * category subtree in the shop; while live, the goods library's.
 */
function scopeTokensOf(
  companyId: number,
  g: { on_sale: number; is_public: number; del_flag: number },
  path: readonly number[],
) {
  // A listed goods' document also places it in its company and category subtree, so the
  // token index alone answers "listed goods with this keyword in this category" (scopeToken).
  const scope = isListed(g)
    ? [scopeToken.company(companyId), ...path.slice(0, 3).map((id) => scopeToken.category(id))]
    : [];
  // Every live goods is in the goods library's search, listed or not (issue 12).
  if (g.del_flag === 0)
    scope.push(
      scopeToken.library(companyId),
      ...path.slice(0, 3).map((id) => scopeToken.libraryCategory(id)),
    );
  return scope;
}

/** What a goods is indexed by (pure): its category's ancestors and its searched texts. */
function sourceOf(categories: ReadonlyMap<number, CategoryInfo>, g: IndexSource) {
  const path = g.category_id === null ? [] : ancestry(categories.get(g.category_id)?.path ?? '');
  const names = path.map((id) => categories.get(id)?.name ?? '');
  // The name's pinyin (initials and whole) is found too: "xhlj" finds 西湖龙井.
  // Its brand and keywords too (issue 12): "狮峰" finds the goods of the brand 狮峰; and its
  // code (version 5): "LJ-0" finds LJ-001 (its words "lj" and "001" and their prefixes).
  const texts = [g.name, g.subtitle, ...names, g.brand_name ?? '', g.keywords, g.code, pinyinWords(g.name)];
  return { path, texts, cat: [path[0] ?? null, path[1] ?? null, path[2] ?? null] as const };
}

/** A goods' index (pure): its category's ancestors, its searched text and its tokens. */
function indexOf(companyId: number, categories: ReadonlyMap<number, CategoryInfo>, g: IndexSource) {
  const { path, texts, cat } = sourceOf(categories, g);
  const { tokens, text } = documentOf(...texts);
  return { cat, tokens: [...tokens, ...scopeTokensOf(companyId, g, path)], text };
}

/**
 * The index columns of a goods about to be inserted, written with its row (an import's batch:
 * nothing updates the rows afterwards); `indexInserted` then gives SQLite's token index their
 * documents. `categories`: the company's categories by id (with their path and name).
 */
export function indexColumns(
  dialect: Dialect,
  companyId: number,
  categories: ReadonlyMap<number, CategoryInfo>,
  g: IndexSource,
) {
  const { path, texts, cat } = sourceOf(categories, g);
  // SQLite's tokens are the token index's, made once from the searched text (`indexInserted`).
  const document = dialect === 'pg' ? documentOf(...texts) : { text: searchText(...texts), tokens: [] };
  return {
    cat1: cat[0],
    cat2: cat[1],
    cat3: cat[2],
    search_text: document.text,
    search_version: SEARCH_VERSION,
    ...(dialect === 'pg' && { search_tokens: [...document.tokens, ...scopeTokensOf(companyId, g, path)] }),
  };
}

/**
 * SQLite: the token documents of goods inserted with their index columns (`indexColumns`), from
 * their searched text (which holds every token's run: `documentTokens(searchText(t)) =
 * documentTokens(t)`) and their ancestors; PostgreSQL holds the tokens in the row already.
 */
export async function indexInserted(
  trx: Database,
  companyId: number,
  rows: readonly {
    id: number;
    search_text: string;
    cat1: number | null;
    cat2: number | null;
    cat3: number | null;
    on_sale: number;
    is_public: number;
    del_flag: number;
  }[],
) {
  if (dialectOf(trx) === 'pg' || rows.length === 0) return;
  for (let start = 0; start < rows.length; start += BATCH) {
    const documents = sql.join(
      rows.slice(start, start + BATCH).map((r) => {
        const path = [r.cat1, r.cat2, r.cat3].filter((id) => id !== null);
        const tokens = [...documentTokens(r.search_text), ...scopeTokensOf(companyId, r, path)];
        return sql`(${r.id}, ${tokens.join(' ')})`;
      }),
    );
    // company-scope: goods_search is keyed by goods id; the rows are this company's new goods
    await sql`insert into goods_search (rowid, tokens) values ${documents}`.execute(trx);
  }
}

/** Indexes some goods of a company (any state): their ancestors and search tokens. */
export async function indexGoods(trx: Database, companyId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const categories = await categoriesOf(trx, companyId);
  const pg = dialectOf(trx) === 'pg';
  // PostgreSQL: the rows locked in the order of their ids, batch after batch, before they are
  // updated — two indexers at once (the job of two processes; a bulk and the job) each wait for
  // the other's rows instead of locking them in the orders of their plans, which deadlocked.
  const sorted = [...ids].sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += BATCH) {
    let q = inCompany(trx, companyId)
      .selectFrom('goods', 'g', { withDeleted: true })
      .leftJoin('goods_brands as b', 'b.id', 'g.brand_id')
      .select(['g.id', 'g.code', 'g.name', 'g.subtitle', 'g.keywords', 'g.category_id', 'g.on_sale'])
      .select('g.is_public')
      .select(['g.del_flag', 'b.name as brand_name', 'g.cat1', 'g.cat2', 'g.cat3'])
      .where('g.id', 'in', sorted.slice(start, start + BATCH))
      .orderBy('g.id');
    if (pg) q = q.forUpdate('g');
    const goods = await q.execute();
    const rows = goods.map((g) => ({ id: g.id, ...indexOf(companyId, categories, g) }));
    if (rows.length === 0) continue;
    // Casts type the NULLs of a VALUES list.
    const int = (v: number | null) => sql`cast(${v} as integer)`;
    if (pg) {
      // One update of each row: on PostgreSQL a row's new version takes an entry in every index
      // of the table whatever changed (search_tokens is indexed), so two updates cost twice.
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(${int(r.id)}, ${int(r.cat[0])}, ${int(r.cat[1])}, ${int(r.cat[2])}, ${r.text}, cast(${r.tokens} as text[]))`,
        ),
      );
      // company-scope: the ids were read from this company's goods above
      await sql`with v(id, cat1, cat2, cat3, text, tokens) as (values ${values})
        update goods set cat1 = v.cat1, cat2 = v.cat2, cat3 = v.cat3, search_text = v.text,
          search_version = ${SEARCH_VERSION}, search_tokens = v.tokens
        from v where goods.id = v.id`.execute(trx);
      continue;
    }
    const values = sql.join(rows.map((r) => sql`(${int(r.id)}, ${r.text})`));
    // company-scope: the ids were read from this company's goods above
    await sql`with v(id, text) as (values ${values})
      update goods set search_text = v.text, search_version = ${SEARCH_VERSION}
      from v where goods.id = v.id`.execute(trx);
    // SQLite: the ancestors only where they changed — SQLite writes an index entry only for the
    // columns an update sets, and each is in nine list indexes, which an unchanged value would
    // still be written to: most of a re-index after an upgrade (issue 38).
    const moved = rows.filter((r, i) => {
      const g = goods[i];
      return g?.cat1 !== r.cat[0] || g?.cat2 !== r.cat[1] || g?.cat3 !== r.cat[2];
    });
    if (moved.length > 0) {
      const cats = sql.join(
        moved.map((r) => sql`(${int(r.id)}, ${int(r.cat[0])}, ${int(r.cat[1])}, ${int(r.cat[2])})`),
      );
      // company-scope: the ids were read from this company's goods above
      await sql`with v(id, cat1, cat2, cat3) as (values ${cats})
        update goods set cat1 = v.cat1, cat2 = v.cat2, cat3 = v.cat3 from v where goods.id = v.id`.execute(
        trx,
      );
    }
    const list = sql.join(rows.map((r) => sql`${r.id}`));
    // company-scope: goods_search is keyed by goods id; the ids were read from this company's goods
    await sql`delete from goods_search where rowid in (${list})`.execute(trx);
    const documents = sql.join(rows.map((r) => sql`(${r.id}, ${r.tokens.join(' ')})`));
    await sql`insert into goods_search (rowid, tokens) values ${documents}`.execute(trx);
  }
}

/** Indexes again every goods under a category that was renamed or moved (its own and its descendants'). */
export async function indexCategorySubtree(trx: Database, companyId: number, categoryId: number) {
  const rows = await inCompany(trx, companyId)
    .selectFrom('goods', 'g', { withDeleted: true })
    .select('g.id')
    .where((eb) =>
      eb.or([
        eb('g.category_id', '=', categoryId),
        eb('g.cat1', '=', categoryId),
        eb('g.cat2', '=', categoryId),
        eb('g.cat3', '=', categoryId),
      ]),
    )
    .execute();
  await indexGoods(
    trx,
    companyId,
    rows.map((r) => r.id),
  );
}

/**
 * SQLite's token index in bulk (issue 38): FTS5 merges a segment as soon as a tenth of its entries
 * are deleted (`deletemerge`, 10 by default), and indexing goods again deletes each one's old
 * document — so a re-index of many goods merged the whole index again with every batch (35 s of
 * 40 for 100,000 goods). While `work` runs, deleted entries wait instead; the index is merged
 * once afterwards (`tidyTokenIndex`). The setting is the database's, so another process's single
 * writes meanwhile wait too, which costs nothing; it is set back even when the work fails.
 */
async function inBulk<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'pg') return work();
  // Literals: FTS5 reads a setting given as a bound parameter as a malformed value.
  // company-scope: FTS5's own setting of the token index, not a row of any company
  await sql`insert into goods_search (goods_search, rank) values ('deletemerge', 0)`.execute(db);
  // The writer's page cache, for the bulk only: each batch writes into nine list indexes at
  // scattered places, and with SQLite's 2 MB a page was written out and read back many times
  // within one transaction (100,000 goods indexed in 28 s instead of 42 s).
  await sql`pragma cache_size = ${sql.lit(-BULK_CACHE_KB)}`.execute(db);
  try {
    return await work();
  } finally {
    await sql`pragma cache_size = ${sql.lit(-DEFAULT_CACHE_KB)}`.execute(db);
    // company-scope: FTS5's own setting of the token index, not a row of any company
    await sql`insert into goods_search (goods_search, rank) values ('deletemerge', ${sql.lit(FTS_DELETE_MERGE)})`.execute(
      db,
    );
  }
}

/** The writer's page cache while indexing in bulk (`inBulk`), and SQLite's default, in kB. */
const BULK_CACHE_KB = 131_072;
const DEFAULT_CACHE_KB = 2_000;
/** FTS5's default share (per cent) of deleted entries that makes a segment merge. */
const FTS_DELETE_MERGE = 10;
/** Pages of the token index one step of tidying writes (about 4 kB each: bounded work per step). */
const TIDY_PAGES = 2000;

/**
 * SQLite: merges the token index's segments after a bulk re-index (`inBulk`), a bounded step at a
 * time (`merge` of FTS5 with a negative page count: any segments, not only full levels); answers
 * whether more than two segments remain. An index in few segments answers a keyword in half the
 * time (0.45 against 0.83 ms for a count at 100,000 goods).
 */
async function tidyTokenIndex(db: Database, pages = TIDY_PAGES): Promise<boolean> {
  if (dialectOf(db) === 'pg') return false;
  // Nothing is pending, so no bulk is under way: FTS5's setting at its default again, in case a
  // bulk was cut short (a restart) before setting it back.
  // company-scope: FTS5's own setting of the token index, not a row of any company
  await sql`insert into goods_search (goods_search, rank) values ('deletemerge', ${sql.lit(FTS_DELETE_MERGE)})`.execute(
    db,
  );
  // company-scope: FTS5's own command on the token index, not a row of any company
  await sql`insert into goods_search (goods_search, rank) values ('merge', ${sql.lit(-pages)})`.execute(db);
  // company-scope: the token index's own structure (its segments), not a row of any company
  const row = await sql<{ n: number }>`select count(distinct segid) as n from goods_search_idx`.execute(db);
  return Number(row.rows[0]?.n ?? 0) > 2;
}

/** Indexes every goods of a company (a bulk load, a benchmark's seed), a batch per transaction. */
export async function rebuildCatalogueIndex(db: Database, companyId: number): Promise<void> {
  await inBulk(db, () => rebuildBatches(db, companyId));
  // company-scope: FTS5's own command on the token index, not a row of any company
  if (dialectOf(db) === 'sqlite')
    await sql`insert into goods_search (goods_search) values ('optimize')`.execute(db);
}

async function rebuildBatches(db: Database, companyId: number): Promise<void> {
  let after = 0;
  for (;;) {
    const ids = (
      await inCompany(db, companyId)
        .selectFrom('goods', 'g', { withDeleted: true })
        .select('g.id')
        .where('g.id', '>', after)
        .orderBy('g.id')
        .limit(BATCH * 10)
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return;
    await db.transaction().execute((trx) => indexGoods(trx, companyId, ids));
    // SQLite: the write-ahead log copied into the file and started again after each batch. The
    // checkpoint thread (sqlite-checkpoint.ts) copies while the writer writes, but the log only
    // starts again once a checkpoint has caught up between two writes, which back-to-back batches
    // never allow: a million goods' index grew it to 13 GB, every page read searching it (issue 38).
    if (dialectOf(db) === 'sqlite') await sql`pragma wal_checkpoint(restart)`.execute(db);
    after = ids[ids.length - 1] as number;
  }
}

/**
 * Indexes up to `limit` goods that have not been, or by an older version of the index (written
 * before it existed, or loaded in bulk); answers how many. Idempotent: processes running it at once write the same values
 * (on PostgreSQL one waits for the rows the other holds: `indexGoods` locks them in id order).
 */
export async function indexPending(db: Database, limit = 5000): Promise<number> {
  const pending = await unscoped(db, 'the job of every company, each batch indexed within its own company')
    .selectFrom('goods')
    .select(['id', 'company_id'])
    .where('search_version', '<', sql.lit(SEARCH_VERSION))
    .limit(limit)
    .execute();
  if (pending.length === 0) {
    // After a bulk re-index by this process: a step of merging the token index's segments.
    if (untidy) untidy = await tidyTokenIndex(db);
    return 0;
  }
  const byCompany = new Map<number, number[]>();
  for (const p of pending) byCompany.set(p.company_id, [...(byCompany.get(p.company_id) ?? []), p.id]);
  const index = async () => {
    for (const [companyId, ids] of byCompany)
      await db.transaction().execute((trx) => indexGoods(trx, companyId, ids));
  };
  // A full batch is a bulk re-index under way (an upgrade, a bulk load): see `inBulk`.
  if (pending.length === limit) {
    await inBulk(db, index);
    untidy = true;
  } else await index();
  return pending.length;
}

/**
 * Whether the token index may still be in many segments: after this process re-indexed goods in
 * bulk, and when it starts — a bulk cut short by a restart left its segments unmerged, and FTS5's
 * `deletemerge` at 0 (`inBulk` sets it back in a `finally` a killed process never runs). Per
 * process: with several, each merges once it finds nothing pending (a merged index makes the next
 * step cheap: one segment, nothing to merge).
 */
let untidy = true;

/**
 * The goods library's keyword (issue 12, ADR 0021): the goods of the company, listed or not, that
 * hold the keyword's tokens (name, subtitle, code, keywords, brand, category names, the name's
 * pinyin; search-tokens.ts), in the category's subtree if one is given — a condition on goods `g`
 * served by the token index (SQLite: the goods ids from FTS5; PostgreSQL: the GIN index).
 */
export function libraryMatch(
  db: Database,
  companyId: number,
  tokens: readonly string[],
  categoryId?: number,
  /**
   * SQLite: the ids found only checked, not walked (`+g.id`), so that the query walks the index of
   * its order and stops after its page — for a keyword held by many goods (PostgreSQL's planner
   * chooses by its statistics).
   */
  walkOrder = false,
) {
  const all = [
    categoryId === undefined ? scopeToken.library(companyId) : scopeToken.libraryCategory(categoryId),
    ...tokens,
  ];
  if (dialectOf(db) === 'pg') return sql<boolean>`g.search_tokens @> ${all}::text[]`;
  const id = walkOrder ? sql`+g.id` : sql`g.id`;
  // company-scope: the scope token (the company's, or its category's) is held by the company's goods only
  return sql<boolean>`${id} in (select rowid from goods_search where goods_search match ${ftsQuery(all)})`;
}

/** The FTS5 query of some tokens: they hold only letters, digits and CJK, so quoted they are plain phrases. */
const ftsQuery = (tokens: readonly string[]) => tokens.map((t) => `"${t}"`).join(' ');

/**
 * SQLite: how many goods `libraryMatch` finds, from the token index alone (no goods row is read);
 * undefined on PostgreSQL, which must visit each row it counts anyway to see whether it is visible.
 */
export async function libraryMatchCount(
  db: Database,
  companyId: number,
  tokens: readonly string[],
  categoryId?: number,
): Promise<number | undefined> {
  if (dialectOf(db) === 'pg') return undefined;
  const all = [
    categoryId === undefined ? scopeToken.library(companyId) : scopeToken.libraryCategory(categoryId),
    ...tokens,
  ];
  // company-scope: the scope token (the company's, or its category's) is held by the company's goods only
  const row = await sql<{
    n: number;
  }>`select count(*) as n from goods_search where goods_search match ${ftsQuery(all)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * SQLite: the ids of a page of what `libraryMatch` finds, newest (highest id) first, from the token
 * index alone (its rowids are goods ids, walked backwards; no goods row is read); undefined on
 * PostgreSQL, whose planner walks the library's id index and checks the tokens instead.
 */
export async function libraryMatchPage(
  db: Database,
  companyId: number,
  tokens: readonly string[],
  categoryId: number | undefined,
  limit: number,
  offset: number,
): Promise<number[] | undefined> {
  if (dialectOf(db) === 'pg') return undefined;
  const all = [
    categoryId === undefined ? scopeToken.library(companyId) : scopeToken.libraryCategory(categoryId),
    ...tokens,
  ];
  // company-scope: the scope token (the company's, or its category's) is held by the company's goods only
  const rows = await sql<{ id: number }>`select rowid as id from goods_search
    where goods_search match ${ftsQuery(all)} order by rowid desc limit ${limit} offset ${offset}`.execute(
    db,
  );
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Whether every goods of the company is indexed by this version (the library's search relies on
 * its scope tokens; until the job has indexed a database from before, the library scans instead).
 * Served by the partial index `goods_search_pending`, which holds only the goods still to index.
 */
export async function libraryIndexed(db: Database, companyId: number): Promise<boolean> {
  const row = await unscoped(db, 'the company as +company_id, which no index serves; deleted goods count too')
    .selectFrom('goods')
    .select('id')
    .where('search_version', '<', sql.lit(SEARCH_VERSION))
    // "+": not a condition an index should serve (SQLite would walk the company's goods instead)
    .where(sql<boolean>`+company_id = ${companyId}`)
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}
