import { GOODS_DESCRIPTION_MAX, type GoodsSheetRow } from '@portal/contract';
import { storedImages } from '#server/modules/file/index.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { dialectOf } from '#server/platform/db/dialect-of.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { SheetValues } from '#server/platform/resource/resource-service.ts';
import { richTextImageKeys, sanitizeRichText } from '#server/platform/richText.ts';
import { nowIso } from '#server/platform/time.ts';
import { categoriesOf, indexColumns, indexInserted } from '../catalogue/index.ts';
import { bookMoves, defaultWarehouse, type MoveLine } from '../stock/index.ts';

/** The 商品详情's rule, a form's and a sheet's alike: rich text (ADR 0030), its stored HTML within the limit. */
export const GOODS_DESCRIPTION = { label: '商品详情', field: 'description', max: GOODS_DESCRIPTION_MAX };

/**
 * The goods import (`/goods/excel_data_save`, ADR 0017 "The goods import"): a sheet row names its
 * category and brand; here they become the company's ids, read once per import (on the commit's
 * transaction), so 50,000 rows cost two queries, not 100,000.
 */

/** Each live category with its names from the root ("茶叶/绿茶"); a category under a deleted one has none. */
async function categoryPaths(conn: Database, companyId: number) {
  const rows = await inCompany(conn, companyId)
    .selectFrom('goods_categories', 'c')
    .select(['c.id', 'c.path', 'c.name'])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths: { id: number; name: string; names: string[] }[] = [];
  for (const r of rows) {
    const names: string[] = [];
    for (const ancestor of r.path.split('/').filter(Boolean).map(Number)) {
      const a = ancestor === r.id ? r : byId.get(ancestor);
      if (!a) break;
      names.push(a.name.trim());
    }
    if (names.length === 0 || names.at(-1) !== r.name.trim()) continue;
    paths.push({ id: r.id, name: r.name.trim(), names });
  }
  return paths;
}

/** The category a sheet names: its name (茶叶) or the end of its path (茶叶/绿茶, 食品/茶叶/绿茶). */
async function categoryResolver(conn: Database, companyId: number) {
  const byName = new Map<string, { id: number; names: string[] }[]>();
  for (const { id, name, names } of await categoryPaths(conn, companyId)) {
    const list = byName.get(name) ?? [];
    list.push({ id, names });
    byName.set(name, list);
  }
  const answered = new Map<string, { id: number } | { error: string }>();
  return (cell: string) => {
    const known = answered.get(cell);
    if (known) return known;
    const asked = cell
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
    const found = (byName.get(asked.at(-1) ?? '') ?? []).filter(
      (c) =>
        c.names.length >= asked.length &&
        asked.every((s, i) => c.names[c.names.length - asked.length + i] === s),
    );
    const [first, second] = found;
    const out =
      first === undefined
        ? { error: `商品分类「${cell}」不存在，请先在商品分类中添加` }
        : second !== undefined
          ? {
              error: `商品分类「${cell}」有${found.length}个同名分类，请填写完整路径，如「${first.names.join('/')}」`,
            }
          : { id: first.id };
    answered.set(cell, out);
    return out;
  };
}

/** How one checked sheet row becomes the goods' values, with the company's categories and brands read once. */
export async function prepareGoodsImport(conn: Database, caller: Caller) {
  const category = await categoryResolver(conn, caller.companyId);
  const brands = await inCompany(conn, caller.companyId)
    .selectFrom('goods_brands', 'b')
    .select(['b.id', 'b.name'])
    .execute();
  const brandIds = new Map<string, number[]>();
  for (const b of brands) brandIds.set(b.name.trim(), [...(brandIds.get(b.name.trim()) ?? []), b.id]);

  return (data: Record<string, unknown>): SheetValues => {
    const row = data as GoodsSheetRow;
    const errors: Record<string, string> = {};
    const c = category(row.category);
    if ('error' in c) errors.category = c.error;
    let brandId: number | null = null;
    if (row.brand) {
      const ids = brandIds.get(row.brand) ?? [];
      if (ids.length === 0) errors.brand = `品牌「${row.brand}」不存在，请先在品牌管理中添加`;
      else if (ids.length > 1)
        errors.brand = `品牌「${row.brand}」有${ids.length}个同名品牌，请先在品牌管理中改名`;
      else brandId = ids[0] ?? null;
    }
    let description = '';
    try {
      description = sanitizeRichText(row.description ?? '', GOODS_DESCRIPTION);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.description = error.message;
    }
    if (Object.keys(errors).length > 0 || 'error' in c) return { errors };
    return {
      values: {
        code: row.code,
        name: row.name,
        subtitle: row.subtitle ?? '',
        keywords: row.keywords ?? '',
        category_id: c.id,
        brand_id: brandId,
        unit: row.unit || '件',
        goods_type: row.goods_type,
        price: row.price,
        stock: row.stock ?? 0,
        status: row.status ?? 1,
        images: '[]',
        cover: '',
        description,
        on_sale: 0,
        in_shop: 0,
        del_flag: 0,
      },
    };
  };
}

