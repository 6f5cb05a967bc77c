import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { isAvailable } from './goods-rules.ts';

/**
 * Specifications (SKUs) for sale: a goods with specifications (`sku_count` > 0) is sold only as
 * one of them — the cart, orders and the goods page read them here, and `saleUnit` is the one rule
 * of what a line of a goods and a `sku_id` sells (docs/shop.md "Specifications").
 */

const SKU_COLUMNS = [
  'id',
  'goods_id',
  'specs',
  'spec_text',
  'price',
  'stock',
  'on_sale',
  'del_flag',
  'sort',
] as const;

/** Specifications of a company by id, in whatever state (deleted, stopped, of any goods). */
export const skusById = (db: Database, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : inCompany(db, companyId)
        .selectFrom('goods_skus', 'goods_skus', { withDeleted: true })
        .select(SKU_COLUMNS)
        .where('id', 'in', ids)
        .execute();

export type SkuForSale = Awaited<ReturnType<typeof skusById>>[number];

/** The specifications of a goods the shop sells now (live and on sale), in their order. */
export const skusOnSale = (db: Database, companyId: number, goodsId: number) =>
  inCompany(db, companyId)
    .selectFrom('goods_skus')
    .select(SKU_COLUMNS)
    .where('goods_id', '=', goodsId)
    .where('on_sale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** A specification the shop sells now. */
export const skuAvailable = (s: { on_sale: number; del_flag: number }) => isAvailable(s);

interface SaleGoods {
  id: number;
  name: string;
  price: number;
  stock: number;
  sku_count: number;
}

/** What one line sells: the goods' or its specification's price and stock, and the name shown. */
export interface SaleUnit {
  sku_id: number | null;
  sku_text: string;
  price: number;
  stock: number;
  /** The goods' name, with the specification's values ("T恤（红色 / L）"). */
  label: string;
  /** False when the specification was stopped (the goods' own state is the caller's rule). */
  available: boolean;
}

/** "T恤（红色 / L）", or the name alone. */
export const unitLabel = (name: string, skuText: string) => (skuText ? `${name}（${skuText}）` : name);

/**
 * What a line of `goods` with `skuId` sells, or a refusal (field `sku_id`): a goods with
 * specifications needs one of its own, live ones (GOODS_SKU_REQUIRED without one, NOT_FOUND for a
 * deleted one or one of another goods); a goods without any takes none. A stopped specification
 * is answered `available: false` — the caller refuses it (an order) or shows it so (the cart).
 */
export function saleUnit(
  goods: SaleGoods,
  skuId: number | undefined,
  skus: ReadonlyMap<number, SkuForSale>,
): SaleUnit {
  if (skuId === undefined) {
    if (goods.sku_count > 0)
      throw new AppError('GOODS_SKU_REQUIRED', `请选择「${goods.name}」的规格`, 'sku_id');
    return {
      sku_id: null,
      sku_text: '',
      price: goods.price,
      stock: goods.stock,
      label: goods.name,
      available: true,
    };
  }
  const sku = skus.get(skuId);
  if (!sku || sku.goods_id !== goods.id || sku.del_flag !== 0)
    throw new AppError('NOT_FOUND', `「${goods.name}」的所选规格不存在或已被删除，请重新选择`, 'sku_id');
  return {
    sku_id: sku.id,
    sku_text: sku.spec_text,
    price: sku.price,
    stock: sku.stock,
    label: unitLabel(goods.name, sku.spec_text),
    available: sku.on_sale === 1,
  };
}

/** The refusal of a stopped specification. */
export const skuStopped = (unit: Pick<SaleUnit, 'label'>) =>
  new AppError('GOODS_UNAVAILABLE', `「${unit.label}」已停售`, 'sku_id');
