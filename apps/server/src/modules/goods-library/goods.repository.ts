import {
  type GoodsSku,
  goodsResource,
  goodsSkuSchema,
  itemFromRow,
  type LibraryGoods,
  libraryGoodsSchema,
} from '@portal/contract';
import { type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { containsPattern } from '#server/platform/db/like.ts';
import type { GoodsTable } from '#server/platform/db/schema.ts';
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

/** A query in the sort's order (`GOODS_ORDERS`), newest first among equals. */
function ordered<Q extends ReturnType<typeof filteredGoods> | ReturnType<typeof filteredIds>>(
  q: Q,
  sort: string | undefined,
): Q {
  let out = q as ReturnType<typeof filteredIds>;
  for (const [column, dir] of GOODS_ORDERS[sort ?? 'newest'] ?? []) out = out.orderBy(column as 'g.id', dir);
  return out.orderBy('g.id', 'desc') as Q;
}

/** A page of a filter's goods with their names, in the sort's order. */
export function goodsPage(
  db: Database,
  companyId: number,
  f: GoodsFilter,
  sort: string | undefined,
  limit: number,
  offset: number,
) {
  return ordered(filteredGoods(db, companyId, f), sort)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The ids of a page of a filter's goods, in the sort's order (`walkOrder`: as `filteredIds`). */
export async function goodsIdsPage(
  db: Database,
  companyId: number,
  f: GoodsFilter,
  sort: string | undefined,
  limit: number,
  offset: number,
  walkOrder = false,
) {
  const rows = await ordered(filteredIds(db, companyId, f, walkOrder), sort)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
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

/** A live goods of the company with its category and brand names, or undefined. */
export function goodsById(db: Database, companyId: number, goodsId: number) {
  return goodsWithNames(db, companyId).where('g.id', '=', goodsId).executeTakeFirst();
}

/** The live goods of the company among `ids`, with their category and brand names, in no order. */
export function goodsByIds(db: Database, companyId: number, ids: readonly number[]) {
  return goodsWithNames(db, companyId).where('g.id', 'in', ids).execute();
}

/** Whether a live goods of the company (other than `exceptId`) has this code. */
export async function codeTaken(db: Database, companyId: number, code: string, exceptId?: number) {
  let q = inCompany(db, companyId).selectFrom('goods', 'g').select('g.id').where('g.code', '=', code);
  if (exceptId !== undefined) q = q.where('g.id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Some live goods of the company with the flags a batch change sets (and their name, for its refusal). */
export function goodsFlags(db: Database, companyId: number, ids: readonly number[]) {
  return inCompany(db, companyId)
    .selectFrom('goods', 'g')
    .select([
      'g.id',
      'g.name',
      'g.in_shop',
      'g.sku_count',
      'g.on_sale',
      'g.is_public',
      'g.goods_type',
      'g.price',
      'g.stock',
    ])
    .where('g.id', 'in', ids)
    .execute();
}

/** Some live goods of the company with their type and name. */
export function goodsTypesOf(db: Database, companyId: number, ids: readonly number[]) {
  return inCompany(db, companyId)
    .selectFrom('goods', 'g')
    .select(['g.id', 'g.name', 'g.goods_type'])
    .where('g.id', 'in', ids)
    .execute();
}

/** The stock a live goods of the company holds itself, or undefined. */
export function goodsStock(db: Database, companyId: number, goodsId: number) {
  return inCompany(db, companyId)
    .selectFrom('goods', 'g')
    .select('g.stock')
    .where('g.id', '=', goodsId)
    .executeTakeFirst();
}

/** Adds a goods of the company, written by `userId`; answers its id. */
export function insertGoods(
  trx: Database,
  companyId: number,
  userId: number,
  values: Omit<Insertable<GoodsTable>, 'company_id'>,
) {
  return inCompany(trx, companyId, { userId })
    .insertInto('goods', values)
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Writes the given columns of a live goods of the company, changed by `userId`. */
export function updateGoods(
  trx: Database,
  companyId: number,
  userId: number,
  goodsId: number,
  set: Updateable<GoodsTable>,
) {
  return inCompany(trx, companyId, { userId })
    .updateTable('goods')
    .set(set)
    .where('id', '=', goodsId)
    .execute();
}

/** Sets the same flags on some live goods of the company, changed by `userId`. */
export function setGoodsFlags(
  trx: Database,
  companyId: number,
  userId: number,
  ids: readonly number[],
  set: { goods_type?: string; on_sale?: number; in_shop?: number; is_public?: number; updated_at: string },
) {
  return inCompany(trx, companyId, { userId }).updateTable('goods').set(set).where('id', 'in', ids).execute();
}

/** The path of a live category of the company, or undefined. */
export function categoryPath(db: Database, companyId: number, categoryId: number) {
  return inCompany(db, companyId)
    .selectFrom('goods_categories', 'c')
    .select('c.path')
    .where('c.id', '=', categoryId)
    .executeTakeFirst();
}

/** Whether the company has the live category or brand `id` (what a goods names). */
export async function liveRefExists(
  db: Database,
  companyId: number,
  table: 'goods_categories' | 'goods_brands',
  id: number,
) {
  // Both tables have the columns read here; the scope adds each one's own live condition by name.
  const row = await inCompany(db, companyId)
    .selectFrom(table as 'goods_categories')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A page of a goods' audit entries, newest first, with the names of the users who made them, and
 * how many entries it has.
 */
export async function goodsAuditLogs(
  db: Database,
  companyId: number,
  goodsId: number,
  limit: number,
  offset: number,
) {
  const base = inCompany(db, companyId)
    .selectFrom('audit_logs', 'a')
    .where('a.entity', '=', 'goods')
    .where('a.entity_id', '=', goodsId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.action', 'a.before_json', 'a.after_json', 'a.created_at', 'u.username'])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
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

/** A live specification of the company by id, every column, or undefined. */
export function skuRowById(db: Database, companyId: number, skuId: number) {
  return inCompany(db, companyId)
    .selectFrom('goods_skus', 's')
    .selectAll('s')
    .where('s.id', '=', skuId)
    .executeTakeFirst();
}

/**
 * A live specification of the company that holds one of `barcodes` (of another goods than
 * `exceptGoodsId`), or undefined.
 */
export function barcodeTakenBy(
  db: Database,
  companyId: number,
  barcodes: readonly string[],
  exceptGoodsId: number | undefined,
) {
  let q = inCompany(db, companyId)
    .selectFrom('goods_skus', 's')
    .select(['s.barcode', 's.id'])
    .where('s.barcode', 'in', barcodes);
  if (exceptGoodsId !== undefined) q = q.where('s.goods_id', '<>', exceptGoodsId);
  return q.executeTakeFirst();
}

/** A specification's own values as written: its specs as JSON and their text, barcode, money, weight. */
export interface SkuValues {
  specs: string;
  spec_text: string;
  barcode: string;
  price: number;
  cost: number;
  weight: number;
}

/** Adds a specification of a goods of the company; answers its id. */
export function insertSku(
  trx: Database,
  companyId: number,
  values: SkuValues & {
    goods_id: number;
    stock: number;
    sort: number;
    created_at: string;
    updated_at: string;
  },
) {
  return inCompany(trx, companyId).insertInto('goods_skus', values).returning('id').executeTakeFirstOrThrow();
}

/** Writes a live specification's values and its place among its goods' (`sort`). */
export function updateSkuLine(
  trx: Database,
  companyId: number,
  skuId: number,
  set: SkuValues & { sort: number; updated_at: string },
) {
  return inCompany(trx, companyId).updateTable('goods_skus').set(set).where('id', '=', skuId).execute();
}

/** Deletes (marks deleted) some live specifications of the company. */
export function removeSkus(trx: Database, companyId: number, skuIds: readonly number[], now: string) {
  return inCompany(trx, companyId)
    .updateTable('goods_skus')
    .set({ del_flag: 1, updated_at: now })
    .where('id', 'in', skuIds)
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
