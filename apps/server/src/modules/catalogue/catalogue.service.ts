import type { GoodsSpec, ShopGoods, ShopGoodsDetail, ShopGoodsQuery } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { bumpVersion, versionedCache } from '#server/platform/db/versioned-cache.ts';
import { nowIso } from '#server/platform/time.ts';
import type { CategoryRows } from '../goods-category/index.ts';
import { reviewRepository } from '../review/index.ts';
import { type CatalogueRow, goodsForSale, catalogueRepository as repo } from './catalogue.repository.ts';
import { isAvailable } from './goods-rules.ts';

export const CATALOGUE_CACHE_SCOPE = 'catalogue';

/**
 * Marks a company's catalogue as changed: goods added, edited, put on or off sale, deleted.
 * Stock, sales and likes are not in it (they are read live per page, `COUNTERS_MAX_AGE_MS`), so
 * orders, payments and likes do not call it: a per-company version row that every order updated
 * made all orders of a company wait on each other (issue 10).
 */
export const bumpCatalogue = (trx: Database, companyId: number) =>
  bumpVersion(trx, CATALOGUE_CACHE_SCOPE, companyId);

/**
 * How long a process remembers the stock, sales and likes of a page of goods. Its own writes drop
 * them at once; another process's writes show within this time.
 */
export const COUNTERS_MAX_AGE_MS = 1000;

/**
 * How long a catalogue snapshot orders goods by the sales it was loaded with: the sales sort
 * follows payments within this time (the sales shown are live).
 */
export const SALES_ORDER_MAX_AGE_MS = 5 * 60_000;

type Counters = Map<number, { stock: number; sales: number; love_count: number }>;

interface Item extends CatalogueRow {
  /** Lower-cased name + subtitle for keyword search. */
  haystack: string;
}

interface Snapshot {
  items: Item[];
  byId: Map<number, Item>;
  /** Answers of recent list queries (ids + count), valid as long as this snapshot and the category rows. */
  answers: Map<string, { ids: number[]; count: number }>;
  answersFor: readonly unknown[] | null;
}

const MAX_ANSWERS = 2000;
/** Companies whose counters a process remembers at most. */
const MAX_COMPANIES = 1000;

async function loadSnapshot(db: Database, companyId: number): Promise<Snapshot> {
  const rows = await repo.onSale(db, companyId);
  const items = rows.map((r) => ({ ...r, haystack: `${r.name} ${r.subtitle}`.toLowerCase() }));
  return { items, byId: new Map(items.map((i) => [i.id, i])), answers: new Map(), answersFor: null };
}

const SORTS: Record<NonNullable<ShopGoodsQuery['sort']>, (a: Item, b: Item) => number> = {
  new: (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id),
  sales: (a, b) => b.sales - a.sales || b.id - a.id,
  price_asc: (a, b) => a.price - b.price || b.id - a.id,
  price_desc: (a, b) => b.price - a.price || b.id - a.id,
};

function parseJsonArray<T>(text: string, keep: (v: unknown) => v is T): T[] {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter(keep) : [];
  } catch {
    return [];
  }
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isSpec = (v: unknown): v is GoodsSpec =>
  !!v && typeof v === 'object' && isString((v as GoodsSpec).name) && isString((v as GoodsSpec).value);

/**
 * The public catalogue. Goods on sale are read far more than they change, so each process keeps a
 * per-company snapshot (checked against the `catalogue` version, ADR 0005) and remembers the ids of
 * recent list answers; stock, sales and likes of the rows on the page are read live.
 */
