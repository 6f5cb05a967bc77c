import { itemFromRow, type Product, type ProductMaterial, productResource } from '@portal/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { ProductTable } from '#server/platform/db/schema.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** What a list of products is filtered by. */
export interface ProductFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  goods_id?: number | undefined;
}

export type ProductSort = 'newest' | 'code' | 'name';

/** The products with their output goods' code, name and specification (a deleted goods keeps its name). */
export function productRows(conn: Database, companyId: number) {
  return inCompany(conn, companyId)
    .selectFrom('products', 'p')
    .innerJoin('goods as g', 'g.id', 'p.goods_id')
    .leftJoin('goods_skus as s', (j) =>
      j.onRef('s.id', '=', 'p.sku_id').onRef('s.goods_id', '=', 'p.goods_id'),
    )
    .selectAll('p')
    .select(['g.code as goods_code', 'g.name as goods_name', 's.spec_text']);
}
/** A row of `productRows` as the declared item (the naming rule, ADR 0036). */
const toProduct = (row: Record<string, unknown>): Product =>
  productResource.item.parse(itemFromRow(productResource.shape, row));

function filtered(conn: Database, companyId: number, f: ProductFilter) {
  let q = productRows(conn, companyId);
  if (f.status !== undefined) q = q.where('p.status', '=', f.status);
  if (f.goods_id !== undefined) q = q.where('p.goods_id', '=', f.goods_id);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => containsLike(eb, ['p.code', 'p.name', 'g.code', 'g.name'], k));
  }
  return q;
}

export async function listProducts(
  conn: Database,
  companyId: number,
  f: ProductFilter,
  sort: ProductSort,
  limit: number,
  offset: number,
) {
  let q = filtered(conn, companyId, f);
  if (sort === 'code') q = q.orderBy('p.code');
  else if (sort === 'name') q = q.orderBy('p.name');
  const rows = await q.orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map(toProduct);
}

