import { type RawBuilder, sql } from 'kysely';
import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { scopeToken, textNeedle } from './search-tokens.ts';

/** The columns of a goods row a list shows (ShopGoods without the category name). */
export interface CatalogueRow {
  id: number;
  category_id: number | null;
  name: string;
  subtitle: string;
  cover: string;
  price: number;
  original_price: number;
  stock: number;
  sales: number;
  love_count: number;
  is_new: number;
  is_recommend: number;
  created_at: string;
}

const LIST_COLUMNS = [
  'g.id',
  'g.category_id',
  'g.name',
  'g.subtitle',
  'g.cover',
  'g.price',
  'g.original_price',
  'g.stock',
  'g.sales',
  'g.love_count',
  'g.is_new',
  'g.is_recommend',
  'g.created_at',
] as const;

export type CatalogueSort = 'new' | 'sales' | 'price_asc' | 'price_desc';

/** What a list asks for; every condition is served by an index (migration 012, ADR 0014). */
export interface CatalogueFilter {
  /** A category and its level: goods in its subtree (`cat<level>` = id). */
  category?: { id: number; level: number };
  /** Search tokens (search-tokens.ts), all of which a goods must hold. */
  tokens?: readonly string[];
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  isNew?: number | undefined;
  isRecommend?: number | undefined;
  inStock?: boolean;
}

/** Each sort and its tie-break, in the direction of its index so the database walks it in order. */
const ORDER: Record<CatalogueSort, [column: 'g.created_at' | 'g.sales' | 'g.price', dir: 'asc' | 'desc']> = {
  new: ['g.created_at', 'desc'],
  sales: ['g.sales', 'desc'],
  price_asc: ['g.price', 'asc'],
  price_desc: ['g.price', 'desc'],
};

/**
 * SQLite: the list index (migrations 012, 020) a filter's page walks in `sort` order — its category's
 * level, or the company's — named with `indexed by`: the goods library's indexes (036), which lead
 * with `company_id, del_flag`, tie with these for a planner without statistics, and it took them
 * for a count or a stock or price condition and read the company's every goods (issue 38). A count
 * walks the same level's index by price when a price bound is given (a range on it), else by time.
 */
function listIndex(f: CatalogueFilter, sort: CatalogueSort | 'count') {
  const level = f.category ? `cat${f.category.level}_` : '';
  const priced = f.minPrice !== undefined || f.maxPrice !== undefined;
  return `goods_list_${level}${sort === 'count' ? (priced ? 'price' : 'new') : SORT_INDEX[sort]}`;
}

/** The list index (012, 020) that holds each sort's order: both price sorts walk one, either way. */
const SORT_INDEX: Record<CatalogueSort, 'new' | 'sales' | 'price'> = {
  new: 'new',
  sales: 'sales',
  price_asc: 'price',
  price_desc: 'price',
};

/** The columns of a goods row that every check of goods for sale needs (goods-rules.ts). */
const SALE_COLUMNS = [
  'id',
  'name',
  'cover',
  'price',
  'stock',
  'on_sale',
  'del_flag',
  'unit',
  'max_per_order',
  'sku_count',
] as const;

/**
 * Goods of a company by id, in whatever state: the rules of goods-rules.ts decide what may be
 * done with them (a refusal names the goods, also one taken off sale). The one way the catalogue,
 * the cart, orders and promotions read goods for sale by id.
 */