export function catalogueService(db: Database, deps: { categoryRows: CategoryRows; recheckMs?: number }) {
  const cache = versionedCache(CATALOGUE_CACHE_SCOPE, loadSnapshot, {
    recheckMs: deps.recheckMs ?? 1000,
    maxAgeMs: SALES_ORDER_MAX_AGE_MS,
  });

  function toShopGoods(
    item: CatalogueRow,
    names: Map<number, string>,
    live?: { stock: number; sales: number; love_count: number },
  ): ShopGoods {
    return {
      id: item.id,
      name: item.name,
      subtitle: item.subtitle,
      cover: item.cover,
      price: item.price,
      original_price: item.original_price,
      stock: live?.stock ?? 0,
      sales: live?.sales ?? item.sales,
      love_count: live?.love_count ?? 0,
      category_id: item.category_id,
      category_name: item.category_id === null ? '' : (names.get(item.category_id) ?? ''),
      is_new: item.is_new,
      is_recommend: item.is_recommend,
      create_time: item.created_at,
    };
  }

  /** The ids answering a query, from the snapshot (remembered per snapshot and category rows). */
  function answer(
    snap: Snapshot,
    categories: readonly { id: number; path: string }[],
    q: ShopGoodsQuery,
    { page, pageSize, offset }: PageParams,
  ) {
    if (snap.answersFor !== categories) {
      snap.answers.clear();
      snap.answersFor = categories;
    }
    const keyword = q.keyword?.toLowerCase() ?? '';
    const key = `${q.category_id ?? ''}|${keyword}|${q.min_price ?? ''}|${q.max_price ?? ''}|${q.sort ?? ''}|${q.is_new ?? ''}|${q.is_recommend ?? ''}|${page}|${pageSize}`;
    const known = snap.answers.get(key);
    if (known) return known;

    let inCategory: Set<number> | null = null;
    if (q.category_id !== undefined) {
      const root = categories.find((c) => c.id === q.category_id);
      inCategory = new Set(
        root ? categories.filter((c) => c.path.startsWith(root.path)).map((c) => c.id) : [],
      );
    }
    const matching = snap.items.filter(
      (i) =>
        (inCategory === null || (i.category_id !== null && inCategory.has(i.category_id))) &&
        (q.min_price === undefined || i.price >= q.min_price) &&
        (q.max_price === undefined || i.price <= q.max_price) &&
        (q.is_new === undefined || i.is_new === q.is_new) &&
        (q.is_recommend === undefined || i.is_recommend === q.is_recommend) &&
        (keyword === '' || i.haystack.includes(keyword)),
    );
    if (q.sort && q.sort !== 'new') matching.sort(SORTS[q.sort]);
    const result = {
      ids: matching.slice(offset, offset + pageSize).map((i) => i.id),
      count: matching.length,
    };
    if (snap.answers.size >= MAX_ANSWERS) snap.answers.clear();
    snap.answers.set(key, result);
    return result;
  }

  /**
   * The counters of the rows on a page, remembered per page for `COUNTERS_MAX_AGE_MS` (a new
   * period starts an empty map, so only the pages asked for again are re-read).
   */
  const counterPages = new Map<number, { pages: Map<string, Counters>; since: number }>();
  function pagesOf(companyId: number) {
    const t = Date.now();
    let entry = counterPages.get(companyId);
    if (!entry || t - entry.since >= COUNTERS_MAX_AGE_MS) {
      // Dropped and added again, so the map stays in least-recently-started order for the bound.
      counterPages.delete(companyId);
      if (counterPages.size >= MAX_COMPANIES) counterPages.delete(counterPages.keys().next().value as number);
      entry = { pages: new Map(), since: t };
      counterPages.set(companyId, entry);
    }
    return entry.pages;
  }

  async function withCounters(companyId: number, items: Item[], names: Map<number, string>) {
    const pages = pagesOf(companyId);
    const key = items.map((i) => i.id).join(',');
    let live = pages.get(key);
    if (!live) {
      live = new Map(
        (
          await repo.counters(
            db,
            companyId,
            items.map((i) => i.id),
          )
        ).map((c) => [c.id, c]),
      );
      if (pages.size >= MAX_ANSWERS) pages.clear();
      pages.set(key, live);
    }
    const counters = live;
    return items.map((i) => toShopGoods(i, names, counters.get(i.id)));
  }

  // Category names per category snapshot (the rows array is shared until categories change).
  const namesOf = new WeakMap<readonly unknown[], Map<number, string>>();
  async function categoryNames(companyId: number) {
    const rows = await deps.categoryRows(companyId);
    let names = namesOf.get(rows);
    if (!names) {
      names = new Map(rows.map((r) => [r.id, r.name]));
      namesOf.set(rows, names);
    }
    return { rows, names };
  }

  return {
    async list(companyId: number, q: ShopGoodsQuery) {
      const p = pageParams(q);
      const [snap, { rows, names }] = await Promise.all([cache.get(db, companyId), categoryNames(companyId)]);
      if (q.ids) {
        const items = q.ids.map((id) => snap.byId.get(id)).filter((i): i is Item => i !== undefined);
        return {
          count: items.length,
          page: 1,
          pageSize: Math.max(items.length, 1),
          results: await withCounters(companyId, items, names),
        };
      }
      const { ids, count } = answer(snap, rows, q, p);
      const items = ids.map((id) => snap.byId.get(id) as Item);
      return {
        count,
        page: p.page,
        pageSize: p.pageSize,
        results: await withCounters(companyId, items, names),
      };
    },

    async detail(companyId: number, id: number, caller: Caller | null): Promise<ShopGoodsDetail> {
      const row = await repo.detail(db, companyId, id);
      if (!row || !isAvailable(row)) throw new AppError('GOODS_UNAVAILABLE');
      const [{ names }, stats, loved] = await Promise.all([
        categoryNames(companyId),
        reviewRepository.stats(db, companyId, id),
        caller ? repo.loved(db, caller.companyId, caller.userId, id) : Promise.resolve(false),
      ]);
      const images = parseJsonArray(row.images, isString);
      return {
        ...toShopGoods(row, names, row),
        images: images.length > 0 ? images : row.cover ? [row.cover] : [],
        specs: parseJsonArray(row.specs, isSpec),
        description: row.description,
        unit: row.unit,
        max_per_order: row.max_per_order,
        on_sale: row.on_sale,
        loved,
        review_count: Number(stats.n),
        rating: stats.avg === null ? 0 : Math.round(Number(stats.avg) * 10),
      };
    },

    async toggleLove(caller: Caller, goodsId: number) {
      const [goods] = await goodsForSale(db, caller.companyId, [goodsId]);
      if (!goods || !isAvailable(goods)) throw new AppError('GOODS_UNAVAILABLE');
      const toggle = () =>
        db
          .transaction()
          .execute((trx) => repo.toggleLove(trx, caller.companyId, caller.userId, goodsId, nowIso()));
      // Two toggles at once may both find no like: the second one's insert yields to the first's
      // and removes that like again (repo.toggleLove), so parallel toggles never fail.
      return toggle().finally(() => counterPages.delete(caller.companyId));
    },

    /** The caller's liked goods still on sale, newest like first. */
    async loved(caller: Caller, { page, pageSize, offset }: PageParams) {
      const [rows, count, snap, { names }] = await Promise.all([
        repo.lovedIds(db, caller.companyId, caller.userId, pageSize, offset),
        repo.lovedCount(db, caller.companyId, caller.userId),
        cache.get(db, caller.companyId),
        categoryNames(caller.companyId),
      ]);
      const items = rows.map((r) => snap.byId.get(r.goods_id)).filter((i): i is Item => i !== undefined);
      return { count, page, pageSize, results: await withCounters(caller.companyId, items, names) };
    },

    /** Drop this process's snapshot after a write committed (other processes see the version). */
    forget: (companyId: number) => cache.forget(companyId),
    /** Drop this process's remembered counters after a commit that changed stock, sales or likes. */
    forgetCounters: (companyId: number) => counterPages.delete(companyId),
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
