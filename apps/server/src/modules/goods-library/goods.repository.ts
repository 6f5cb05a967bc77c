import {
  type GoodsSku,
  goodsResource,
  goodsSkuSchema,
  itemFromRow,
  type LibraryGoods,
  libraryGoodsSchema,
} from '@portal/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { containsPattern } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { libraryMatch, libraryMatchCount } from '../catalogue/index.ts';

/** The library's filters (the list's, the export's). */
export interface GoodsFilter {
  /** Found by a scan (`like`): only when it holds no token, or the company is not indexed yet. */
  keyword?: string | undefined;
  /** The keyword's search tokens, found by the token index (`libraryMatch`, ADR 0021). */
  tokens?: readonly string[] | undefined;
  status?: number | undefined;
  /** The category and its subtree: its level's ancestor column (`cat1`–`cat3`) equals it. */
  category?: { id: number; level: number } | undefined;
  brand_id?: number | undefined;
  goods_type?: string | undefined;
  in_shop?: number | undefined;
  on_sale?: number | undefined;
}

export const GOODS_ORDERS: Record<string, readonly (readonly [string, 'asc' | 'desc'])[]> = {
  // Ids are given in the order goods are made: newest first is the id's order, which the library's
  // index (company_id, del_flag, id) and the token index's rowids serve without sorting.
  newest: [],
  code: [['g.code', 'asc']],
  name: [['g.name', 'asc']],
  price: [['g.price', 'asc']],
  stock: [['g.stock', 'asc']],
};

/** The company's live goods with their category and brand names, as `g`. */
export function goodsWithNames(db: Database, companyId: number) {
  return inCompany(db, companyId)
    .selectFrom('goods', 'g')
    .leftJoin('goods_categories as c', 'c.id', 'g.category_id')
    .leftJoin('goods_brands as b', 'b.id', 'g.brand_id')
    .selectAll('g')
    .select(['c.name as category_name', 'b.name as brand_name']);
}

type GoodsRow = Awaited<ReturnType<ReturnType<typeof goodsWithNames>['executeTakeFirstOrThrow']>>;

/**
 * The conditions of a filter on goods `g`: its tokens from the token index (with the category,
 * whose subtree the index knows too), or its keyword as a scan (name, code or keywords contain it).
 */
