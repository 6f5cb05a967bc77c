import { RESOURCE_SELECT_MAX, type ShopGoodsAdmin, shopGoodsAdminSchema } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** What the shop's calls read and write of a goods row (ADR 0028): one `goods` row, the library's. */
const SHOP_COLUMNS = [
  'g.id',
  'g.code',
  'g.name',
  'g.unit',
  'g.price',
  'g.original_price',
  'g.max_per_order',
  'g.is_new',
  'g.is_recommend',
  'g.images',
  'g.cover',
  'g.stock',
  'g.sku_count',
  'g.in_shop',
  'g.on_sale',
  'g.is_public',
] as const;

/** A live goods of the company with the shop's columns, or undefined. */
export function shopGoodsRow(db: Database, companyId: number, goodsId: number) {
  return inCompany(db, companyId)
    .selectFrom('goods', 'g')
    .select(SHOP_COLUMNS)
    .where('g.id', '=', goodsId)
    .executeTakeFirst();
}

export type ShopGoodsRow = NonNullable<Awaited<ReturnType<typeof shopGoodsRow>>>;

/** The gallery of a row (its images; the cover alone for a goods written before images). */
export function galleryOf(row: Pick<ShopGoodsRow, 'images' | 'cover'>): string[] {
  try {
    const list = JSON.parse(row.images) as unknown;
    if (Array.isArray(list)) {
      const images = list.filter((v): v is string => typeof v === 'string');
      if (images.length > 0) return images;
    }
  } catch {
    // A row whose images are not JSON shows its cover.
  }
  return row.cover ? [row.cover] : [];
}

export const toShopGoods = (row: ShopGoodsRow): ShopGoodsAdmin =>
  shopGoodsAdminSchema.parse({ ...row, images: galleryOf(row) });

/**
 * Takes the goods row's lock before its specifications are read and written: the order of
 * `changeGoods` (the goods, then its specifications; docs/ARCHITECTURE.md "Writes that touch stock").
 */
export async function lockGoods(trx: Database, companyId: number, goodsId: number, now: string) {
  const done = await inCompany(trx, companyId)
    .updateTable('goods')
    .set({ updated_at: now })
    .where('id', '=', goodsId)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Writes the shop's fields of a goods (only the ones given). */
export function updateShopGoods(
  trx: Database,
  companyId: number,
  userId: number,
  goodsId: number,
  set: {
    price?: number;
    original_price?: number;
    max_per_order?: number;
    is_new?: number;
    is_recommend?: number;
    images?: string;
    cover?: string;
    updated_at: string;
  },
) {
  return inCompany(trx, companyId, { userId })
    .updateTable('goods')
    .set(set)
    .where('id', '=', goodsId)
    .execute();
}

/** Sets the shop price or the on-sale flag of one specification of a goods. */
export function updateSku(
  trx: Database,
  companyId: number,
  goodsId: number,
  skuId: number,
  set: { price?: number; on_sale?: number; updated_at: string },
) {
  return inCompany(trx, companyId)
    .updateTable('goods_skus')
    .set(set)
    .where('id', '=', skuId)
    .where('goods_id', '=', goodsId)
    .execute();
}

/** A live specification of the company by id, or undefined. */
export function skuById(db: Database, companyId: number, skuId: number) {
  return inCompany(db, companyId)
    .selectFrom('goods_skus', 's')
    .select(['s.id', 's.goods_id', 's.spec_text', 's.price', 's.on_sale'])
    .where('s.id', '=', skuId)
    .executeTakeFirst();
}

/** The picker: the company's goods in the shop and on sale whose name contains `keyword`, by name. */
export function onSaleOptions(db: Database, companyId: number, keyword: string | undefined) {
  let q = inCompany(db, companyId)
    .selectFrom('goods', 'g')
    .select(['g.id', 'g.name as label'])
    .where('g.in_shop', '=', 1)
    .where('g.on_sale', '=', 1);
  if (keyword) q = q.where((eb) => containsLike(eb, ['g.name', 'g.code'], keyword));
  return q.orderBy('g.name').orderBy('g.id').limit(RESOURCE_SELECT_MAX).execute();
}