export async function countProducts(conn: Database, companyId: number, f: ProductFilter) {
  const row = await filtered(conn, companyId, f)
    .clearSelect()
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findProduct(conn: Database, companyId: number, id: number) {
  const row = await productRows(conn, companyId).where('p.id', '=', id).executeTakeFirst();
  return row && toProduct(row);
}

/** Products' material lines in order, with their goods' codes, names, specifications and units. */
function linesOf(conn: Database, companyId: number, productIds: readonly number[]) {
  return inCompany(conn, companyId)
    .selectFrom('product_materials', 'm')
    .innerJoin('goods as g', 'g.id', 'm.goods_id')
    .leftJoin('goods_skus as s', (j) =>
      j.onRef('s.id', '=', 'm.sku_id').onRef('s.goods_id', '=', 'm.goods_id'),
    )
    .select([
      'm.id',
      'm.product_id',
      'm.goods_id',
      'm.sku_id',
      'g.code as goods_code',
      'g.name as goods_name',
      's.spec_text',
      'g.unit',
      'm.quantity',
      'm.remark',
      'm.sort',
    ])
    .where('m.product_id', 'in', productIds)
    .orderBy('m.sort')
    .orderBy('m.id');
}

/** A product's bill of materials (what is needed, the audit's copy), without reading stock. */
export async function bomLines(
  conn: Database,
  companyId: number,
  productId: number,
): Promise<Omit<ProductMaterial, 'on_hand'>[]> {
  const rows = await linesOf(conn, companyId, [productId]).execute();
  return rows.map((r) => ({ ...r, spec_text: r.spec_text ?? '' }));
}

/**
 * Products' bills of materials as the import's sheet writes them (`编码*用量;…`, in order), by
 * product id: one query for a page of products (the export's).
 */
export async function materialsText(conn: Database, companyId: number, productIds: readonly number[]) {
  const texts = new Map<number, string[]>();
  if (productIds.length === 0) return new Map<number, string>();
  for (const r of await linesOf(conn, companyId, productIds).execute())
    texts.set(r.product_id, [...(texts.get(r.product_id) ?? []), `${r.goods_code}*${r.quantity}`]);
  return new Map([...texts].map(([id, parts]) => [id, parts.join(';')]));
}

/**
 * A product's material lines in order, with their goods' names and what is on hand: in
 * `warehouseId`, or in all the company's warehouses.
 */
export async function materialsOf(
  conn: Database,
  companyId: number,
  productId: number,
  warehouseId?: number,
): Promise<ProductMaterial[]> {
  let onHand = inCompany(conn, companyId)
    .selectFrom('stock_levels', 'l')
    .select(sql<number>`coalesce(sum(l.quantity), 0)`.as('n'))
    .where(sql<boolean>`l.goods_id = m.goods_id and l.sku_id = m.sku_id`);
  if (warehouseId !== undefined) onHand = onHand.where('l.warehouse_id', '=', warehouseId);
  const rows = await linesOf(conn, companyId, [productId]).select(onHand.as('on_hand')).execute();
  return rows.map((r) => ({ ...r, spec_text: r.spec_text ?? '', on_hand: Number(r.on_hand ?? 0) }));
}

/** Adds a product of the company, written by `userId` (in the product's transaction); answers its id. */
export function insertProduct(
  trx: Database,
  companyId: number,
  userId: number,
  values: Omit<Insertable<ProductTable>, 'company_id'>,
) {
  return inCompany(trx, companyId, { userId })
    .insertInto('products', values)
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Writes the given columns of a live product of the company, changed by `userId`. */
export function updateProduct(
  trx: Database,
  companyId: number,
  userId: number,
  id: number,
  set: Updateable<ProductTable>,
) {
  return inCompany(trx, companyId, { userId })
    .updateTable('products')
    .set(set)
    .where('id', '=', id)
    .execute();
}

/** One material line as stored. */
export interface MaterialValues {
  goods_id: number;
  sku_id: number;
  quantity: number;
  remark: string;
}

/** Replaces a product's material lines (in the product's transaction) and keeps its count. */
export async function replaceMaterials(
  trx: Database,
  companyId: number,
  productId: number,
  lines: readonly MaterialValues[],
) {
  const scope = inCompany(trx, companyId);
  await scope.deleteFrom('product_materials').where('product_id', '=', productId).execute();
  if (lines.length > 0)
    await scope
      .insertInto(
        'product_materials',
        lines.map((l, i) => ({ product_id: productId, ...l, sort: i + 1 })),
      )
      .execute();
}

/** The live goods of the company among `ids`, with their specifications' ids. */
export async function goodsByIds(conn: Database, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, GoodsRef>();
  const scope = inCompany(conn, companyId);
  const goods = await scope
    .selectFrom('goods', 'g')
    .select(['g.id', 'g.code', 'g.name', 'g.unit', 'g.sku_count'])
    .where('g.id', 'in', [...new Set(ids)])
    .execute();
  const skus = goods.some((g) => g.sku_count > 0)
    ? await scope
        .selectFrom('goods_skus', 's')
        .select(['s.id', 's.goods_id', 's.spec_text'])
        .where(
          's.goods_id',
          'in',
          goods.filter((g) => g.sku_count > 0).map((g) => g.id),
        )
        .execute()
    : [];
  return new Map(
    goods.map((g) => [
      g.id,
      { ...g, skus: new Map(skus.filter((s) => s.goods_id === g.id).map((s) => [s.id, s.spec_text])) },
    ]),
  );
}
export interface GoodsRef {
  id: number;
  code: string;
  name: string;
  unit: string;
  sku_count: number;
  /** Specification id → its text. */
  skus: Map<number, string>;
}

/** Another live product (not `exceptId`) whose output is this goods (specification). */
export async function outputTakenBy(
  conn: Database,
  companyId: number,
  goodsId: number,
  skuId: number,
  exceptId?: number,
) {
  let q = inCompany(conn, companyId)
    .selectFrom('products', 'p')
    .select(['p.id', 'p.code', 'p.name'])
    .where('p.goods_id', '=', goodsId)
    .where('p.sku_id', '=', skuId);
  if (exceptId !== undefined) q = q.where('p.id', '<>', exceptId);
  return q.executeTakeFirst();
}

export async function codeTaken(conn: Database, companyId: number, code: string, exceptId?: number) {
  let q = inCompany(conn, companyId).selectFrom('products', 'p').select('p.id').where('p.code', '=', code);
  if (exceptId !== undefined) q = q.where('p.id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** For an import: every live goods of the company by code (id, unit, whether it has specifications). */
export async function goodsCodes(conn: Database, companyId: number) {
  const rows = await inCompany(conn, companyId)
    .selectFrom('goods', 'g')
    .select(['g.id', 'g.code', 'g.name', 'g.unit', 'g.sku_count'])
    .execute();
  return new Map(rows.map((r) => [r.code, r]));
}

/** For an import: the outputs (goods:sku) of the company's live products. */
export async function productOutputs(conn: Database, companyId: number) {
  const rows = await inCompany(conn, companyId)
    .selectFrom('products', 'p')
    .select(['p.goods_id', 'p.sku_id', 'p.code'])
    .execute();
  return new Map(rows.map((r) => [`${r.goods_id}:${r.sku_id}`, r.code]));
}