/**
 * The export's side of the import: each goods' category as its path from the root (茶叶/绿茶, which
 * the import finds even where two categories share a name) and its brand by name, read once per
 * page of the export.
 */
export async function goodsSheet(conn: Database, caller: Caller, items: readonly Record<string, unknown>[]) {
  const paths = new Map((await categoryPaths(conn, caller.companyId)).map((c) => [c.id, c.names.join('/')]));
  return items.map((g) => ({
    category: paths.get(Number(g.category_id)) ?? g.category_name ?? '',
    brand: g.brand_name ?? '',
  }));
}

/** Before an imported row is written (a preview's too): the pictures of its 商品详情 are the company's. */
export async function checkGoodsImported(trx: Database, values: Record<string, unknown>, caller: Caller) {
  await storedImages(
    trx,
    caller.companyId,
    richTextImageKeys(String(values.description ?? '')),
    'description',
  );
}

/**
 * Before a batch of imported goods is inserted: their search index columns, written with the rows
 * (one write per goods; `afterGoodsImported` adds SQLite's token documents) — made as an import job
 * stages them (`goodsIndexBasis`). Only rows that are written pay for it: a preview does not.
 */
export async function beforeGoodsImported(
  trx: Database,
  values: Record<string, unknown>[],
  caller: Caller,
): Promise<Record<string, unknown>[]> {
  const categories = await categoriesOf(trx, caller.companyId);
  const brandIds = [...new Set(values.map((v) => v.brand_id).filter((id) => typeof id === 'number'))];
  const brands = new Map(
    brandIds.length === 0
      ? []
      : (
          await inCompany(trx, caller.companyId)
            .selectFrom('goods_brands', 'b')
            .select(['b.id', 'b.name'])
            .where('b.id', 'in', brandIds)
            .execute()
        ).map((b) => [b.id, b.name]),
  );
  const dialect = dialectOf(trx);
  return values.map((v) => ({
    ...v,
    ...indexColumns(dialect, caller.companyId, categories, {
      code: String(v.code),
      name: String(v.name),
      subtitle: String(v.subtitle),
      keywords: String(v.keywords),
      category_id: v.category_id as number,
      brand_name: brands.get(v.brand_id as number) ?? null,
      on_sale: Number(v.on_sale),
      is_public: 1,
      del_flag: Number(v.del_flag),
    }),
  }));
}

/**
 * What `beforeGoodsImported` makes the index columns from: the company's categories (path and
 * name) and its brands' names. An import job makes its rows' index columns as it stages them,
 * outside the publish's transaction; the publish compares this again and makes them anew if a
 * category or brand changed meanwhile (ADR 0037).
 */
export async function goodsIndexBasis(conn: Database, caller: Caller) {
  const categories = await categoriesOf(conn, caller.companyId);
  const brands = await inCompany(conn, caller.companyId)
    .selectFrom('goods_brands', 'b')
    .select(['b.id', 'b.name'])
    .orderBy('b.id')
    .execute();
  return { categories: [...categories].sort(([a], [b]) => a - b), brands };
}

/**
 * After a batch of imported goods is inserted, in the commit's transaction: their opening stock
 * booked into the default warehouse (ADR 0022, as a created goods'; one statement for their levels
 * and one for their moves, `bookMoves`), and their documents in SQLite's token index.
 */
export async function afterGoodsImported(
  trx: Database,
  rows: readonly (Record<string, unknown> & { id: number })[],
  caller: Caller,
) {
  const now = nowIso();
  const stocked = rows.filter((r) => Number(r.stock) > 0);
  if (stocked.length > 0) {
    const warehouse = await defaultWarehouse(trx, caller.companyId, now);
    const lines: MoveLine[] = stocked.map((r) => ({
      warehouse_id: warehouse.id,
      goods_id: r.id,
      sku_id: 0,
      quantity: Number(r.stock),
      kind: 'opening',
      reason: '导入商品的期初库存',
      ref: { type: 'goods', id: r.id },
    }));
    await bookMoves(trx, caller.companyId, lines, { userId: caller.userId, name: caller.username }, now);
  }
  // Their index columns came with the rows (beforeGoodsImported); SQLite's token index gets their documents.
  await indexInserted(
    trx,
    caller.companyId,
    rows.map((r) => ({
      id: r.id,
      search_text: String(r.search_text),
      cat1: r.cat1 === null ? null : Number(r.cat1),
      cat2: r.cat2 === null ? null : Number(r.cat2),
      cat3: r.cat3 === null ? null : Number(r.cat3),
      on_sale: Number(r.on_sale),
      is_public: Number(r.is_public),
      del_flag: Number(r.del_flag),
    })),
  );
}