function conditions(
  db: Database,
  companyId: number,
  f: GoodsFilter,
  walkOrder = false,
): RawBuilder<boolean>[] {
  const c: RawBuilder<boolean>[] = [];
  if (f.tokens && f.tokens.length > 0)
    c.push(libraryMatch(db, companyId, f.tokens, f.category?.id, walkOrder));
  else if (f.keyword) {
    const pattern = containsPattern(f.keyword);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern}`;
    c.push(sql<boolean>`(${like('g.name')} or ${like('g.code')} or ${like('g.keywords')})`);
  }
  // With tokens the index holds the category subtree already (its scope token).
  if (f.category && !f.tokens?.length) {
    const column = f.category.level === 1 ? 'g.cat1' : f.category.level === 2 ? 'g.cat2' : 'g.cat3';
    c.push(sql<boolean>`${sql.ref(column)} = ${f.category.id}`);
  }
  const equal: [keyof GoodsFilter, string][] = [
    ['status', 'g.status'],
    ['brand_id', 'g.brand_id'],
    ['goods_type', 'g.goods_type'],
    ['in_shop', 'g.in_shop'],
    ['on_sale', 'g.on_sale'],
  ];
  for (const [name, column] of equal)
    if (f[name] !== undefined) c.push(sql<boolean>`${sql.ref(column)} = ${f[name] as string | number}`);
  return c;
}

/** The company's live goods under a filter, with their names. */
export function filteredGoods(db: Database, companyId: number, f: GoodsFilter) {
  let q = goodsWithNames(db, companyId);
  for (const c of conditions(db, companyId, f)) q = q.where(c);
  return q;
}

/** Whether the token index alone answers a filter: tokens, and no condition but the category. */
export const byTokensAlone = (f: GoodsFilter) =>
  (f.tokens?.length ?? 0) > 0 &&
  [f.status, f.brand_id, f.goods_type, f.in_shop, f.on_sale].every((v) => v === undefined);

/**
 * The ids of the company's live goods under a filter, without their names: a page of a keyword
 * held by many goods is ordered on these narrow rows, and only its own rows are then read in full.
 * `walkOrder`: the keyword's goods are checked while the sort's index is walked (migration 036),
 * for a keyword held by so many goods that its page comes after few steps (`libraryMatch`).
 */
export function filteredIds(db: Database, companyId: number, f: GoodsFilter, walkOrder = false) {
  let q = inCompany(db, companyId).selectFrom('goods', 'g').select('g.id');
  for (const c of conditions(db, companyId, f, walkOrder)) q = q.where(c);
  return q;
}

/** How many goods a filter finds (exact; counted in the token index alone when it can be). */
export async function countGoods(db: Database, companyId: number, f: GoodsFilter) {
  if (byTokensAlone(f)) {
    const n = await libraryMatchCount(db, companyId, f.tokens ?? [], f.category?.id);
    if (n !== undefined) return n;
  }
  let q = inCompany(db, companyId).selectFrom('goods', 'g');
  for (const c of conditions(db, companyId, f)) q = q.where(c);
  const row = await q.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

const json = <T>(text: unknown, fallback: T): T => {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
};

/** A goods row as the item (before its schema checks it): the declared mapping, its images' JSON read. */
export function goodsItem(row: Record<string, unknown>, item: Record<string, unknown>) {
  item.images = json<string[]>(row.images, []);
  return item;
}

/** A goods row with its category's and brand's names as the item, by its declared columns. */
export const toLibraryGoods = (row: GoodsRow): LibraryGoods =>
  libraryGoodsSchema.parse(goodsItem(row, itemFromRow(goodsResource.shape, row)));

/** The live specifications of some goods of the company, in their order. */
export function skusOf(db: Database, companyId: number, goodsIds: readonly number[]) {
  return inCompany(db, companyId)
    .selectFrom('goods_skus', 's')
    .selectAll('s')
    .where('s.goods_id', 'in', goodsIds)
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
}

type SkuRow = Awaited<ReturnType<typeof skusOf>>[number];

export const toSku = (row: SkuRow): GoodsSku =>
  goodsSkuSchema.parse({
    id: row.id,
    goods_id: row.goods_id,
    specs: json(row.specs, []),
    spec_text: row.spec_text,
    barcode: row.barcode,
    price: row.price,
    cost: row.cost,
    weight: row.weight,
    stock: row.stock,
    on_sale: row.on_sale,
  });

/**
 * Sets a goods' price, stock and specification count from its live specifications (the lowest
 * price of those on sale, the sum of stock); a goods without any keeps its own.
 */
export async function rollUpSkus(trx: Database, companyId: number, goodsId: number, now: string) {
  const row = await inCompany(trx, companyId)
    .selectFrom('goods_skus', 's')
    .where('s.goods_id', '=', goodsId)
    .select([
      sql<number | string>`count(*)`.as('n'),
      // The shop's lowest price: of the specifications it sells, of all when it sells none (ADR 0028).
      sql<number | string | null>`coalesce(min(case when s.on_sale = 1 then s.price end), min(s.price))`.as(
        'price',
      ),
      sql<number | string | null>`sum(s.stock)`.as('stock'),
    ])
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  if (n === 0) {
    await inCompany(trx, companyId)
      .updateTable('goods')
      .set({ sku_count: 0, updated_at: now })
      .where('id', '=', goodsId)
      .execute();
    return;
  }
  await inCompany(trx, companyId)
    .updateTable('goods')
    .set({ sku_count: n, price: Number(row?.price ?? 0), stock: Number(row?.stock ?? 0), updated_at: now })
    .where('id', '=', goodsId)
    .execute();
}