export const goodsForSale = (db: Database, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : inCompany(db, companyId)
        .selectFrom('goods', 'goods', { withDeleted: true })
        .select(SALE_COLUMNS)
        .where('id', 'in', ids)
        .execute();

/**
 * The goods of a company on sale, as `g`: `isAvailable` in SQL, the base of every list of goods
 * for sale (the catalogue snapshot, likes, promotion items).
 */
export const goodsOnSale = (db: Database, companyId: number) =>
  inCompany(db, companyId).selectFrom('goods', 'g').where('g.on_sale', '=', 1);

/** The member's likes of goods still on sale in their company (the others are not listed). */
const lovedOnSale = (db: Database, companyId: number, userId: number) =>
  goodsOnSale(db, companyId)
    .innerJoin('goods_loves as l', 'l.goods_id', 'g.id')
    .where('l.user_id', '=', userId);

/** The conditions of a filter besides its keyword, on goods `g`. */
function conditions(f: CatalogueFilter): RawBuilder<boolean>[] {
  const c: RawBuilder<boolean>[] = [];
  if (f.category) {
    const column = f.category.level === 1 ? 'g.cat1' : f.category.level === 2 ? 'g.cat2' : 'g.cat3';
    c.push(sql<boolean>`${sql.ref(column)} = ${f.category.id}`);
  }
  if (f.minPrice !== undefined) c.push(sql<boolean>`g.price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) c.push(sql<boolean>`g.price <= ${f.maxPrice}`);
  if (f.isNew !== undefined) c.push(sql<boolean>`g.is_new = ${f.isNew}`);
  if (f.isRecommend !== undefined) c.push(sql<boolean>`g.is_recommend = ${f.isRecommend}`);
  if (f.inStock) c.push(sql<boolean>`g.stock > 0`);
  return c;
}

/**
 * How a list with a keyword is found (ADR 0014):
 * - `index`: the goods that hold the keyword's tokens, from the token index (few of them);
 * - `walk`: a walk of the sort's index that checks each goods' `search_text` (many of them: the
 *   walk stops after the page, the index would hand over all).
 */
export type CataloguePlan = 'index' | 'walk';

/** The tokens a filter's goods hold: its scope token (the category, or the company) and the keyword's. */
const tokensOf = (companyId: number, f: CatalogueFilter) => [
  f.category ? scopeToken.category(f.category.id) : scopeToken.company(companyId),
  ...(f.tokens ?? []),
];

/** The FTS5 query of a filter. */
const match = (companyId: number, f: CatalogueFilter) =>
  // Tokens hold only letters, digits and CJK characters: quoted, they are plain FTS5 phrases.
  tokensOf(companyId, f)
    .map((t) => `"${t}"`)
    .join(' ');

/**
 * SQLite: the listed goods of a company holding a keyword, found from the token index first (a
 * cross join fixes that order: from the goods' side the planner would probe the index once per
 * goods of the category).
 */
function fromTokenIndex(db: Database, companyId: number, f: CatalogueFilter) {
  // From the token index to the company's live goods (the scope adds company and del_flag).
  let q = inCompany(db, companyId)
    .fromIndex(sql<{ rowid: number }>`goods_search`.as('goods_search'), 'goods', 'g')
    .where(sql<boolean>`g.id = goods_search.rowid`)
    .where(sql<boolean>`goods_search match ${match(companyId, f)}`)
    .where(sql<boolean>`g.on_sale = 1 and g.is_public = 1`);
  for (const c of conditions(f)) q = q.where(c);
  return q;
}

/** Whether the token index alone finds a filter's goods: a keyword, and no condition but the category. */
const byTokensAlone = (f: CatalogueFilter) =>
  (f.tokens?.length ?? 0) > 0 &&
  f.minPrice === undefined &&
  f.maxPrice === undefined &&
  f.isNew === undefined &&
  f.isRecommend === undefined &&
  !f.inStock;

/** `select count(*)` of a query, counting no further than `limit`. */
async function countOf(db: Database, matching: RawBuilder<unknown>, limit: number) {
  const row = await sql<{
    n: number | string;
  }>`select count(*) as n from (${matching} limit ${limit}) as s`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * SQLite: how many listed goods hold a filter's tokens (up to `limit`), from the token index
 * alone: only listed goods hold scope tokens (catalogue-index.ts), so no goods row is read.
 * (PostgreSQL must visit each row it counts anyway, to see whether it is visible; its planner
 * chooses between the GIN index and a walk of the category's index better than this would.)
 */
function countInTokenIndex(db: Database, companyId: number, f: CatalogueFilter, limit: number) {
  // company-scope: the scope token (the company's, or its category's) is held by the company's listed goods only
  const matching = sql`select rowid from goods_search where goods_search match ${match(companyId, f)}`;
  return countOf(db, matching, limit);
}

/**
 * The listed goods of a company matching a filter, as `g`. `on_sale = 1 and is_public = 1` is written as a literal
 * (and `del_flag = 0` by the scope) so the planner can use the partial list indexes. A keyword is
 * found by `plan`: on SQLite from its token index (`fromTokenIndex`), on PostgreSQL by the GIN
 * index as its planner sees fit; or by the text walk on either.
 */
function listed(
  db: Database,
  companyId: number,
  f: CatalogueFilter,
  plan: CataloguePlan = 'index',
  /** SQLite: the list index to walk (`listIndex`); none for a lookup by id. */
  indexedBy?: string,
) {
  const tokens = f.tokens ?? [];
  if (tokens.length > 0 && plan === 'index' && dialectOf(db) === 'sqlite')
    return fromTokenIndex(db, companyId, f);
  // PostgreSQL, found by the token index: the scope token (the category's, or the company's) is
  // held by the listed goods of that subtree only, so neither the listing nor the category is
  // asked again — asked, the planner ANDed the category's list index (50,000 entries for a top
  // category) with the GIN index's answer, a third of a dense keyword's count (issue 38).
  const byScope = tokens.length > 0 && plan === 'index';
  let q = inCompany(db, companyId).selectFrom('goods', 'g', { indexedBy });
  if (!byScope) q = q.where(sql<boolean>`g.on_sale = 1 and g.is_public = 1`);
  for (const c of conditions(byScope ? { ...f, category: undefined } : f)) q = q.where(c);
  if (tokens.length > 0 && plan === 'walk') {
    const contains = dialectOf(db) === 'pg' ? sql.raw('strpos') : sql.raw('instr');
    for (const t of tokens) q = q.where(sql<boolean>`${contains}(g.search_text, ${textNeedle(t)}) > 0`);
  } else if (tokens.length > 0)
    q = q.where(sql<boolean>`g.search_tokens @> ${tokensOf(companyId, f)}::text[]`);
  return q;
}

export const catalogueRepository = {
  /** A page of the listed goods matching `f`, in `sort` order. */
  list(
    db: Database,
    companyId: number,
    f: CatalogueFilter,
    sort: CatalogueSort,
    limit: number,
    offset: number,
    plan: CataloguePlan = 'index',
  ) {
    const [column, dir] = ORDER[sort];
    return listed(db, companyId, f, plan, listIndex(f, sort))
      .select(LIST_COLUMNS)
      .orderBy(column, dir)
      .orderBy('g.id', dir)
      .limit(limit)
      .offset(offset)
      .execute() as Promise<CatalogueRow[]>;
  },

  /** How many listed goods match `f`, counting no further than `limit` (a list stops at 100 pages). */
  async countUpTo(db: Database, companyId: number, f: CatalogueFilter, limit: number): Promise<number> {
    if (byTokensAlone(f) && dialectOf(db) === 'sqlite') return countInTokenIndex(db, companyId, f, limit);
    const row = await db
      .selectFrom(
        listed(db, companyId, f, 'index', listIndex(f, 'count')).select('g.id').limit(limit).as('s'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Listed goods by id (the list's `ids`), in no particular order. */
  byIds: (db: Database, companyId: number, ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([] as CatalogueRow[])
      : (listed(db, companyId, {}).select(LIST_COLUMNS).where('g.id', 'in', ids).execute() as Promise<
          CatalogueRow[]
        >),

  /** The member's liked goods still listed, newest like first. */
  lovedPage: (db: Database, companyId: number, userId: number, limit: number, offset: number) =>
    lovedOnSale(db, companyId, userId)
      .select(LIST_COLUMNS)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<CatalogueRow[]>,

  /** A goods of the company with every column, in whatever state (the service applies `isAvailable`). */
  detail: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('goods', 'goods', { withDeleted: true })
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst(),

  loved: async (db: Database, companyId: number, userId: number, goodsId: number) =>
    (await inCompany(db, companyId)
      .selectFrom('goods_loves')
      .select('id')
      .where('user_id', '=', userId)
      .where('goods_id', '=', goodsId)
      .executeTakeFirst()) !== undefined,

  /** Adds or removes the like; the goods' counter follows in the same transaction. */
  async toggleLove(trx: Database, companyId: number, userId: number, goodsId: number, now: string) {
    const scope = inCompany(trx, companyId);
    const unlike = async () =>
      Number(
        (
          await scope
            .deleteFrom('goods_loves')
            .where('user_id', '=', userId)
            .where('goods_id', '=', goodsId)
            .executeTakeFirst()
        ).numDeletedRows,
      );
    // The counter moves by the rows this toggle really added or removed, so toggles at once agree.
    let delta = -(await unlike());
    let loved = false;
    if (delta === 0) {
      const added = await scope
        .insertInto('goods_loves', { user_id: userId, goods_id: goodsId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 1) {
        delta = 1;
        loved = true;
      } else {
        // A toggle running at the same time added the like first: this one takes it away again.
        delta = -(await unlike());
      }
    }
    // The goods may have been deleted since the service checked it: the counter still follows the like.
    if (delta !== 0) {
      await scope
        .updateTable('goods', { withDeleted: true })
        .set({ love_count: sql`love_count + ${delta}` })
        .where('id', '=', goodsId)
        .execute();
    }
    const row = await scope
      .selectFrom('goods', 'goods', { withDeleted: true })
      .select('love_count')
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow();
    return { loved, love_count: row.love_count };
  },

  lovedCount: (db: Database, companyId: number, userId: number) =>
    countRows(lovedOnSale(db, companyId, userId)),
};
