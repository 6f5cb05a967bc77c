import {
  GOODS_MAX_PAGES,
  type GoodsSpec,
  type ShopGoods,
  type ShopGoodsDetail,
  type ShopGoodsQuery,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { answerMemo } from '#server/platform/cache/answer-memo.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { GoodsCategoryTable } from '#server/platform/db/schema.ts';
import { nowIso } from '#server/platform/time.ts';
import {
  type CatalogueFilter,
  type CatalogueRow,
  type CatalogueSort,
  goodsForSale,
  catalogueRepository as repo,
} from './catalogue.repository.ts';
import { isAvailable } from './goods-rules.ts';
import { skusOnSale } from './goods-skus.ts';
import { queryTokens } from './search-tokens.ts';

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

/** Answers a process remembers at most, over all companies (a page of 20 is about 8 kB). */
const MAX_ANSWERS = 2000;

/**
 * A remembered answer: its goods as the reply shows them, the same objects for every request that
 * shares it, so each one's JSON is written once (the route's `itemJson`; ADR 0014 "Memory").
 */
type Answer = { count: number; items: ShopGoods[] };

/**
 * The public catalogue, answered from the database's indexes (ADR 0014): a list is one indexed
 * query for its page and one for its count (up to one past the last page). Each process remembers
 * an answer for `answerMaxAgeMs` (half of CACHE_RECHECK_MS: 0.5 s), MAX_ANSWERS in all; a write
 * this process commits (an order, a payment) forgets its company's answers at once (`forget`),
 * and another process's write shows within that time. Nothing is loaded wholesale, nothing waits
 * for a rebuild.
 */
/**
 * What the catalogue reads of a goods category: the goods-category module's rows fit it, and
 * app.ts passes them in (that module reindexes the catalogue when a category moves, so importing
 * it back would close a circle of modules).
 */
export type CatalogueCategory = Pick<Selectable<GoodsCategoryTable>, 'id' | 'name' | 'level'>;

/** What the catalogue is given at composition (app.ts) rather than importing it. */
export interface CatalogueDeps {
  categoryRows: (companyId: number) => Promise<readonly CatalogueCategory[]>;
  answerMaxAgeMs: number;
  /**
   * How many reviews a goods has and their average rating (null without reviews), for its detail:
   * the review module's, passed in by app.ts because reviews build on orders, which build on the
   * catalogue (importing it would close a circle of modules).
   */
  reviewStats: (companyId: number, goodsId: number) => Promise<{ n: number; avg: number | null }>;
}

export function catalogueService(db: Database, deps: CatalogueDeps) {
  const memo = answerMemo<Answer>({ maxAgeMs: deps.answerMaxAgeMs, maxAnswers: MAX_ANSWERS });
  const forgetCompany = memo.forget;

  /** The page and count of a filter, from the database. */
  async function answerOf(
    companyId: number,
    f: CatalogueFilter,
    sort: CatalogueSort,
    p: PageParams,
    categories: Map<number, CatalogueCategory>,
  ): Promise<Answer> {
    const { items, count } = await pageOf(companyId, f, sort, p);
    return { count, items: items.map((i) => toShopGoods(i, categories)) };
  }

  async function pageOf(companyId: number, f: CatalogueFilter, sort: CatalogueSort, p: PageParams) {
    // Counted up to one past the last page: "over 2,000" is what a shopper can use of it.
    const cap = GOODS_MAX_PAGES * p.pageSize + 1;
    if (f.tokens) {
      // A keyword held by few goods: they come from the token index; by many: the sort's index
      // is walked, checking each goods' text, and stops after the page (ADR 0014).
      const count = await repo.countUpTo(db, companyId, f, cap);
      const plan = count >= cap ? 'walk' : 'index';
      const items = count === 0 ? [] : await repo.list(db, companyId, f, sort, p.pageSize, p.offset, plan);
      return { items, count };
    }
    const [items, count] = await Promise.all([
      repo.list(db, companyId, f, sort, p.pageSize, p.offset),
      repo.countUpTo(db, companyId, f, cap),
    ]);
    return { items, count };
  }

  /** Listed goods by id, in the order of `ids` (a goods no longer listed is left out). */
  async function inOrder(companyId: number, ids: readonly number[]) {
    const byId = new Map((await repo.byIds(db, companyId, ids)).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((i): i is CatalogueRow => i !== undefined);
  }

  function toShopGoods(item: CatalogueRow, categories: Map<number, CatalogueCategory>): ShopGoods {
    return {
      id: item.id,
      name: item.name,
      subtitle: item.subtitle,
      cover: item.cover,
      price: item.price,
      original_price: item.original_price,
      stock: item.stock,
      sales: item.sales,
      love_count: item.love_count,
      category_id: item.category_id,
      category_name: item.category_id === null ? '' : (categories.get(item.category_id)?.name ?? ''),
      is_new: item.is_new,
      is_recommend: item.is_recommend,
      create_time: item.created_at,
    };
  }

  // The categories by id per category snapshot (the rows array is shared until categories change).
  const byIdOf = new WeakMap<readonly CatalogueCategory[], Map<number, CatalogueCategory>>();
  async function categoriesById(companyId: number) {
    const rows = await deps.categoryRows(companyId);
    let byId = byIdOf.get(rows);
    if (!byId) {
      byId = new Map(rows.map((r) => [r.id, r]));
      byIdOf.set(rows, byId);
    }
    return byId;
  }

  /** The filter of a query, or null when nothing can match (an unknown category, a keyword of no letters). */
  function filterOf(categories: Map<number, CatalogueCategory>, q: ShopGoodsQuery): CatalogueFilter | null {
    const f: CatalogueFilter = {
      minPrice: q.min_price,
      maxPrice: q.max_price,
      isNew: q.is_new,
      isRecommend: q.is_recommend,
      inStock: q.in_stock === 1,
    };
    if (q.category_id !== undefined) {
      const category = categories.get(q.category_id);
      if (!category) return null;
      f.category = { id: category.id, level: category.level };
    }
    if (q.keyword) {
      const tokens = queryTokens(q.keyword);
      if (tokens.length === 0) return null;
      f.tokens = tokens;
    }
    return f;
  }

  return {
    async list(companyId: number, q: ShopGoodsQuery) {
      const p = pageParams(q);
      const categories = await categoriesById(companyId);
      if (q.ids) {
        const items = await inOrder(companyId, q.ids);
        return {
          count: items.length,
          page: 1,
          pageSize: Math.max(items.length, 1),
          results: items.map((i) => toShopGoods(i, categories)),
        };
      }
      const f = filterOf(categories, q);
      if (!f) return { count: 0, page: p.page, pageSize: p.pageSize, results: [] };
      const sort = q.sort ?? 'new';
      const key = JSON.stringify([f, sort, p.page, p.pageSize]);
      const answer = await memo.answer(companyId, key, () => answerOf(companyId, f, sort, p, categories));
      return { count: answer.count, page: p.page, pageSize: p.pageSize, results: answer.items };
    },

    async detail(companyId: number, id: number, caller: Caller | null): Promise<ShopGoodsDetail> {
      const row = await repo.detail(db, companyId, id);
      if (!row || !isAvailable(row)) throw new AppError('GOODS_UNAVAILABLE');
      const [categories, stats, loved, skus] = await Promise.all([
        categoriesById(companyId),
        deps.reviewStats(companyId, id),
        caller ? repo.loved(db, caller.companyId, caller.userId, id) : Promise.resolve(false),
        row.sku_count > 0 ? skusOnSale(db, companyId, id) : Promise.resolve([]),
      ]);
      const images = parseJsonArray(row.images, isString);
      return {
        ...toShopGoods(row, categories),
        images: images.length > 0 ? images : row.cover ? [row.cover] : [],
        specs: parseJsonArray(row.specs, isSpec),
        skus: skus.map((k) => ({
          id: k.id,
          specs: parseJsonArray(k.specs, isSpec),
          spec_text: k.spec_text,
          price: k.price,
          stock: k.stock,
        })),
        sku_count: row.sku_count,
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
      return toggle().finally(() => forgetCompany(caller.companyId));
    },

    /** After this process committed a write to a company's goods: its answers are forgotten. */
    forget: forgetCompany,

    /** The caller's liked goods still on sale, newest like first. */
    async loved(caller: Caller, { page, pageSize, offset }: PageParams) {
      const [items, count, categories] = await Promise.all([
        repo.lovedPage(db, caller.companyId, caller.userId, pageSize, offset),
        repo.lovedCount(db, caller.companyId, caller.userId),
        categoriesById(caller.companyId),
      ]);
      return { count, page, pageSize, results: items.map((i) => toShopGoods(i, categories)) };
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
